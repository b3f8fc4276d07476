import { Form, useNavigation } from "react-router";
import { useLocale, useT } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { consentConsequence, namesList } from "~/domain/turn-consent";
import type { TurnConsentGiven, TurnConsentOffer, TurnConsentView } from "~/server/money/turn-consent.server";

/**
 * The recipient's side of a turn never paid (ADR 053 step 4), on the group page: what arrived and from whom, what is
 * missing, and from UNPAID_TURN_DAYS after the due day a form to be paid what arrived (a checkbox stating the exact
 * consequence; a plain form, so it works without JavaScript). After consenting: what is still owed to them.
 */
/** The reader's words (ADR 056): `t`, and money and full dates in the reader's locale. */
function useWords() {
  const t = useT();
  const locale = useLocale();
  return {
    t,
    locale,
    money: (cents: number) => formatMoney(cents, locale),
    fullDate: (day: string) => formatCalendarDay(day, "full", locale),
  };
}

export function TurnConsentPanel({
  view,
  groupId,
  latePeriods,
}: {
  view: TurnConsentView;
  groupId: string;
  /**
   * The periods the viewer's contribution is late for (the group page's late alerts). A debt whose period is not among
   * them was paid (with Pay now, on its way): it is never told "pay it with Pay now", which would now pay another one.
   * Absent: every debt is told to be paid.
   */
  latePeriods?: readonly number[];
}) {
  const { t, money, fullDate } = useWords();
  if (view.offers.length === 0 && view.given.length === 0 && view.owing.length === 0) return null;
  return (
    <div className="space-y-3" data-testid="turn-consent">
      {view.owing.map((debt) => (
        <Card key={`owing-${debt.periodNumber}`}>
          <section aria-labelledby={`turn-owing-${debt.periodNumber}`}>
            <h2 id={`turn-owing-${debt.periodNumber}`} className="text-lg font-semibold text-slate-900">
              {t("turnConsent.owing.title", { name: debt.recipientName, amount: money(debt.amountCents) })}
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              {t(latePeriods && !latePeriods.includes(debt.periodNumber) ? "turnConsent.owing.onItsWay" : "turnConsent.owing.body", {
                date: fullDate(debt.consentedOn),
                name: debt.recipientName,
                period: debt.periodNumber,
                amount: money(debt.amountCents),
              })}
            </p>
          </section>
        </Card>
      ))}
      {view.offers.map((offer) => (
        <Card key={`offer-${offer.periodNumber}`}>
          <TurnConsentOfferCard offer={offer} action={`/groups/${groupId}/accept-payout`} />
        </Card>
      ))}
      {view.given.map((given) => (
        <Card key={`given-${given.periodNumber}`}>
          <TurnConsentGivenCard given={given} />
        </Card>
      ))}
    </div>
  );
}

export function TurnConsentOfferCard({ offer, action, error }: { offer: TurnConsentOffer; action: string; error?: string | null }) {
  const navigation = useNavigation();
  const { t, locale, money, fullDate } = useWords();
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const owedNames = offer.owed.map((o) => o.name);
  const names = namesList(owedNames, locale);
  return (
    <section aria-labelledby={`turn-consent-${offer.periodNumber}`}>
      <h2 id={`turn-consent-${offer.periodNumber}`} className="text-lg font-semibold text-slate-900">
        {t("turnConsent.offer.title", { names })}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("turnConsent.offer.body", {
          amount: money(offer.payoutCents),
          period: offer.periodNumber,
          date: fullDate(offer.dueOn),
          count: owedNames.length,
        })}
      </p>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="text-slate-600">{t("turnConsent.offer.arrived", { amount: money(offer.arrivedCents) })}</dt>
          {offer.arrived.map((a) => (
            <dd key={`a-${a.name}`} className="text-slate-900">
              {a.name}: {money(a.amountCents)}
            </dd>
          ))}
        </div>
        <div>
          <dt className="text-slate-600">
            {t("turnConsent.offer.missing", { amount: money(offer.owed.reduce((sum, o) => sum + o.amountCents, 0)) })}
          </dt>
          {offer.owed.map((o) => (
            <dd key={`o-${o.name}`} className="font-medium text-slate-900">
              {o.name}: {money(o.amountCents)}
            </dd>
          ))}
        </div>
      </dl>
      {offer.open ? (
        <Form method="post" action={action} className="mt-4 space-y-3">
          {error ? <Alert tone="error">{error}</Alert> : null}
          <input type="hidden" name="periodNumber" value={offer.periodNumber} />
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="agree" value="yes" required className="mt-1" />
            <span>{locale === "en-US" ? offer.consequence : consentConsequence(offer, { t, locale })}</span>
          </label>
          <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t("turnConsent.offer.accepting") : t("turnConsent.offer.accept", { amount: money(offer.arrivedCents) })}
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          {t("turnConsent.offer.later", { date: fullDate(offer.opensOn), amount: money(offer.arrivedCents), names, count: owedNames.length })}
        </p>
      )}
    </section>
  );
}

function TurnConsentGivenCard({ given }: { given: TurnConsentGiven }) {
  const { t, money, fullDate } = useWords();
  const owed = given.debts.filter((d) => d.status === "owed");
  return (
    <section aria-labelledby={`turn-consent-given-${given.periodNumber}`}>
      <h2 id={`turn-consent-given-${given.periodNumber}`} className="text-lg font-semibold text-slate-900">
        {owed.length > 0 ? t("turnConsent.given.stillOwed") : t("turnConsent.given.complete")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("turnConsent.given.body", {
          date: fullDate(given.consentedOn),
          amount: money(given.arrivedCents),
          period: given.periodNumber,
          sending: given.payoutStatus === null ? "yes" : "no",
        })}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {given.debts.map((d) => (
          <li key={d.name} className="text-slate-900">
            {d.status === "owed"
              ? t("turnConsent.given.owes", { name: d.name, amount: money(d.amountCents) })
              : t("turnConsent.given.collected", { name: d.name, amount: money(d.amountCents), date: fullDate(d.collectedOn!) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
