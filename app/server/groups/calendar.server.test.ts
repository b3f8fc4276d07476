import { describe, expect, it } from "vitest";
import { buildGroupCalendar, calendarFilename, foldLine, refold } from "./calendar.server";

const GROUP_ID = "6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f";
const NOW = new Date("2026-01-10T20:00:00Z");

function build(name = "Wedding Fund") {
  return buildGroupCalendar({
    group: { id: GROUP_ID, name },
    groupUrl: `http://localhost:3000/groups/${GROUP_ID}`,
    now: NOW,
    entries: [
      { kind: "contribution", date: "2026-01-31", amountCents: 10_000, periodNumber: 1 },
      { kind: "contribution", date: "2026-02-28", amountCents: 10_000, periodNumber: 2 },
      { kind: "payout", date: "2026-02-28", amountCents: 30_000, periodNumber: 2 },
      { kind: "contribution", date: "2026-12-31", amountCents: 10_000, periodNumber: 3 },
    ],
  });
}

/** RFC 5545 unfolding: CRLF followed by one space or tab is removed. */
function unfolded(ics: string) {
  return ics.replace(/\r\n[ \t]/g, "").split("\r\n");
}

function events(ics: string) {
  const lines = unfolded(ics);
  const result: string[][] = [];
  let current: string[] | null = null;
  for (const line of lines) {
    if (line === "BEGIN:VEVENT") current = [];
    else if (line === "END:VEVENT") {
      result.push(current!);
      current = null;
    } else if (current) current.push(line);
  }
  return result;
}

describe("buildGroupCalendar", () => {
  it("writes a calendar with CRLF line endings, its product id and name", () => {
    const ics = build();
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = unfolded(ics);
    expect(lines.slice(0, 6)).toEqual([
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "CALSCALE:GREGORIAN",
      "PRODID:-//Rosca//Savings Groups//EN",
      "METHOD:PUBLISH",
      "X-WR-CALNAME:Rosca: Wedding Fund",
    ]);
  });

  it("makes one all-day event per entry with stable UIDs, exact summaries and the next day as the end", () => {
    const found = events(build());
    expect(found).toHaveLength(4);
    const pick = (event: string[], name: string) => event.filter((line) => line.startsWith(`${name}:`) || line.startsWith(`${name};`));
    expect(found.map((event) => pick(event, "UID")[0])).toEqual([
      `UID:${GROUP_ID}-contribution-1@rosca`,
      `UID:${GROUP_ID}-contribution-2@rosca`,
      `UID:${GROUP_ID}-payout-2@rosca`,
      `UID:${GROUP_ID}-contribution-3@rosca`,
    ]);
    expect(found.map((event) => pick(event, "SUMMARY")[0])).toEqual([
      "SUMMARY:Contribution due: Wedding Fund ($100.00)",
      "SUMMARY:Contribution due: Wedding Fund ($100.00)",
      "SUMMARY:Your payout: Wedding Fund ($300.00)",
      "SUMMARY:Contribution due: Wedding Fund ($100.00)",
    ]);
    expect(found.map((event) => [...pick(event, "DTSTART"), ...pick(event, "DTEND")])).toEqual([
      ["DTSTART;VALUE=DATE:20260131", "DTEND;VALUE=DATE:20260201"],
      ["DTSTART;VALUE=DATE:20260228", "DTEND;VALUE=DATE:20260301"],
      ["DTSTART;VALUE=DATE:20260228", "DTEND;VALUE=DATE:20260301"],
      ["DTSTART;VALUE=DATE:20261231", "DTEND;VALUE=DATE:20270101"],
    ]);
    expect(found.every((event) => pick(event, "DTSTAMP")[0] === "DTSTAMP:20260110T200000Z")).toBe(true);
    expect(pick(found[0]!, "URL")).toEqual([`URL:http://localhost:3000/groups/${GROUP_ID}`]);
  });

  it("is reproducible for the same input", () => {
    expect(build()).toBe(build());
  });

  it("escapes commas and semicolons in the group name (TEXT values)", () => {
    const summaries = events(build("Ali, Bo; Cy")).map((event) => event.find((line) => line.startsWith("SUMMARY:")));
    expect(summaries[0]).toBe("SUMMARY:Contribution due: Ali\\, Bo\\; Cy ($100.00)");
  });

  it("folds every line at 75 octets, never inside a UTF-8 character, and unfolds to the original text", () => {
    const name = "Épargne des familles Nguyễn et Müller 🎉 pour le mariage de Zoë et Amélie";
    const ics = build(name);
    const raw = ics.split("\r\n");
    expect(raw.every((line) => new TextEncoder().encode(line).length <= 75)).toBe(true);
    expect(raw.some((line) => line.startsWith(" "))).toBe(true);
    expect(unfolded(ics)).toContain(`X-WR-CALNAME:Rosca: ${name}`);
    expect(events(ics)[2]!.find((line) => line.startsWith("SUMMARY:"))).toBe(`SUMMARY:Your payout: ${name} ($300.00)`);
    // No replacement characters: no sequence was cut in half.
    expect(new TextDecoder("utf-8", { fatal: true }).decode(new TextEncoder().encode(ics))).toBe(ics);
  });
});

