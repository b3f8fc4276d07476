import { describe, expect, it } from "vitest";
import { isBankDay } from "./bank-days";
import {
  describePayday,
  failedForWantOfMoney,
  type Payday,
  PAYDAY_RETRY_MAX_DAYS,
  parsePayday,
  paydayChoices,
  paydayValue,
  retryDay,
} from "./payday";
import { addDays } from "./schedule";

const retry = (failedOn: string, payday: Payday | null, status = "returned", code: string | null = "R01") =>
  retryDay({ failedOn, status, code, payday, defaultAfterDays: 3 });

describe("retryDay", () => {
  // 2026-01-09 is a Friday.
  it("without a payday, or for a failure that is not about money, 3 days after the failure", () => {
    expect(retry("2026-01-09", null)).toBe("2026-01-12");
    expect(retry("2026-01-09", { kind: "weekly", weekday: 1 }, "returned", "R10")).toBe("2026-01-12");
    expect(retry("2026-01-09", { kind: "weekly", weekday: 1 }, "declined", "RISK")).toBe("2026-01-12");
    expect(retry("2026-01-09", { kind: "weekly", weekday: 1 }, "failed", null)).toBe("2026-01-12");
  });

  it.each([
    // Paid on Mondays: the retry is on Tuesday.
    [{ kind: "weekly", weekday: 1 }, "2026-01-09", "2026-01-13"],
    // Paid on Fridays and it failed on a Friday: the money comes that day, the retry the next business day (Monday).
    [{ kind: "weekly", weekday: 5 }, "2026-01-09", "2026-01-12"],
    [{ kind: "semimonthly" }, "2026-01-09", "2026-01-16"],
    [{ kind: "semimonthly" }, "2026-01-20", "2026-02-02"],
    [{ kind: "monthly", day: 12 }, "2026-01-09", "2026-01-13"],
    // The 31st in February is its last day; the day after is a Sunday, so Monday.
    [{ kind: "monthly", day: 31 }, "2026-02-20", "2026-03-02"],
    // A payday more than two weeks away: no later than 14 days after the failure.
    [{ kind: "monthly", day: 1 }, "2026-01-09", "2026-01-23"],
  ] as const)("paid %j, failed %s for want of money: retried %s", (payday, failedOn, expected) => {
    expect(retry(failedOn, payday as Payday)).toBe(expected);
    expect(retry(failedOn, payday as Payday, "declined", "NSF")).toBe(expected);
  });

  it(`never later than ${PAYDAY_RETRY_MAX_DAYS} days after the failure`, () => {
    for (let day = 1; day <= 31; day++) {
      const on = retry("2026-01-09", { kind: "monthly", day });
      expect(on > "2026-01-09").toBe(true);
      expect(on <= "2026-01-23").toBe(true);
    }
  });

  it("falls on ACH business days only: never a weekend, never a Federal Reserve holiday", () => {
    // Issue 44: failed Thursday December 3, 2026; three days later is Sunday December 6, so Monday December 7.
    expect(retry("2026-12-03", null, "declined", "NSF")).toBe("2026-12-07");
    // Failed Sunday November 8, 2026: three days later is Veterans Day (Wednesday November 11), so Thursday.
    expect(retry("2026-11-08", null, "declined", "NSF")).toBe("2026-11-12");
    // Thanksgiving (Thursday November 26, 2026): the retry moves to Friday November 27.
    expect(retry("2026-11-23", null, "declined", "NSF")).toBe("2026-11-27");
    // Christmas (Friday December 25, 2026) and the weekend after: Monday December 28.
    expect(retry("2026-12-22", null, "declined", "NSF")).toBe("2026-12-28");
    // New Year's Day 2027 (Friday): Monday January 4.
    expect(retry("2026-12-29", null, "declined", "NSF")).toBe("2027-01-04");
    // A payday retry too: paid on Fridays, failed Friday December 24, 2027 → Saturday → Monday December 27.
    expect(retry("2027-12-24", { kind: "weekly", weekday: 5 })).toBe("2027-12-27");
    // Every failure day of two years: the retry is a business day, after the failure, at most 14 days later + a weekend.
    for (let day = "2026-01-01"; day < "2028-01-01"; day = addDays(day, 1)) {
      for (const payday of [null, { kind: "weekly", weekday: 6 } as Payday, { kind: "monthly", day: 31 } as Payday]) {
        const on = retry(day, payday);
        expect(isBankDay(on), `${day} → ${on}`).toBe(true);
        expect(on > day).toBe(true);
      }
    }
  });

  it("only NSF declines and R01/R09 returns are failures for want of money", () => {
    expect(["NSF", "RISK", "TRANSFER_LIMIT_REACHED"].map((code) => failedForWantOfMoney("declined", code))).toEqual([true, false, false]);
    expect(["R01", "R09", "R02", "R10"].map((code) => failedForWantOfMoney("returned", code))).toEqual([true, true, false, false]);
  });
});

describe("the payday setting", () => {
  it("reads back what it writes, for every choice, and refuses anything else", () => {
    const choices = paydayChoices();
    expect(choices).toHaveLength(7 + 1 + 31);
    for (const choice of choices) expect(paydayValue(parsePayday(choice.value))).toBe(choice.value);
    for (const bad of ["", "weekly:7", "monthly:0", "monthly:32", "biweekly:5", "weekly:-1", "monthly:1x", 5, null])
      expect(parsePayday(bad)).toBeNull();
  });

  it("says it as the member would", () => {
    expect(describePayday({ kind: "weekly", weekday: 5 })).toBe("Every Friday");
    expect(describePayday({ kind: "semimonthly" })).toBe("Twice a month, on the 1st and the 15th");
    expect(describePayday({ kind: "monthly", day: 22 })).toBe("Monthly, on the 22nd");
    expect(describePayday({ kind: "monthly", day: 31 })).toBe("Monthly, on the 31st (or the month's last day)");
    expect(describePayday({ kind: "monthly", day: 13 })).toBe("Monthly, on the 13th");
  });
});
