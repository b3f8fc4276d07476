import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { translator } from "~/server/platform/locale.server";
import { activitySentence } from "./group-activity";
import { daysUntilLabel, memberCountLabel, seatsLeftLabel, ShowAllSummary, unnamedRecipient } from "./group-labels";
import { daysAheadLabel } from "./group-sandbox-clock";

describe("group wording", () => {
  it.each([
    [-3, "Contribution deadline has passed"],
    [-1, "Contribution deadline has passed"],
    [0, "Next contribution due today"],
    [1, "1 day until next contribution"],
    [2, "2 days until next contribution"],
    [45, "45 days until next contribution"],
  ])("daysUntilLabel(%i) = %s", (days, label) => {
    expect(daysUntilLabel(days)).toBe(label);
  });

  it.each([
    ["forming", 2, 3, "2 of 3 joined"],
    ["active", 3, 3, "3 members"],
    ["completed", 12, 12, "12 members"],
  ] as const)("memberCountLabel(%s, %i, %i) = %s", (status, joined, total, label) => {
    expect(memberCountLabel(status, joined, total)).toBe(label);
  });

  it.each([
    [1, { one: "member", other: "members" }, "(1 more member)"],
    [3, { one: "member", other: "members" }, "(3 more members)"],
    [1, { one: "payout", other: "payouts" }, "(1 more payout)"],
  ])("Show All's hidden count: %i → %s", (count, what, text) => {
    expect(renderToStaticMarkup(createElement(ShowAllSummary, { hiddenCount: count, what })).replace(/<[^>]+>/g, "")).toContain(text);
  });

  it.each([
    [1, "(1 day ahead of real time)"],
    [12, "(12 days ahead of real time)"],
  ])("daysAheadLabel(%i) = %s", (days, label) => {
    expect(daysAheadLabel(days)).toBe(label);
  });

  it("counts free seats", () => {
    expect(seatsLeftLabel(1)).toBe("1 seat left.");
    expect(seatsLeftLabel(4)).toBe("4 seats left.");
  });

  it("names unfilled seats", () => {
    expect(unnamedRecipient("random")).toBe("Drawn at the start");
    expect(unnamedRecipient("fixed")).toBe("Yet to join");
  });

  it.each([
    [{ type: "join", isYou: true, personName: "Dana Demo", amountCents: null }, "You joined Wedding Fund"],
    [{ type: "join", isYou: false, personName: "Amina Yusuf", amountCents: null }, "Amina Yusuf joined Wedding Fund"],
    [{ type: "contribution", isYou: false, personName: "Omar Haddad", amountCents: 50_000 }, "Omar Haddad contributed $500.00 to Wedding Fund"],
    [{ type: "payout", isYou: true, personName: "Dana Demo", amountCents: 500_000 }, "You received a payout of $5,000.00 from Wedding Fund"],
    [{ type: "payout", isYou: false, personName: null, amountCents: null }, "A member received a payout from Wedding Fund"],
    [{ type: "removed", isYou: false, personName: "Omar Haddad", amountCents: null }, "Omar Haddad was removed from Wedding Fund"],
    [{ type: "left", isYou: false, personName: "Lena Larsen", amountCents: null }, "Lena Larsen left Wedding Fund"],
    [
      { type: "swapped", isYou: false, personName: "Lena Larsen", relatedName: "Omar Haddad", relatedIsYou: false, amountCents: null },
      "Lena Larsen and Omar Haddad swapped turns in Wedding Fund",
    ],
    [
      { type: "swapped", isYou: true, personName: "Dana Demo", relatedName: "Omar Haddad", relatedIsYou: false, amountCents: null },
      "You and Omar Haddad swapped turns in Wedding Fund",
    ],
  ] as const)("activitySentence %#", (item, sentence) => {
    expect(activitySentence({ ...item, groupName: "Wedding Fund" }, translator("en-US"), "en-US")).toBe(sentence);
  });

  it.each([
    [{ type: "join", isYou: true, personName: "Dana Demo", amountCents: null }, "Usted se unió a Boda"],
    [{ type: "join", isYou: false, personName: "Amina Yusuf", amountCents: null }, "Amina Yusuf se unió a Boda"],
    [{ type: "contribution", isYou: true, personName: "Dana Demo", amountCents: 10_000 }, "Usted aportó $100.00 a Boda"],
    [{ type: "contribution", isYou: false, personName: null, amountCents: null }, "Un miembro aportó a Boda"],
    [{ type: "payout", isYou: false, personName: "Amina Yusuf", amountCents: 500_000 }, "Amina Yusuf recibió $5,000.00 del pozo de Boda"],
    [{ type: "payout", isYou: true, personName: "Dana Demo", amountCents: null }, "Usted recibió el pozo de Boda"],
    [{ type: "removed", isYou: true, personName: "Dana Demo", amountCents: null }, "Se le quitó de Boda"],
    [{ type: "removed", isYou: false, personName: "Omar Haddad", amountCents: null }, "Se quitó a Omar Haddad de Boda"],
    [{ type: "left", isYou: false, personName: "Lena Larsen", amountCents: null }, "Lena Larsen salió de Boda"],
    [
      { type: "swapped", isYou: false, personName: "Lena Larsen", relatedName: "Dana Demo", relatedIsYou: true, amountCents: null },
      "Lena Larsen y usted cambiaron de turno en Boda",
    ],
    [
      { type: "swapped", isYou: true, personName: "Dana Demo", relatedName: null, relatedIsYou: false, amountCents: null },
      "Usted y otro miembro cambiaron de turno en Boda",
    ],
  ] as const)("activitySentence in Spanish %#", (item, sentence) => {
    expect(activitySentence({ ...item, groupName: "Boda" }, translator("es-US"), "es-US")).toBe(sentence);
  });

  it("says 'you' in the middle of an English swap, and 'another member' for one whose name is gone", () => {
    const t = translator("en-US");
    const swap = { type: "swapped", personName: "Lena Larsen", amountCents: null, groupName: "Wedding Fund" } as const;
    expect(activitySentence({ ...swap, isYou: false, relatedName: "Dana Demo", relatedIsYou: true }, t, "en-US")).toBe(
      "Lena Larsen and you swapped turns in Wedding Fund",
    );
    expect(activitySentence({ ...swap, isYou: false, relatedName: null, relatedIsYou: false }, t, "en-US")).toBe(
      "Lena Larsen and another member swapped turns in Wedding Fund",
    );
  });
});
