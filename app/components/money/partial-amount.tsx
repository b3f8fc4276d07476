import { type Translate, useLocale, useT } from "~/components/i18n";
import { escapeText } from "~/components/ui/markup";
import type { Locale } from "~/domain/locale";
import { type PartialPayoutFacts, partialPayoutLines } from "~/domain/turn-consent";

/** A consented turn's amount (ADR 053 step 4): what was sent, and each part still owed, by whom. */
export function PartialAmount({ partial }: { partial: PartialPayoutFacts }) {
  const t = useT();
  const locale = useLocale();
  const [sent, ...owed] = partialPayoutLines(partial, locale === "en-US" ? undefined : { t, locale });
  return (
    <>
      <span>{sent}</span>
      {owed.map((line) => (
        <span key={line} className="block text-xs font-normal text-slate-600">
          {line}
        </span>
      ))}
    </>
  );
}

/** The same as markup, for the payout schedule's rows written as a string (ADR 059 part six (j)). */
export function partialAmountMarkup(partial: PartialPayoutFacts, t: Translate, locale: Locale): string {
  const [sent, ...owed] = partialPayoutLines(partial, locale === "en-US" ? undefined : { t, locale });
  return `<span>${escapeText(sent ?? "")}</span>${owed.map((line) => `<span class="block text-xs font-normal text-slate-600">${escapeText(line)}</span>`).join("")}`;
}