describe("foldLine", () => {
  it.each([
    ["a".repeat(75), ["a".repeat(75)]],
    ["a".repeat(76), ["a".repeat(75), " a"]],
    ["a".repeat(75 + 74 + 1), ["a".repeat(75), ` ${"a".repeat(74)}`, " a"]],
    // 74 ASCII octets + a 2-octet "é" would be 76: the "é" moves to the next line.
    [`${"a".repeat(74)}é`, ["a".repeat(74), " é"]],
  ])("folds %#", (line, expected) => {
    expect(foldLine(line).split("\r\n")).toEqual(expected);
  });

  it("refold is idempotent", () => {
    const once = refold(build("A name long enough to need folding in more than one place, surely yes"));
    expect(refold(once)).toBe(once);
  });
});

describe("calendarFilename", () => {
  it.each([
    ["Wedding Fund", "wedding-fund-calendar.ics"],
    ['Zoë\'s "Fund"; rm -rf /', "zoes-fund-rm-rf-calendar.ics"],
    ["🎉🎉", "group-calendar.ics"],
    ["x".repeat(100), `${"x".repeat(60)}-calendar.ics`],
  ])("%s → %s", (name, expected) => {
    expect(calendarFilename(name)).toBe(expected);
  });
});

describe("the calendar file in the member's language (ADR 056)", () => {
  it("writes each event's SUMMARY and DESCRIPTION in Spanish, dates and UIDs unchanged", () => {
    const spanish = buildGroupCalendar({
      group: { id: GROUP_ID, name: "Wedding Fund" },
      groupUrl: `http://localhost:3000/groups/${GROUP_ID}`,
      now: NOW,
      locale: "es-US",
      entries: [
        { kind: "contribution", date: "2026-01-31", amountCents: 10_000, periodNumber: 1 },
        { kind: "payout", date: "2026-02-28", amountCents: 30_000, periodNumber: 2 },
      ],
    });
    const lines = unfolded(spanish);
    expect(lines).toContain("SUMMARY:Aporte con fecha de pago: Wedding Fund ($100.00)");
    expect(lines).toContain("DESCRIPTION:Vence su aporte de $100.00 a Wedding Fund (período 1).");
    expect(lines).toContain("SUMMARY:Su pago del pozo: Wedding Fund ($300.00)");
    expect(lines).toContain("DESCRIPTION:Se espera en su cuenta bancaria su pago del pozo de $300.00 de Wedding Fund (período 2).");
    expect(lines).toContain(`UID:${GROUP_ID}-contribution-1@rosca`);
    expect(lines).toContain("DTSTART;VALUE=DATE:20260131");
    expect(spanish).not.toContain("Contribution due");
    for (const line of spanish.split("\r\n")) expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  });
});

