import { Form, useNavigation } from "react-router";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { fullDate } from "~/domain/failed-contribution";
import { formatMoney } from "~/domain/format";
import { namesList } from "~/domain/turn-consent";
import type { TurnConsentGiven, TurnConsentOffer, TurnConsentView } from "~/server/money/turn-consent.server";

/**
 * The recipient's side of a turn never paid (ADR 053 step 4), on the group page: what arrived and from whom, what is
 * missing, and from UNPAID_TURN_DAYS after the due day a form to be paid what arrived (a checkbox stating the exact
 * consequence; a plain form, so it works without JavaScript). After consenting: what is still owed to them.
 */
export function TurnConsentPanel({ view, groupId }: { view: TurnConsentView; groupId: string }) {
  if (view.offers.length === 0 && view.given.length === 0 && view.owing.length === 0) return null;
  return (
    <div className="space-y-3" data-testid="turn-consent">
      {view.owing.map((debt) => (
        <Card key={`owing-${debt.periodNumber}`}>
          <section aria-labelledby={`turn-owing-${debt.periodNumber}`}>
            <h2 id={`turn-owing-${debt.periodNumber}`} className="text-lg font-semibold text-slate-900">
              You owe {debt.recipientName} {formatMoney(debt.amountCents)}
            </h2>
            <p className="mt-1 text-sm text-slate-700">
              On {fullDate(debt.consentedOn)} {debt.recipientName} accepted what had arrived for turn {debt.periodNumber} instead of waiting for your
              contribution. Your {formatMoney(debt.amountCents)} is still owed to them: pay it with Pay now (above) and it is sent on to{" "}
              {debt.recipientName} when it arrives.
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
  const busy = navigation.state === "submitting" && navigation.formAction === action;
  const owedNames = offer.owed.map((o) => o.name);
  return (
    <section aria-labelledby={`turn-consent-${offer.periodNumber}`}>
      <h2 id={`turn-consent-${offer.periodNumber}`} className="text-lg font-semibold text-slate-900">
        Your payout waits for {namesList(owedNames)}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Your {formatMoney(offer.payoutCents)} payout (turn {offer.periodNumber}, due {fullDate(offer.dueOn)}) waits because{" "}
        {owedNames.length === 1 ? "a contribution hasn't" : "contributions haven't"} arrived. Rosca doesn't lend the missing money.
      </p>
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="text-slate-600">Arrived: {formatMoney(offer.arrivedCents)}</dt>
          {offer.arrived.map((a) => (
            <dd key={`a-${a.name}`} className="text-slate-900">
              {a.name}: {formatMoney(a.amountCents)}
            </dd>
          ))}
        </div>
        <div>
          <dt className="text-slate-600">Missing: {formatMoney(offer.owed.reduce((sum, o) => sum + o.amountCents, 0))}</dt>
          {offer.owed.map((o) => (
            <dd key={`o-${o.name}`} className="font-medium text-slate-900">
              {o.name}: {formatMoney(o.amountCents)}
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
            <span>{offer.consequence}</span>
          </label>
          <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Accepting…" : `Accept ${formatMoney(offer.arrivedCents)} now`}
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-slate-600">
          If it is still missing on {fullDate(offer.opensOn)}, you can choose here to be paid the {formatMoney(offer.arrivedCents)} that has arrived;
          what {namesList(owedNames)} {owedNames.length === 1 ? "owes" : "owe"} would stay owed to you and be sent to you when it arrives.
        </p>
      )}
    </section>
  );
}

function TurnConsentGivenCard({ given }: { given: TurnConsentGiven }) {
  const owed = given.debts.filter((d) => d.status === "owed");
  return (
    <section aria-labelledby={`turn-consent-given-${given.periodNumber}`}>
      <h2 id={`turn-consent-given-${given.periodNumber}`} className="text-lg font-semibold text-slate-900">
        {owed.length > 0 ? "Still owed to you" : "Your payout is complete"}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        On {fullDate(given.consentedOn)} you accepted {formatMoney(given.arrivedCents)} for turn {given.periodNumber}
        {given.payoutStatus === null ? "; it is being sent." : "."}
      </p>
      <ul className="mt-2 space-y-1 text-sm">
        {given.debts.map((d) => (
          <li key={d.name} className="text-slate-900">
            {d.status === "owed"
              ? `${d.name} owes you ${formatMoney(d.amountCents)}: it is sent to you when it arrives.`
              : `${d.name}'s ${formatMoney(d.amountCents)} arrived and was sent to you on ${fullDate(d.collectedOn!)}.`}
          </li>
        ))}
      </ul>
    </section>
  );
}
