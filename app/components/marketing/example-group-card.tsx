import { type ExampleGroup, payoutPerTurn } from "~/content/landing";
import { formatDollars } from "~/content/site";

/** One example group on the landing page, with its figures in a definition list so each label reads with its value. */
export function ExampleGroupCard({ group }: { group: ExampleGroup }) {
  const payout = payoutPerTurn(group);
  return (
    <article
      aria-labelledby={`example-${group.id}`}
      data-testid={`example-${group.id}`}
      className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
    >
      <h3 id={`example-${group.id}`} className="text-lg font-semibold text-slate-900">
        {group.name}
      </h3>
      <p className="mt-1 text-sm text-slate-700">{group.purpose}</p>
      <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        <div>
          <dt className="text-slate-600">Members</dt>
          <dd className="font-semibold text-slate-900">{group.members} members</dd>
        </div>
        <div>
          <dt className="text-slate-600">Contribution</dt>
          <dd className="font-semibold text-slate-900">
            {formatDollars(group.contribution)} {group.frequency}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">Cycle</dt>
          <dd className="font-semibold text-slate-900">{group.cycle}</dd>
        </div>
        <div>
          <dt className="text-slate-600">You pay in</dt>
          <dd className="font-semibold text-slate-900">{formatDollars(payout)} in total</dd>
        </div>
      </dl>
      <div className="mt-auto pt-5">
        <div className="rounded-xl bg-brand-50 px-4 py-3">
          <p className="text-sm text-brand-900">Payout per turn</p>
          <p className="text-2xl font-bold text-brand-900">{formatDollars(payout)}</p>
          <p className="text-xs text-brand-900">
            {formatDollars(group.contribution)} × {group.members} members
          </p>
        </div>
        {group.membersNote ? <p className="mt-2 text-xs text-slate-600">{group.membersNote}</p> : null}
      </div>
    </article>
  );
}