describe("a turn whose recipient accepted what had arrived (ADR 053 step 4)", () => {
  const partialCalendar = (debts: Array<{ name: string; amountCents: number; status: "owed" | "collected" }>, locale?: "es-US") =>
    events(
      buildGroupCalendar({
        group: { id: GROUP_ID, name: "QA Never Circle" },
        groupUrl: `http://localhost:3000/groups/${GROUP_ID}`,
        now: NOW,
        locale,
        entries: [
          {
            kind: "payout",
            date: "2026-12-18",
            amountCents: 40_000,
            periodNumber: 1,
            partial: {
              arrivedCents: 20_000,
              consentedOn: "2026-12-17",
              payout: { state: "sent", on: "2026-12-17" },
              debts: debts.map((d) => ({
                ...d,
                collectedOn: null,
                rest: d.status === "collected" ? { state: "sent" as const, on: "2026-12-17" } : null,
              })),
            },
          },
        ],
      }),
    )
      .flat()
      .filter((line) => /^(DTSTART|SUMMARY|DESCRIPTION)[:;]/.test(line))
      .sort((a, b) => ["DTS", "SUM", "DES"].indexOf(a.slice(0, 3)) - ["DTS", "SUM", "DES"].indexOf(b.slice(0, 3)));

  it("names what was sent, on its day, and each part still owed by whom, in English and in Spanish", () => {
    const debts = [
      { name: "Ana Ruiz", amountCents: 10_000, status: "owed" as const },
      { name: "Ben Cole", amountCents: 10_000, status: "owed" as const },
    ];
    expect(partialCalendar(debts)).toEqual([
      "DTSTART;VALUE=DATE:20261218",
      "SUMMARY:Your payout: QA Never Circle ($200.00)",
      "DESCRIPTION:Your payout of $200.00 from QA Never Circle is expected in your bank account (period 1). $100.00 still owed by Ana Ruiz\\, sent on when it arrives. $100.00 still owed by Ben Cole\\, sent on when it arrives.",
    ]);
    expect(partialCalendar(debts, "es-US")).toEqual([
      "DTSTART;VALUE=DATE:20261218",
      "SUMMARY:Su pago del pozo: QA Never Circle ($200.00)",
      "DESCRIPTION:Se espera en su cuenta bancaria su pago del pozo de $200.00 de QA Never Circle (período 1). $100.00 que todavía debe Ana Ruiz\\, se envían cuando lleguen. $100.00 que todavía debe Ben Cole\\, se envían cuando lleguen.",
    ]);
  });

  it("counts a late part once it was sent on, and names no debt once none is owed", () => {
    expect(
      partialCalendar([
        { name: "Ana Ruiz", amountCents: 10_000, status: "collected" },
        { name: "Ben Cole", amountCents: 10_000, status: "owed" },
      ]),
    ).toEqual([
      "DTSTART;VALUE=DATE:20261218",
      "SUMMARY:Your payout: QA Never Circle ($300.00)",
      "DESCRIPTION:Your payout of $300.00 from QA Never Circle is expected in your bank account (period 1). $100.00 still owed by Ben Cole\\, sent on when it arrives.",
    ]);
    expect(
      partialCalendar([
        { name: "Ana Ruiz", amountCents: 10_000, status: "collected" },
        { name: "Ben Cole", amountCents: 10_000, status: "collected" },
      ]),
    ).toEqual([
      "DTSTART;VALUE=DATE:20261218",
      "SUMMARY:Your payout: QA Never Circle ($400.00)",
      "DESCRIPTION:Your payout of $400.00 from QA Never Circle is expected in your bank account (period 1).",
    ]);
  });
});

describe("a consented turn whose payout of what arrived is not sent (ADR 053 step 4)", () => {
  const failedCalendar = (payout: import("~/domain/payment-dates").ConsentedPayoutState, waiting: boolean, locale?: "es-US") =>
    events(
      buildGroupCalendar({
        group: { id: GROUP_ID, name: "QA Never Circle" },
        groupUrl: `http://localhost:3000/groups/${GROUP_ID}`,
        now: NOW,
        locale,
        entries: [
          {
            kind: "payout",
            date: waiting ? "2026-12-04" : "2026-12-22",
            amountCents: 30_000,
            periodNumber: 1,
            waiting,
            partial: {
              arrivedCents: 20_000,
              consentedOn: "2026-12-18",
              payout,
              debts: [{ name: "Ana Ruiz", amountCents: 10_000, status: "owed", collectedOn: null, rest: null }],
            },
          },
        ],
      }),
    )
      .flat()
      .filter((line) => /^DESCRIPTION[:;]/.test(line));

  it("failed: on the day it is sent again, never 'sent'; in English and in Spanish", () => {
    const failed = { state: "failed" as const, on: "2026-12-18", againOn: "2026-12-21" };
    expect(failedCalendar(failed, false)).toEqual([
      "DESCRIPTION:Your payout of $200.00 from QA Never Circle is expected in your bank account (period 1). $200.00 failed on Dec 18\\, 2026\\; it will be sent again on Dec 21\\, 2026. $100.00 still owed by Ana Ruiz\\, sent on when it arrives.",
    ]);
    expect(failedCalendar(failed, false, "es-US")).toEqual([
      "DESCRIPTION:Se espera en su cuenta bancaria su pago del pozo de $200.00 de QA Never Circle (período 1). El envío de $200.00 falló el 18 dic 2026\\; se enviarán de nuevo el 21 dic 2026. $100.00 que todavía debe Ana Ruiz\\, se envían cuando lleguen.",
    ]);
  });

  it("not sent again automatically: not on its way, and who acts; never 'waits for contributions'", () => {
    const stopped = { state: "stopped" as const, on: "2026-12-24", cancelled: false };
    expect(failedCalendar(stopped, true)).toEqual([
      "DESCRIPTION:Your payout of $200.00 from QA Never Circle is not on its way (period 1). $200.00 failed on Dec 24\\, 2026 and will not be sent again automatically\\; Rosca's support team has been told. $100.00 still owed by Ana Ruiz\\, sent on when it arrives.",
    ]);
    expect(failedCalendar(stopped, true, "es-US")).toEqual([
      "DESCRIPTION:Su pago del pozo de $200.00 de QA Never Circle no está en camino (período 1). El envío de $200.00 falló el 24 dic 2026 y no se volverá a hacer automáticamente\\; se avisó al equipo de soporte de Rosca. $100.00 que todavía debe Ana Ruiz\\, se envían cuando lleguen.",
    ]);
  });
});

