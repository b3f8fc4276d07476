import { describe, expect, it } from "vitest";
import { parsePausepoints } from "./failpoints.server";

describe("parsePausepoints", () => {
  it("reads each point's wait, every pass when no count is given", () => {
    expect([...parsePausepoints("page-locked:2000,other:50")]).toEqual([
      ["page-locked", { ms: 2000, times: Number.POSITIVE_INFINITY }],
      ["other", { ms: 50, times: Number.POSITIVE_INFINITY }],
    ]);
  });

  it("reads a count of passes that wait", () => {
    expect(parsePausepoints("page-locked:3000:1").get("page-locked")).toEqual({ ms: 3000, times: 1 });
  });

  it("leaves out points with no wait or no passes, and reads nothing from nothing", () => {
    expect([...parsePausepoints("a:0,b:-5,c:100:0,:100,d")]).toEqual([]);
    expect([...parsePausepoints(undefined)]).toEqual([]);
    expect([...parsePausepoints("")]).toEqual([]);
  });
});
