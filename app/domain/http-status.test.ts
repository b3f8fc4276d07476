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

describe("statusLine with the reader's translator (ADR 056 part five (m))", () => {
  it("asks it for the reason phrase, and keeps the status number", () => {
    expect(statusLine(400, (phrase) => `«${phrase}»`)).toBe("400 «Bad Request»");
    expect(statusLine(404, null)).toBe("404 Not Found");
  });
});
