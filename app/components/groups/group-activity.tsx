import { Link } from "react-router";
import { useT } from "~/components/i18n";
import { formatEventTime, formatMoney } from "~/domain/format";
import type { MessageId } from "~/domain/messages/en-US";
import type { ActivityView } from "~/server/groups/group-views.server";

/** 'You joined Wedding Fund', 'Amina Yusuf contributed $100.00 to Wedding Fund', … */
export function activitySentence(
  item: Pick<ActivityView, "type" | "personName" | "isYou" | "amountCents" | "groupName"> &
    Partial<Pick<ActivityView, "relatedName" | "relatedIsYou">>,
) {
  const who = item.isYou ? "You" : (item.personName ?? "A member");
  const amount = item.amountCents !== null ? formatMoney(item.amountCents) : null;
  switch (item.type) {
    case "join":
      return `${who} joined ${item.groupName}`;
    case "removed":
      return `${item.isYou ? "You were" : `${who} was`} removed from ${item.groupName}`;
    case "left":
      return `${who} left ${item.groupName}`;
    case "swapped": {
      const other = item.relatedIsYou ? "you" : (item.relatedName ?? "another member");
      return `${who} and ${other} swapped turns in ${item.groupName}`;
    }
    case "contribution":
      return amount ? `${who} contributed ${amount} to ${item.groupName}` : `${who} contributed to ${item.groupName}`;
    case "payout":
      return amount ? `${who} received a payout of ${amount} from ${item.groupName}` : `${who} received a payout from ${item.groupName}`;
  }
}

const markers = {
  join: { label: "activity.marker.join", className: "bg-sky-100 text-sky-900" },
  removed: { label: "activity.marker.removed", className: "bg-slate-200 text-slate-900" },
  left: { label: "activity.marker.left", className: "bg-slate-200 text-slate-900" },
  swapped: { label: "activity.marker.swapped", className: "bg-amber-100 text-amber-900" },
  contribution: { label: "activity.marker.contribution", className: "bg-brand-100 text-brand-900" },
  payout: { label: "activity.marker.payout", className: "bg-violet-100 text-violet-900" },
} as const satisfies Record<ActivityView["type"], { label: MessageId; className: string }>;

export function GroupActivity({ items }: { items: ActivityView[] }) {
  const t = useT();
  if (items.length === 0) {
    return <p className="mt-4 text-slate-600">{t("activity.empty")}</p>;
  }
  return (
    <ol className="mt-4 divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-start gap-3 py-3" data-testid="activity-item">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${markers[item.type].className}`}>{t(markers[item.type].label)}</span>
          <div className="min-w-0 flex-1">
            <p className="text-slate-900">
              <Link to={`/groups/${item.groupId}`} className="hover:underline">
                {activitySentence(item)}
              </Link>
            </p>
            <p className="text-sm text-slate-600">
              <time dateTime={item.occurredOn ?? item.occurredAt}>{formatEventTime(item.occurredAt, item.occurredOn)}</time>
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}
