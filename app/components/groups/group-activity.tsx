import { Link } from "react-router";
import { formatEventTime, formatMoney } from "~/domain/format";
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

const markers: Record<ActivityView["type"], { label: string; className: string }> = {
  join: { label: "Join", className: "bg-sky-100 text-sky-900" },
  removed: { label: "Removed", className: "bg-slate-200 text-slate-900" },
  left: { label: "Left", className: "bg-slate-200 text-slate-900" },
  swapped: { label: "Swap", className: "bg-amber-100 text-amber-900" },
  contribution: { label: "Contribution", className: "bg-brand-100 text-brand-900" },
  payout: { label: "Payout", className: "bg-violet-100 text-violet-900" },
};

export function GroupActivity({ items }: { items: ActivityView[] }) {
  if (items.length === 0) {
    return <p className="mt-4 text-slate-600">No activity yet. Contributions, payouts and new members will show here.</p>;
  }
  return (
    <ol className="mt-4 divide-y divide-slate-100">
      {items.map((item) => (
        <li key={item.id} className="flex flex-wrap items-start gap-3 py-3" data-testid="activity-item">
          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${markers[item.type].className}`}>{markers[item.type].label}</span>
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
