/** The ACH calendar (ADR 040): the Federal Reserve's holidays, weekends, and counting bank days. */
import { describe, expect, it } from "vitest";
import { addBankDays, bankDayOnOrAfter, bankHolidays, isBankDay, nextBankDay } from "./bank-days";

describe("bankHolidays", () => {
  it.each([
    // 2026: July 4 is a Saturday, which the Reserve Banks do not move (they are open Friday July 3).
    [
      2026,
      ["2026-01-01", "2026-01-19", "2026-02-16", "2026-05-25", "2026-06-19", "2026-09-07", "2026-10-12", "2026-11-11", "2026-11-26", "2026-12-25"],
    ],
    // 2027: Juneteenth and Christmas fall on Saturdays (not observed); July 4 on a Sunday (observed Monday July 5).
    [2027, ["2027-01-01", "2027-01-18", "2027-02-15", "2027-05-31", "2027-07-05", "2027-09-06", "2027-10-11", "2027-11-11", "2027-11-25"]],
    // 2028: New Year's Day on a Saturday (not observed); Veterans Day on a Saturday too.
    [2028, ["2028-01-17", "2028-02-21", "2028-05-29", "2028-06-19", "2028-07-04", "2028-09-04", "2028-10-09", "2028-11-23", "2028-12-25"]],
    // Before Juneteenth became a holiday.
    [2021, ["2021-01-01", "2021-01-18", "2021-02-15", "2021-05-31", "2021-07-05", "2021-09-06", "2021-10-11", "2021-11-11", "2021-11-25"]],
  ])("%i", (year, days) => {
    expect([...bankHolidays(year)].sort()).toEqual(days);
  });
});

describe("isBankDay", () => {
  it.each([
    ["2026-01-09", true], // Friday
    ["2026-01-10", false], // Saturday
    ["2026-01-11", false], // Sunday
    ["2026-01-12", true], // Monday
    ["2026-01-19", false], // Martin Luther King Jr. Day
    ["2026-07-03", true], // the Friday before a Saturday July 4: open
    ["2026-11-26", false], // Thanksgiving
    ["2026-11-27", true], // the day after: open
    ["2027-07-05", false], // July 4 on a Sunday, observed Monday
  ])("%s: %s", (day, expected) => {
    expect(isBankDay(day)).toBe(expected);
  });
});

describe("counting bank days", () => {
  it.each([
    // [made on, bank day it enters, +1, +2]
    ["2026-01-05", "2026-01-05", "2026-01-06", "2026-01-07"], // Monday
    ["2026-01-08", "2026-01-08", "2026-01-09", "2026-01-12"], // Thursday: over the weekend
    ["2026-01-09", "2026-01-09", "2026-01-12", "2026-01-13"], // Friday
    ["2026-01-10", "2026-01-12", "2026-01-13", "2026-01-14"], // Saturday: enters Monday
    ["2026-01-16", "2026-01-16", "2026-01-20", "2026-01-21"], // Friday before MLK Day
    ["2026-01-18", "2026-01-20", "2026-01-21", "2026-01-22"], // Sunday before MLK Day
    ["2026-11-25", "2026-11-25", "2026-11-27", "2026-11-30"], // Wednesday before Thanksgiving
    ["2026-12-24", "2026-12-24", "2026-12-28", "2026-12-29"], // Christmas Eve (Thursday)
    ["2026-12-31", "2026-12-31", "2027-01-04", "2027-01-05"], // over New Year's Day and a weekend
  ])("made %s: enters %s, one bank day later %s, two %s", (day, enters, one, two) => {
    expect(bankDayOnOrAfter(day)).toBe(enters);
    expect(addBankDays(day, 0)).toBe(enters);
    expect(addBankDays(day, 1)).toBe(one);
    expect(addBankDays(day, 2)).toBe(two);
    expect(nextBankDay(enters)).toBe(one);
  });

  it("refuses a count that is not a whole number of days from 0", () => {
    expect(() => addBankDays("2026-01-05", -1)).toThrow();
    expect(() => addBankDays("2026-01-05", 1.5)).toThrow();
  });
});

describe("remembered answers (ADR 059 part five (g))", () => {
  it("give the same answers as the calendar, asked twice, across more days than the memory holds", () => {
    const start = Date.UTC(2020, 0, 1);
    const holidays = new Map<number, ReadonlySet<string>>();
    const wrong: string[] = [];
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < 5000; i++) {
        const date = new Date(start + i * 86_400_000);
        const day = date.toISOString().slice(0, 10);
        const year = date.getUTCFullYear();
        if (!holidays.has(year)) holidays.set(year, bankHolidays(year));
        const weekday = date.getUTCDay();
        const expected = weekday !== 0 && weekday !== 6 && !holidays.get(year)!.has(day);
        // Every miss is listed with what was asked, so one failure says which day and which rule.
        if (isBankDay(day) !== expected) wrong.push(`isBankDay(${day}) should be ${expected}`);
        const one = addBankDays(day, 1);
        if (!isBankDay(one) || one <= day) wrong.push(`addBankDays(${day}, 1) = ${one}`);
        const two = addBankDays(day, 2);
        if (two !== nextBankDay(one)) wrong.push(`addBankDays(${day}, 2) = ${two}, not ${nextBankDay(one)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("keeps day and count apart", () => {
    expect(addBankDays("2026-01-16", 1)).toBe("2026-01-20");
    expect(addBankDays("2026-01-16", 2)).toBe("2026-01-21");
    expect(addBankDays("2026-01-16", 0)).toBe("2026-01-16");
  });
});
