import { describe, expect, it } from "vitest";
import { statusLine } from "./http-status";

describe("statusLine", () => {
  it.each([
    [400, "400 Bad Request"],
    [403, "403 Forbidden"],
    [404, "404 Not Found"],
    [405, "405 Method Not Allowed"],
    [413, "413 Content Too Large"],
    [415, "415 Unsupported Media Type"],
    [429, "429 Too Many Requests"],
    [500, "500 Internal Server Error"],
    [503, "503 Service Unavailable"],
    [418, "418 Client Error"],
    [599, "599 Server Error"],
  ])("%i → %s", (status, line) => {
    expect(statusLine(status)).toBe(line);
  });
});
