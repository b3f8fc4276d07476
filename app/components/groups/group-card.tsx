import { Link } from "react-router";
import { SavingsProgress } from "~/components/charts/savings-progress";
import type { SavingsProgress as Progress } from "~/domain/charts";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import type { MessageId } from "~/domain/messages/en-US";
import type { GroupCardView } from "~/server/groups/group-views.server";
import { useLocale, useT } from "../i18n";
import { escapeText } from "../ui/markup";
import { type GroupStatus, GroupStatusBadge } from "./group-labels";

/** The status badge's words (GROUP_STATUS_LABELS'), in the reader's language. */
const STATUS_LABELS = {
  forming: "groupCard.status.forming",
  active: "groupCard.status.active",
  completed: "groupCard.status.completed",
} as const satisfies Record<GroupStatus, MessageId>;

/**
 * A card's figures (label and value) as markup: the same markup React wrote for them, as one string, three elements a
 * figure fewer for React to render (ADR 059 part seven (m); nothing in them changes on the client).
 */
export function figuresMarkup(figures: ReadonlyArray<readonly [string, string]>): string {
  let html = "";
  for (const [label, value] of figures) {
    html += `<div><dt class="text-slate-600">${escapeText(label)}</dt><dd class="font-medium text-slate-900">${escapeText(value)}</dd></div>`;
  }
  return html;
}

/** One group in a list (/groups and the dashboard): the key figures and a link to its page. */
export function GroupCard({ card, headingLevel = 3, savings }: { card: GroupCardView; headingLevel?: 2 | 3; savings?: Progress }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const t = useT();
  const locale = useLocale();
  const count = card.memberCount;
  const figures: Array<[string, string]> = [
    [
      t("groupCard.members"),
      card.status === "forming" ? t("groupCard.joined", { joined: card.joinedCount, count }) : t("groupCard.memberCount", { count }),
    ],
    [t("groupCard.contribution"), `${formatMoney(card.contributionCents, locale)} · ${card.scheduleLine}`],
    [t("groupCard.payout"), formatMoney(card.payoutCents, locale)],
    [
      t("groupCard.yourPosition"),
      card.yourPosition !== null ? t("groupCard.positionOf", { position: card.yourPosition, count }) : t("groupCard.drawnAtStart"),
    ],
  ];
  if (card.status === "active") {
    figures.push([
      t("groupCard.nextContribution"),
      card.nextContributionOn ? formatCalendarDay(card.nextContributionOn, "medium", locale) : t("dashboard.noneScheduled"),
    ]);
    if (card.nextPayout) {
      // Its days from the one model of a payment's dates (ADR 040), as the group page says them: never the due day.
      figures.push([
        t("groupCard.nextPayout"),
        `${card.nextPayout.isYou ? t("groupCard.you") : (card.nextPayout.recipientName ?? "—")}: ${card.nextPayout.text}`,
      ]);
    }
  }
  if (card.yourPayout && card.status !== "forming") figures.push([t("groupCard.yourPayout"), card.yourPayout.text]);
  return (
    <article className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" aria-labelledby={`group-card-${card.id}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Heading id={`group-card-${card.id}`} className="text-base font-semibold text-slate-900">
          <Link to={`/groups/${card.id}`} className="text-brand-800 underline-offset-2 hover:underline">
            {card.name}
          </Link>
        </Heading>
        <div className="flex items-center gap-2">
          {card.isAdmin ? (
            <span className="rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-900">{t("groupCard.admin")}</span>
          ) : null}
          <GroupStatusBadge status={card.status} label={t(STATUS_LABELS[card.status])} />
        </div>
      </div>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own markup (figuresMarkup): the catalogue's words, names, amounts and dates, escaped as React escapes them. */}
      <dl className="mt-3 grid gap-x-4 gap-y-2 text-sm sm:grid-cols-2" dangerouslySetInnerHTML={{ __html: figuresMarkup(figures) }} />
      {card.status !== "forming" ? (
        <p className="mt-3 text-sm text-slate-700">{t("groupCard.completedPayouts", { completed: card.completedPeriods, count })}</p>
      ) : null}
      {savings ? <SavingsProgress progress={savings} label={t("savings.label", { name: card.name })} /> : null}
    </article>
  );
}