describe("a payout whose arrival cannot be told yet", () => {
  it("is dated by the due day it waits on and says it is not sent yet, never that it is expected in the bank", () => {
    const build = (locale?: "es-US") =>
      unfolded(
        buildGroupCalendar({
          group: { id: GROUP_ID, name: "Wedding Fund" },
          groupUrl: `http://localhost:3000/groups/${GROUP_ID}`,
          now: NOW,
          locale,
          entries: [{ kind: "payout", date: "2026-01-09", amountCents: 30_000, periodNumber: 1, waiting: true }],
        }),
      );
    const english = build();
    expect(english).toContain("DTSTART;VALUE=DATE:20260109");
    expect(english).toContain("SUMMARY:Your payout: Wedding Fund ($300.00)");
    expect(english).toContain(
      "DESCRIPTION:Your payout of $300.00 from Wedding Fund is not sent yet: it waits for contributions due Jan 9\\, 2026 (period 1).",
    );
    expect(build("es-US")).toContain(
      "DESCRIPTION:Su pago del pozo de $300.00 de Wedding Fund aún no se envía: espera los aportes con fecha de pago del 9 ene 2026 (período 1).",
    );
  });
});

describe("a payout that has arrived (the schedule's 'Arrived <day>')", () => {
  const arrivedCalendar = (entry: Partial<import("./group-views.server").CalendarEntry>, locale?: "es-US") =>
    events(
      buildGroupCalendar({
        group: { id: GROUP_ID, name: "Family Savings Circle" },
        groupUrl: `http://localhost:3000/groups/${GROUP_ID}`,
        now: NOW,
        locale,
        entries: [{ kind: "payout", date: "2026-11-27", amountCents: 30_000, periodNumber: 1, arrived: true, ...entry }],
      }),
    )
      .flat()
      .filter((line) => /^(DTSTART|DESCRIPTION)[:;]/.test(line));

  it("says it arrived on its day, never that it is expected; in English and in Spanish", () => {
    expect(arrivedCalendar({})).toEqual([
      "DTSTART;VALUE=DATE:20261127",
      "DESCRIPTION:Your payout of $300.00 from Family Savings Circle arrived in your bank account on Nov 27\\, 2026 (period 1).",
    ]);
    expect(arrivedCalendar({}, "es-US")).toEqual([
      "DTSTART;VALUE=DATE:20261127",
      "DESCRIPTION:Su pago del pozo de $300.00 de Family Savings Circle llegó a su cuenta bancaria el 27 nov 2026 (período 1).",
    ]);
    // Not arrived yet: still "expected", on the day it is expected.
    expect(arrivedCalendar({ arrived: false })[1]).toBe(
      "DESCRIPTION:Your payout of $300.00 from Family Savings Circle is expected in your bank account (period 1).",
    );
  });

  it("a consented turn paid in parts: what arrived in all, and its last part's day (the page's 'sent, the last part on')", () => {
    const partial = {
      arrivedCents: 20_000,
      consentedOn: "2026-12-14",
      payout: { state: "sent" as const, on: "2026-12-14" },
      debts: [
        {
          name: "Omar Haddad",
          amountCents: 10_000,
          status: "collected" as const,
          collectedOn: "2026-12-15",
          rest: { state: "sent" as const, on: "2026-12-16" },
        },
      ],
    };
    expect(arrivedCalendar({ date: "2026-12-17", periodNumber: 2, partial })).toEqual([
      "DTSTART;VALUE=DATE:20261217",
      "DESCRIPTION:Your payout of $300.00 from Family Savings Circle arrived in your bank account in parts\\, the last on Dec 17\\, 2026 (period 2).",
    ]);
    expect(arrivedCalendar({ date: "2026-12-17", periodNumber: 2, partial }, "es-US")[1]).toBe(
      "DESCRIPTION:Su pago del pozo de $300.00 de Family Savings Circle llegó a su cuenta bancaria en partes\\, la última el 17 dic 2026 (período 2).",
    );
  });
});
