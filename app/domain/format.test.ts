import { describe, expect, it } from "vitest";
import {
  formatCalendarDay,
  formatDate,
  formatDateTime,
  formatDay,
  formatDollars,
  formatMoney,
  formatMoneyShort,
  formatTimestamp,
  formatUtcSeconds,
} from "./format";

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

describe("formatDate: the one date formatter", () => {
  it("shows a calendar day as that day, in full by default, whatever the machine's zone", () => {
    expect(formatDate("2026-12-01")).toBe("Tuesday, December 1, 2026");
    expect(formatDate("2026-12-01", { style: "long" })).toBe("December 1, 2026");
    expect(formatDate("2026-12-01", { style: "medium" })).toBe("Dec 1, 2026");
    // A zone is for instants; a calendar day is already a day in the group's zone and never moves.
    expect(formatDate("2026-12-01", { timeZone: "Pacific/Kiritimati" })).toBe("Tuesday, December 1, 2026");
  });

  it("remembers a calendar day's text by language and style, and stays right past what it remembers", () => {
    // The oracle: the platform's formatter, made once per language and style (one per call was most of this test's time).
    const medium = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
    const long = new Intl.DateTimeFormat("es-US", { timeZone: "UTC", dateStyle: "long" });
    const wrong: string[] = [];
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < 1100; i++) {
        const date = new Date(Date.UTC(2026, 0, 1) + i * 86_400_000);
        const day = date.toISOString().slice(0, 10);
        if (formatDate(day, { style: "medium" }) !== medium.format(date)) wrong.push(`${day} medium en-US`);
        if (formatDate(day, { style: "long", locale: "es-US" }) !== long.format(date)) wrong.push(`${day} long es-US`);
      }
    }
    expect(wrong).toEqual([]);
    expect(formatDate("2026-12-01", { style: "medium" })).toBe("Dec 1, 2026");
    expect(formatDate("2026-12-01", { style: "long" })).toBe("December 1, 2026");
  });

  it("shows an instant as the day it falls on in the given zone", () => {
    // 03:30 UTC on December 2 is still December 1 in New York and in Los Angeles, already December 2 in Tokyo.
    expect(formatDate("2026-12-02T03:30:00Z")).toBe("Tuesday, December 1, 2026");
    expect(formatDate(new Date("2026-12-02T03:30:00Z"), { timeZone: "America/Los_Angeles" })).toBe("Tuesday, December 1, 2026");
    expect(formatDate("2026-12-02T03:30:00Z", { timeZone: "Asia/Tokyo" })).toBe("Wednesday, December 2, 2026");
  });

  it("formats times with the zone's abbreviation", () => {
    expect(formatDateTime("2026-12-02T03:30:00Z").replace(/\u202f/g, " ")).toBe("Dec 1, 2026, 10:30 PM EST");
    expect(formatDateTime("2026-12-02T03:30:00Z", { timeZone: "America/Chicago" }).replace(/\u202f/g, " ")).toBe("Dec 1, 2026, 9:30 PM CST");
  });

  it("formats whole dollars for chart axes", () => {
    expect(formatMoneyShort(150_000)).toBe("$1,500");
    expect(formatMoneyShort(0)).toBe("$0");
  });

  it("speaks the reader's language (es-US) and keeps dollars", () => {
    expect(formatDate("2026-12-01", { style: "long", locale: "es-US" })).toBe("1 de diciembre de 2026");
    expect(formatDate("2026-12-01", { locale: "es-US" })).toBe("martes, 1 de diciembre de 2026");
    expect(formatCalendarDay("2026-12-01", "long", "es-US")).toBe("1 de diciembre de 2026");
    expect(formatMoney(105_000, "es-US")).toBe("$1,050.00");
    expect(formatMoney(105_000)).toBe("$1,050.00");
    expect(formatDollars(5000, "es-US")).toBe("$5,000");
  });
});

describe("formatUtcSeconds (the demo mailbox's received time)", () => {
  it("is UTC to the second, in the reader's language", () => {
    const at = "2026-11-29T00:31:39Z";
    expect(formatUtcSeconds(at).replace(/\u202f/g, " ")).toBe("Nov 29, 2026, 12:31:39 AM UTC");
    expect(formatUtcSeconds(at, "es-US").replace(/[\u202f\u00a0]/g, " ")).toBe("29 nov 2026, 12:31:39 a.m. UTC");
  });
});
