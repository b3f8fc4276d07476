/**
 * Wording shared by the group page, /groups and the dashboard, so the same figure reads the same everywhere.
 */
import type { ReactNode } from "react";
import { useOptionalT } from "~/components/i18n";
import { type PluralForms, plural } from "~/domain/plural";

export type GroupStatus = "forming" | "active" | "completed";

export const GROUP_STATUS_LABELS: Record<GroupStatus, string> = { forming: "Forming", active: "Active", completed: "Completed" };

const badgeTones: Record<GroupStatus, string> = {
  forming: "border-amber-300 bg-amber-50 text-amber-900",
  active: "border-brand-300 bg-brand-50 text-brand-900",
  completed: "border-slate-300 bg-slate-100 text-slate-800",
};

/** `label` is the status in the reader's language where the page is translated (the group cards); else English. */
export function GroupStatusBadge({ status, label = GROUP_STATUS_LABELS[status] }: { status: GroupStatus; label?: string }) {
  return <span className={`inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold ${badgeTones[status]}`}>{label}</span>;
}

/** '2 of 3 joined' while forming; '3 members' once the group is full. */
export function memberCountLabel(status: GroupStatus, joinedCount: number, memberCount: number) {
  return status === "forming" ? `${joinedCount} of ${memberCount} joined` : `${memberCount} members`;
}

/** The invite card's count of free seats: "1 seat left." */
export function seatsLeftLabel(seats: number) {
  return `${plural(seats, { one: "seat", other: "seats" })} left.`;
}

/** Days until the current period's due day; negative means it has passed. */
export function daysUntilLabel(days: number) {
  if (days < 0) return "Contribution deadline has passed";
  if (days === 0) return "Next contribution due today";
  return `${plural(days, { one: "day", other: "days" })} until next contribution`;
}

/**
 * Who receives a payout when the page cannot name them yet: drawn at the start, or a fixed seat nobody holds yet. One
 * wording per state, the same in the timeline, the schedule and the Next Payout card (issue 33: the timeline said
 * "Next to join" for every open seat while the table said it for the first and "Yet to join" for the rest).
 */
export function unnamedRecipient(payoutOrder: "fixed" | "random") {
  return payoutOrder === "random" ? "Drawn at the start" : "Yet to join";
}

/**
 * The catalogue's words, or the English given when there is no catalogue (outside the root's LocaleProvider: the root's
 * own error page, a unit test rendering the component alone), as error-page.tsx does.
 */
function useSay() {
  const t = useOptionalT();
  return (id: Parameters<NonNullable<typeof t>>[0], english: string) => (t ? t(id) : english);
}

/** The "You" tag's classes, also for the rows written as markup (group-payout-schedule.tsx, group-members.tsx). */
export const YOU_TAG_CLASS = "rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900";

export function YouTag({ children }: { children?: ReactNode }) {
  const say = useSay();
  return <span className={YOU_TAG_CLASS}>{children ?? say("groupCard.you", "You")}</span>;
}

/**
 * 'Show All' while closed, 'Show Less' while open: CSS on the enclosing <details class="group">, no JavaScript. `more`
 * is the hidden count in the reader's language ("3 more members"); without it (or outside the page's LocaleProvider)
 * the English words of `what`.
 */
export function ShowAllSummary({ hiddenCount, what, more }: { hiddenCount: number; what: PluralForms; more?: string }) {
  const say = useSay();
  return (
    <summary className="mt-3 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-700 underline">
      <span className="group-open:hidden">{say("groupPage.showAll", "Show All")}</span>
      <span className="hidden group-open:inline">{say("groupPage.showLess", "Show Less")}</span>
      <span className="sr-only"> ({more ?? plural(hiddenCount, { one: `more ${what.one}`, other: `more ${what.other}` })})</span>
    </summary>
  );
}
