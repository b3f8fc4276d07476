import { describe, expect, it } from "vitest";
import { formatCalendarDay, formatDay, formatMoney, formatTimestamp } from "./format";

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

describe("money and calendar days", () => {
  it.each([
    [0, "$0.00"],
    [1_000, "$10.00"],
    [123_456, "$1,234.56"],
    [1_200_000, "$12,000.00"],
  ])("formatMoney(%i) is %s", (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });

  it("formats a calendar day the same in every time zone", () => {
    expect(formatCalendarDay("2026-03-06")).toBe("March 6, 2026");
    expect(formatCalendarDay("2026-03-06", "full")).toBe("Friday, March 6, 2026");
    expect(formatCalendarDay("2026-01-31", "medium")).toBe("Jan 31, 2026");
  });
});
