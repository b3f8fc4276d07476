import { describe, expect, it } from "vitest";
import { formatDay, formatTimestamp } from "./format";

describe("display formatting (America/New_York)", () => {
  it.each([
    ["2026-11-21T23:04:00Z", "Nov 21, 2026, 6:04 PM EST"],
    ["2026-07-04T16:00:00Z", "Jul 4, 2026, 12:00 PM EDT"],
  ])("formatTimestamp(%s) → %s", (iso, expected) => {
    expect(formatTimestamp(iso).replace(/\u202f/g, " ")).toBe(expected);
  });

  it("formats the calendar day as New York sees it", () => {
    expect(formatDay("2026-11-22T03:00:00Z")).toBe("November 21, 2026");
  });
});
