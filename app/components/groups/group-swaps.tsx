/**
 * Turn swaps on the group page (ADR 041): propose one, answer one, approve or refuse one, withdraw one; and the record
 * of the order (as it was at the start, and each swap since). Every step is a plain POST form that works without
 * JavaScript; the server checks every rule again under the group's lock.
 */
import { Form, useNavigation } from "react-router";
import { type Translate, useLocale, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { formatCalendarDay, formatTimestamp } from "~/domain/format";
import type { SwapsView, SwapView } from "~/server/groups/group-views.server";

function useBusy(intent: string, swapId?: string) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (swapId === undefined || navigation.formData?.get("swapId") === swapId)
  );
}

function SwapButton({
  swapId,
  intent,
  label,
  variant = "secondary",
}: {
  swapId: string;
  intent: string;
  label: string;
  variant?: "primary" | "secondary" | "danger";
}) {
  const busy = useBusy(intent, swapId);
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="swapId" value={swapId} />
      <button type="submit" name="intent" value={intent} className={buttonClass(variant, "px-3 py-1.5")} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/** "Amina Yusuf (turn 2) ↔ you (turn 3)" */
function describeSwap(swap: SwapView, t: Translate) {
  const side = (party: SwapView["proposer"]) =>
    party.isYou ? t("groupPage.swaps.youSide", { period: party.period }) : t("groupPage.swaps.side", { name: party.name, period: party.period });
  const text = `${side(swap.proposer)} ↔ ${side(swap.counterpart)}`;
  return text[0]!.toUpperCase() + text.slice(1);
}

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * What the viewer gives up and gains (issue 45): each turn's payout by its days, never its due day. For the two members
 * of the swap; the admin deciding reads each side's.
 */
function SwapStakes({ swap }: { swap: SwapView }) {
  const t = useT();
  const mine = swap.proposer.isYou ? swap.proposer : swap.counterpart.isYou ? swap.counterpart : null;
  const theirs = swap.proposer.isYou ? swap.counterpart : swap.counterpart.isYou ? swap.proposer : null;
  if (mine && theirs) {
    return (
      <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
        <li>
          {t("groupPage.swaps.giveUp", { period: mine.period })}
          {mine.payoutText ? `: ${lower(mine.payoutText)}` : ""}.
        </li>
        <li>
          {t("groupPage.swaps.get", { period: theirs.period })}
          {theirs.payoutText ? `: ${lower(theirs.payoutText)}` : ""}.
        </li>
      </ul>
    );
  }
  return (
    <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
      {[swap.proposer, swap.counterpart].map((party) => (
        <li key={party.period}>
          {t("groupPage.swaps.party", { name: party.name, period: party.period })}
          {party.payoutText ? `: ${lower(party.payoutText)}` : ""}.
        </li>
      ))}
    </ul>
  );
}

function OpenSwap({ swap }: { swap: SwapView }) {
  const t = useT();
  const locale = useLocale();
  return (
    <li className="space-y-2 py-3" data-testid="open-swap">
      <p className="text-slate-900">{describeSwap(swap, t)}</p>
      <SwapStakes swap={swap} />
      <p className="text-sm text-slate-600">{swap.stale ? t("groupPage.swaps.stale") : swap.statusLine}</p>
      {swap.closesOn ? (
        <p className="text-sm text-slate-600" data-testid="swap-closes">
          {t("groupPage.swaps.closesOn", { date: formatCalendarDay(swap.closesOn, "long", locale) })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {swap.canAnswer ? (
          <>
            <SwapButton swapId={swap.id} intent="accept-swap" label={t("groupPage.swaps.accept")} variant="primary" />
            <SwapButton swapId={swap.id} intent="decline-swap" label={t("groupPage.swaps.decline")} />
          </>
        ) : null}
        {swap.canDecide ? (
          <>
            <SwapButton swapId={swap.id} intent="approve-swap" label={t("groupPage.swaps.approve")} variant="primary" />
            <SwapButton swapId={swap.id} intent="refuse-swap" label={t("groupPage.swaps.refuse")} />
          </>
        ) : null}
        {swap.canWithdraw ? <SwapButton swapId={swap.id} intent="withdraw-swap" label={t("groupPage.swaps.withdraw")} /> : null}
      </div>
    </li>
  );
}

export function GroupSwaps({ swaps }: { swaps: SwapsView }) {
  const proposing = useBusy("propose-swap");
  const t = useT();
  return (
    <section aria-labelledby="swaps-title" data-testid="turn-swaps">
      <h2 id="swaps-title" className="text-lg font-semibold text-slate-900">
        {t("groupPage.swaps.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{swaps.helpText}</p>
      {swaps.yourTurn ? (
        <p className="mt-2 text-sm text-slate-800">
          {t("groupPage.swaps.yourTurn", { period: swaps.yourTurn.period })}: {lower(swaps.yourTurn.payoutText)}.
        </p>
      ) : null}
      {swaps.open.length > 0 ? (
        <ul className="mt-2 divide-y divide-slate-100">
          {swaps.open.map((swap) => (
            <OpenSwap key={swap.id} swap={swap} />
          ))}
        </ul>
      ) : null}
      {swaps.candidates.length > 0 ? (
        <Form method="post" className="mt-3 space-y-2">
          <label htmlFor="swap-member" className="block text-sm font-medium text-slate-800">
            {t("groupPage.swaps.with")}
          </label>
          <select id="swap-member" name="memberId" className={inputClass} required>
            {swaps.candidates.map((candidate) => (
              <option key={candidate.memberId} value={candidate.memberId}>
                {t("groupPage.turn", { position: candidate.period })} · {candidate.name} · {lower(candidate.payoutText)}
              </option>
            ))}
          </select>
          <button type="submit" name="intent" value="propose-swap" className={buttonClass("secondary")} disabled={proposing}>
            {t("groupPage.swaps.propose")}
          </button>
        </Form>
      ) : (
        <p className="mt-3 text-sm text-slate-700">{swaps.cannotPropose}</p>
      )}
    </section>
  );
}

/**
 * The order's record: the order at the start (for a random draw, the order the seed gives) and each swap since, so
 * anyone can get from the draw to today's order.
 */
export function OrderRecord({ swaps }: { swaps: Pick<SwapsView, "done" | "orderBeforeSwaps"> }) {
  const t = useT();
  const locale = useLocale();
  if (!swaps.orderBeforeSwaps || swaps.done.length === 0) return null;
  return (
    <div className="mt-3 space-y-2 text-sm text-slate-700" data-testid="order-record">
      <p className="font-medium text-slate-900">{t("groupPage.swaps.orderAtStart")}</p>
      <ol className="list-decimal pl-5">
        {swaps.orderBeforeSwaps.map((name, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the position is the turn
          <li key={index}>{name}</li>
        ))}
      </ol>
      <p className="font-medium text-slate-900">{t("groupPage.swaps.since")}</p>
      <ul className="list-disc pl-5">
        {swaps.done.map((swap) => (
          <li key={swap.id}>
            {swap.swappedAt ? `${formatTimestamp(swap.swappedAt, locale)}: ` : ""}
            {t(swap.decidedByName ? "groupPage.swaps.doneApproved" : "groupPage.swaps.doneAgreed", {
              proposer: swap.proposer.name,
              proposerTurn: swap.proposer.period,
              counterpart: swap.counterpart.name,
              counterpartTurn: swap.counterpart.period,
              admin: swap.decidedByName ?? "",
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}
