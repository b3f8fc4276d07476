import { Link } from "react-router";
import { SavingsProgress } from "~/components/charts/savings-progress";
import type { SavingsProgress as Progress } from "~/domain/charts";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import type { GroupCardView } from "~/server/groups/group-views.server";
import { GroupStatusBadge, memberCountLabel } from "./group-labels";

/** One group in a list (/groups and the dashboard): the key figures and a link to its page. */
export function GroupCard({ card, headingLevel = 3, savings }: { card: GroupCardView; headingLevel?: 2 | 3; savings?: Progress }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const figures: Array<[string, string]> = [
    ["Members", memberCountLabel(card.status, card.joinedCount, card.memberCount)],
    ["Contribution", `${formatMoney(card.contributionCents)} · ${card.scheduleLine}`],
    ["Payout", formatMoney(card.payoutCents)],
    ["Your position", card.yourPosition !== null ? `${card.yourPosition} of ${card.memberCount}` : "Drawn at the start"],
  ];
  if (card.status === "active") {
    figures.push(["Next contribution", card.nextContributionOn ? formatCalendarDay(card.nextContributionOn, "medium") : "None scheduled"]);
    if (card.nextPayout) {
      // Its days from the one model of a payment's dates (ADR 040), as the group page says them: never the due day.
      figures.push(["Next payout", `${card.nextPayout.isYou ? "You" : (card.nextPayout.recipientName ?? "—")}: ${card.nextPayout.text}`]);
    }
  }
  if (card.yourPayout && card.status !== "forming") figures.push(["Your payout", card.yourPayout.text]);
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`group-card-${card.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={`group-card-${card.id}`} className="text-base font-semibold text-slate-900">
          <Link to={`/groups/${card.id}`} className="text-brand-800 underline-offset-2 hover:underline">
            {card.name}
          </Link>
        </Heading>
        <div className="flex items-center gap-2">
          {card.isAdmin ? <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">Admin</span> : null}
          <GroupStatusBadge status={card.status} />
        </div>
      </div>
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
        {figures.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {card.status !== "forming" ? (
        <p className="mt-3 text-sm text-slate-700">
          {card.completedPeriods} of {card.memberCount} payouts completed
        </p>
      ) : null}
      {savings ? <SavingsProgress progress={savings} label={`Your savings in ${card.name}`} /> : null}
    </article>
  );
}
