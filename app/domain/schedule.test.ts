import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  dayOfMonthOf,
  dayOfWeekOf,
  daysBetween,
  DEFAULT_TIME_ZONE,
  describeSchedule,
  firstDueOnOrAfter,
  FREQUENCIES,
  FREQUENCY_LABELS,
  isCalendarDay,
  isValidTimeZone,
  ordinal,
  periodDates,
  type Schedule,
  scheduleDefaults,
  todayIn,
  WEEKDAY_NAMES,
} from "./schedule";

const weekly = (dayOfWeek: number): Schedule => ({ frequency: "weekly", dayOfWeek, dayOfMonth: null });
const biweekly = (dayOfWeek: number): Schedule => ({ frequency: "biweekly", dayOfWeek, dayOfMonth: null });
const monthly = (dayOfMonth: number): Schedule => ({ frequency: "monthly", dayOfWeek: null, dayOfMonth });
const daily: Schedule = { frequency: "daily", dayOfWeek: null, dayOfMonth: null };

describe("constants", () => {
  it("lists frequencies, labels and weekdays in order", () => {
    expect(FREQUENCIES).toEqual(["daily", "weekly", "biweekly", "monthly"]);
    expect(FREQUENCIES.map((f) => FREQUENCY_LABELS[f])).toEqual(["Daily", "Weekly", "Bi-weekly", "Monthly"]);
    expect(WEEKDAY_NAMES).toEqual(["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]);
    expect(DEFAULT_TIME_ZONE).toBe("America/New_York");
  });
});

describe("time zones", () => {
  it.each([
    ["America/New_York", true],
    ["America/Los_Angeles", true],
    ["Pacific/Honolulu", true],
    ["UTC", true],
    ["Mars/Olympus_Mons", false],
    ["", false],
    ["+05:00", false],
    ["not a zone", false],
  ])("isValidTimeZone(%j) is %s", (zone, expected) => {
    expect(isValidTimeZone(zone)).toBe(expected);
  });

  it.each([
    // 2026-03-01T03:30Z is still 28 Feb in New York (UTC-5) and already 1 March in UTC.
    ["2026-03-01T03:30:00Z", "America/New_York", "2026-02-28"],
    ["2026-03-01T03:30:00Z", "UTC", "2026-03-01"],
    ["2026-03-01T05:00:00Z", "America/New_York", "2026-03-01"],
    ["2026-03-01T07:59:59Z", "America/Los_Angeles", "2026-02-28"],
    ["2026-12-31T23:30:00Z", "Asia/Tokyo", "2027-01-01"],
    // Daylight saving: 4 a.m. UTC on a July day is midnight in New York (UTC-4).
    ["2026-07-04T04:00:00Z", "America/New_York", "2026-07-04"],
    ["2026-07-04T03:59:59Z", "America/New_York", "2026-07-03"],
  ])("todayIn at %s in %s is %s", (iso, zone, expected) => {
    expect(todayIn(zone, new Date(iso))).toBe(expected);
  });

  it("answers a repeated question as the first time, across a midnight and past the memo's size (issue 47)", () => {
    // New York's midnight of 2026-03-01 is 05:00Z; a minute on either side, asked 600 times each (more than the memo holds).
    const midnight = Date.parse("2026-03-01T05:00:00Z");
    const told: string[] = [];
    for (let round = 0; round < 2; round++) {
      for (let second = -300; second < 300; second++) told.push(todayIn("America/New_York", new Date(midnight + second * 1000)));
    }
    expect(told.filter((day) => day === "2026-02-28").length).toBe(600);
    expect(told.filter((day) => day === "2026-03-01").length).toBe(600);
    expect(todayIn("America/New_York", new Date(midnight - 1))).toBe("2026-02-28");
    expect(todayIn("UTC", new Date(midnight - 1))).toBe("2026-03-01");
    expect(() => todayIn("UTC", new Date(Number.NaN))).toThrow(RangeError);
  });
});

describe("calendar days", () => {
  it.each([
    ["2024-02-29", true],
    ["2023-02-29", false],
    ["2026-04-31", false],
    ["2026-12-31", true],
    ["2026-13-01", false],
    ["2026-00-10", false],
    ["2026-01-00", false],
    ["2026-1-5", false],
    ["2026-01-05T00:00:00Z", false],
    [" 2026-01-05", false],
    ["20260105", false],
    ["", false],
    ["1900-02-29", false], // divisible by 100: not a leap year
    ["2000-02-29", true], // divisible by 400: a leap year
    ["2100-02-29", false],
    ["2026-06-31", false],
    ["2026-09-31", false],
    ["2026-11-31", false],
    ["2026-08-31", true],
  ])("isCalendarDay(%j) is %s", (value, expected) => {
    expect(isCalendarDay(value)).toBe(expected);
  });

  it("knows every month's length from 1600 to 2400, as the platform's calendar does", () => {
    for (let year = 1600; year <= 2400; year++) {
      for (let month = 1; month <= 12; month++) {
        const lastDay = new Date(0);
        lastDay.setUTCFullYear(year, month, 0); // day 0 of the next month: the last day of this one
        const last = lastDay.getUTCDate();
        const day = (d: number) => `${year}-${String(month).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
        expect(isCalendarDay(day(last))).toBe(true);
        if (last < 31) expect(isCalendarDay(day(last + 1))).toBe(false);
      }
    }
  });

  it.each([
    ["2026-01-31", 1, "2026-02-01"],
    ["2024-02-28", 1, "2024-02-29"],
    ["2023-02-28", 1, "2023-03-01"],
    ["2026-12-31", 1, "2027-01-01"],
    ["2026-03-08", 1, "2026-03-09"], // US daylight saving starts: still exactly one day
    ["2026-11-01", 1, "2026-11-02"], // and ends
    ["2026-03-01", -1, "2026-02-28"],
    ["2026-01-01", 365, "2027-01-01"],
    ["2024-01-01", 365, "2024-12-31"],
    ["2026-05-05", 0, "2026-05-05"],
  ])("addDays(%s, %i) is %s", (day, days, expected) => {
    expect(addDays(day, days)).toBe(expected);
  });

  it.each([
    ["2026-01-01", "2026-01-01", 0],
    ["2026-01-01", "2026-01-02", 1],
    ["2026-01-02", "2026-01-01", -1],
    ["2026-03-07", "2026-03-09", 2],
    ["2024-01-01", "2025-01-01", 366],
  ])("daysBetween(%s, %s) is %i", (from, to, expected) => {
    expect(daysBetween(from, to)).toBe(expected);
  });

  it.each([
    ["1970-01-01", 4],
    ["2026-01-04", 0],
    ["2026-01-09", 5],
    ["2026-01-10", 6],
    ["2000-02-29", 2],
    ["1969-12-31", 3],
  ])("dayOfWeekOf(%s) is %i", (day, expected) => {
    expect(dayOfWeekOf(day)).toBe(expected);
  });

  it("reads the day of month", () => {
    expect(dayOfMonthOf("2026-02-28")).toBe(28);
    expect(dayOfMonthOf("2026-03-01")).toBe(1);
  });

  it("refuses a malformed day", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow();
    expect(() => daysBetween("yesterday", "2026-01-01")).toThrow();
    expect(() => dayOfWeekOf("2026/01/01")).toThrow();
  });

  it("addDays and daysBetween agree (property)", () => {
    fc.assert(
      fc.property(arbitraryDay, fc.integer({ min: -3000, max: 3000 }), (day, days) => {
        const later = addDays(day, days);
        expect(isCalendarDay(later)).toBe(true);
        expect(daysBetween(day, later)).toBe(days);
        expect(addDays(later, -days)).toBe(day);
        expect(dayOfWeekOf(later)).toBe((((dayOfWeekOf(day) + days) % 7) + 7) % 7);
      }),
    );
  });
});

describe("days remembered by addDays, daysBetween and dayOfWeekOf (ADR 059 part five (g))", () => {
  it("agree with Date's arithmetic, asked twice, across more days than they remember", () => {
    const start = Date.UTC(2018, 0, 1);
    for (let pass = 0; pass < 2; pass++) {
      for (let i = 0; i < 5000; i++) {
        const date = new Date(start + i * 86_400_000);
        const day = date.toISOString().slice(0, 10);
        expect(dayOfWeekOf(day)).toBe(date.getUTCDay());
        expect(daysBetween("2018-01-01", day)).toBe(i);
        expect(addDays("2018-01-01", i)).toBe(day);
        expect(addDays(day, -i)).toBe("2018-01-01");
      }
    }
  });

  it("still refuses what is not a calendar day after remembering others", () => {
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
    expect(() => addDays("2023-02-29", 1)).toThrow("Not a calendar day");
    expect(() => dayOfWeekOf("2026-1-5")).toThrow("Not a calendar day");
  });
});

describe("scheduleDefaults (SPEC.md section 4)", () => {
  it.each([
    ["weekly", { dayOfWeek: 1, dayOfMonth: null }],
    ["biweekly", { dayOfWeek: 1, dayOfMonth: null }],
    ["monthly", { dayOfWeek: null, dayOfMonth: 17 }],
    ["daily", { dayOfWeek: null, dayOfMonth: null }],
  ] as const)("%s on 2026-06-17 → %j", (frequency, expected) => {
    expect(scheduleDefaults(frequency, "2026-06-17")).toEqual(expected);
  });
});

describe("firstDueOnOrAfter", () => {
  // 2026-01-09 is a Friday.
  it.each([
    [daily, "2026-01-09", "2026-01-09"],
    [weekly(5), "2026-01-09", "2026-01-09"],
    [weekly(6), "2026-01-09", "2026-01-10"],
    [weekly(4), "2026-01-09", "2026-01-15"],
    [biweekly(0), "2026-01-09", "2026-01-11"],
    [monthly(15), "2026-01-09", "2026-01-15"],
    [monthly(9), "2026-01-09", "2026-01-09"],
    [monthly(8), "2026-01-09", "2026-02-08"],
    [monthly(31), "2026-02-10", "2026-02-28"],
    [monthly(30), "2024-02-01", "2024-02-29"],
    [monthly(31), "2026-03-01", "2026-03-31"],
    [monthly(5), "2026-12-20", "2027-01-05"],
    [monthly(31), "2026-04-30", "2026-04-30"],
    [monthly(31), "2026-01-31", "2026-01-31"],
  ])("%j from %s → %s", (schedule, from, expected) => {
    expect(firstDueOnOrAfter(schedule, from)).toBe(expected);
  });

  it("refuses a schedule without its day", () => {
    expect(() => firstDueOnOrAfter({ frequency: "weekly", dayOfWeek: null, dayOfMonth: null }, "2026-01-01")).toThrow();
    expect(() => firstDueOnOrAfter({ frequency: "monthly", dayOfWeek: null, dayOfMonth: 32 }, "2026-01-01")).toThrow();
  });
});

describe("periodDates", () => {
  it.each([
    [daily, "2026-12-30", 4, ["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02"]],
    [weekly(5), "2026-01-09", 3, ["2026-01-09", "2026-01-16", "2026-01-23"]],
    [biweekly(5), "2026-01-09", 3, ["2026-01-09", "2026-01-23", "2026-02-06"]],
    [monthly(15), "2026-11-15", 3, ["2026-11-15", "2026-12-15", "2027-01-15"]],
    // Clamping is per month, never cumulative.
    [monthly(31), "2026-01-31", 4, ["2026-01-31", "2026-02-28", "2026-03-31", "2026-04-30"]],
    [monthly(31), "2028-01-31", 3, ["2028-01-31", "2028-02-29", "2028-03-31"]],
    [monthly(30), "2027-01-30", 3, ["2027-01-30", "2027-02-28", "2027-03-30"]],
    [monthly(29), "2027-02-28", 2, ["2027-02-28", "2027-03-29"]],
    [monthly(31), "2026-04-30", 3, ["2026-04-30", "2026-05-31", "2026-06-30"]],
    [
      monthly(31),
      "2026-12-31",
      14,
      [
        "2026-12-31",
        "2027-01-31",
        "2027-02-28",
        "2027-03-31",
        "2027-04-30",
        "2027-05-31",
        "2027-06-30",
        "2027-07-31",
        "2027-08-31",
        "2027-09-30",
        "2027-10-31",
        "2027-11-30",
        "2027-12-31",
        "2028-01-31",
      ],
    ],
    [weekly(1), "2026-01-05", 0, []],
  ])("%j from %s × %i", (schedule, firstDue, count, expected) => {
    expect(periodDates(schedule, firstDue, count)).toEqual(expected);
  });

  it("refuses a first day that is not a due day", () => {
    expect(() => periodDates(weekly(1), "2026-01-09", 3)).toThrow(/not a due day/);
    expect(() => periodDates(monthly(31), "2026-02-27", 3)).toThrow(/not a due day/);
    expect(() => periodDates(monthly(15), "2026-01-15", -1)).toThrow();
  });
});

describe("describeSchedule and ordinal", () => {
  it.each([
    [daily, "Every day"],
    [weekly(5), "Every Friday"],
    [weekly(0), "Every Sunday"],
    [biweekly(5), "Every other Friday"],
    [monthly(15), "Monthly on the 15th"],
    [monthly(1), "Monthly on the 1st"],
    [monthly(28), "Monthly on the 28th"],
    [monthly(29), "Monthly on the 29th (or the last day of shorter months)"],
    [monthly(31), "Monthly on the 31st (or the last day of shorter months)"],
  ])("%j → %s", (schedule, expected) => {
    expect(describeSchedule(schedule)).toBe(expected);
  });

  it.each([
    [1, "1st"],
    [2, "2nd"],
    [3, "3rd"],
    [4, "4th"],
    [10, "10th"],
    [11, "11th"],
    [12, "12th"],
    [13, "13th"],
    [21, "21st"],
    [22, "22nd"],
    [23, "23rd"],
    [24, "24th"],
    [30, "30th"],
    [31, "31st"],
    [101, "101st"],
    [111, "111th"],
  ])("ordinal(%i) is %s", (n, expected) => {
    expect(ordinal(n)).toBe(expected);
  });
});

// ---------------------------------------------------------------------------------------------------------------
// Properties

const arbitraryDay = fc.integer({ min: 0, max: 365 * 200 }).map((offset) => addDays("1950-01-01", offset));

const arbitrarySchedule: fc.Arbitrary<Schedule> = fc.oneof(
  fc.constant(daily),
  fc.integer({ min: 0, max: 6 }).map(weekly),
  fc.integer({ min: 0, max: 6 }).map(biweekly),
  fc.integer({ min: 1, max: 31 }).map(monthly),
);

function isDue(schedule: Schedule, day: string): boolean {
  switch (schedule.frequency) {
    case "daily":
      return true;
    case "weekly":
    case "biweekly":
      return dayOfWeekOf(day) === schedule.dayOfWeek;
    case "monthly": {
      const [year, month] = day.split("-").map(Number) as [number, number];
      const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
      return dayOfMonthOf(day) === Math.min(schedule.dayOfMonth!, lastDay);
    }
  }
}

const periodLength = (schedule: Schedule) =>
  schedule.frequency === "daily" ? 1 : schedule.frequency === "weekly" ? 7 : schedule.frequency === "biweekly" ? 14 : 31;

describe("schedule properties", () => {
  it("firstDueOnOrAfter is a due day, not before `from`, and within one period of it", () => {
    fc.assert(
      fc.property(arbitrarySchedule, arbitraryDay, (schedule, from) => {
        const first = firstDueOnOrAfter(schedule, from);
        expect(isDue(schedule, first)).toBe(true);
        const gap = daysBetween(from, first);
        expect(gap).toBeGreaterThanOrEqual(0);
        expect(gap).toBeLessThan(periodLength(schedule));
        // Nothing due in between: it really is the first.
        for (let d = 0; d < gap; d++) expect(isDue(schedule, addDays(from, d))).toBe(false);
      }),
      { numRuns: 500 },
    );
  });

  it("N members → N strictly increasing due days, one per period", () => {
    fc.assert(
      fc.property(arbitrarySchedule, arbitraryDay, fc.integer({ min: 3, max: 12 }), (schedule, from, members) => {
        const dates = periodDates(schedule, firstDueOnOrAfter(schedule, from), members);
        expect(dates).toHaveLength(members);
        for (const day of dates) {
          expect(isCalendarDay(day)).toBe(true);
          expect(isDue(schedule, day)).toBe(true);
        }
        for (let i = 1; i < dates.length; i++) {
          const gap = daysBetween(dates[i - 1]!, dates[i]!);
          if (schedule.frequency === "monthly") {
            expect(gap).toBeGreaterThanOrEqual(28);
            expect(gap).toBeLessThanOrEqual(34); // e.g. 28 Feb -> 31 Mar
            // Consecutive months, never skipping one.
            const [y0, m0] = dates[i - 1]!.split("-").map(Number) as [number, number];
            const [y1, m1] = dates[i]!.split("-").map(Number) as [number, number];
            expect(y1 * 12 + m1 - (y0 * 12 + m0)).toBe(1);
          } else {
            expect(gap).toBe(periodLength(schedule));
          }
        }
      }),
      { numRuns: 500 },
    );
  });

  it("monthly on day d: every date is min(d, days in that month)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 31 }), arbitraryDay, (dayOfMonth, from) => {
        const schedule = monthly(dayOfMonth);
        for (const day of periodDates(schedule, firstDueOnOrAfter(schedule, from), 24)) {
          const [year, month] = day.split("-").map(Number) as [number, number];
          const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
          expect(dayOfMonthOf(day)).toBe(Math.min(dayOfMonth, lastDay));
        }
      }),
    );
  });
});
