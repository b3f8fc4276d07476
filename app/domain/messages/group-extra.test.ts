/**
 * The group page's last words (ADR 056, part five (j)): the English catalogue says exactly what the domain's English
 * constants say (the draw's explanation, the roster history's lines, the report's toast and limit), and every refusal
 * the roster, the swaps and the report form write in English has its Spanish (SERVER_TEXTS).
 */
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { DRAW_ALGORITHM_SUMMARY } from "../payout-order";
import { REPORT_MESSAGES, REPORTS_PER_DAY } from "../reports";
import { ROSTER_MESSAGES, rosterHistoryLine } from "../roster";
import { SWAP_MESSAGES } from "../swaps";
import { messages as english, SERVER_TEXTS } from "./en-US";
import { messages as spanish } from "./es-US";
import { GROUP_EXTRA_SERVER_TEXTS } from "./group-extra.en-US";

function translatorOf(locale: string, catalogue: Record<string, string>) {
  const compiled = Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({ locale, messages: { [locale]: compiled } });
  return (id: string, values?: Record<string, string | number>) => i18n._(id, values);
}
const en = translatorOf("en-US", english);
const es = translatorOf("es-US", spanish);

describe("the group page's last words in the catalogue", () => {
  it("the draw's explanation is DRAW_ALGORITHM_SUMMARY's first two paragraphs", () => {
    const [why, steps] = DRAW_ALGORITHM_SUMMARY.split("\n\n");
    expect([en("groupExtra.draw.why"), en("groupExtra.draw.steps")]).toEqual([why, steps]);
    expect(es("groupExtra.draw.steps")).toContain('"rosca-draw:i:0"');
    expect(es("groupExtra.draw.steps")).toContain("2^32 - (2^32 mod (i+1))");
  });

  it.each(["joined", "left", "removed", "invited_again"] as const)("the roster history's %s line is rosterHistoryLine's", (kind) => {
    expect(`${en(`groupPage.roster.${kind}`, { name: "Ana" })} ${en("groupPage.roster.on", { date: "December 1, 2026" })}`).toBe(
      `${rosterHistoryLine({ kind, name: "Ana" })} on December 1, 2026`,
    );
  });

  it("the report's toast and limit say what REPORT_MESSAGES says", () => {
    expect(en("groupExtra.report.sentTitle")).toBe(REPORT_MESSAGES.sentTitle);
    expect(en("groupExtra.report.sentDescription")).toBe(REPORT_MESSAGES.sentDescription);
    expect(en("groupExtra.report.tooMany", { count: REPORTS_PER_DAY, time: "Dec 1, 2026, 6:04 PM EST" })).toBe(
      REPORT_MESSAGES.tooMany("Dec 1, 2026, 6:04 PM EST"),
    );
    expect(es("groupExtra.report.tooMany", { count: REPORTS_PER_DAY, time: "1 dic 2026, 6:04 p. m. EST" })).toBe(
      "Puede enviar hasta 10 reportes en 24 horas. Podrá enviar otro después del 1 dic 2026, 6:04 p. m. EST.",
    );
  });

  it("every refusal the roster, the swaps and the report form write has its Spanish", () => {
    const strings = (texts: object) => Object.values(texts).filter((text): text is string => typeof text === "string");
    const refusals: string[] = [
      ...strings(ROSTER_MESSAGES),
      ...strings(SWAP_MESSAGES),
      REPORT_MESSAGES.categoryRequired,
      REPORT_MESSAGES.messageRequired,
      REPORT_MESSAGES.messageShort,
      REPORT_MESSAGES.messageLong,
      REPORT_MESSAGES.paymentNotInGroup,
    ];
    // Not refusals: toasts' titles (already SERVER_TEXTS) and texts shown elsewhere (the join page, a removal's reason).
    const elsewhere = new Set<string>([
      ROSTER_MESSAGES.removedPageTitle,
      ROSTER_MESSAGES.leftPageTitle,
      ROSTER_MESSAGES.leftPage,
      ROSTER_MESSAGES.leftReason,
    ]);
    const missing = refusals.filter((text) => !elsewhere.has(text) && !(SERVER_TEXTS as readonly string[]).includes(text));
    expect(missing).toEqual([]);
    for (const text of GROUP_EXTRA_SERVER_TEXTS) {
      expect(es(text), text).not.toBe(text);
      expect(es(text), text).not.toMatch(/\btú\b|\btienes\b|\bpuedes\b/);
    }
    expect(es(ROSTER_MESSAGES.adminsOnlyRemove)).toBe("Solo el administrador de la tanda puede quitar miembros.");
    expect(es(SWAP_MESSAGES.notYourself)).toBe("Elija a otro miembro con quien cambiar de turno.");
  });
});
