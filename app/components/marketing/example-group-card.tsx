import { formatDollars } from "~/domain/format";

export type ExampleGroup = {
  id: string;
  name: string;
  purpose: string;
  members: number;
  contribution: number;
  frequency: string;
  cycle: string;
  /** Why the member count is what it is, when the example states only the cycle. */
  membersNote?: string;
};

/** Payout per turn = contribution x members (SPEC.md section 9). */
function payoutPerTurn(group: Pick<ExampleGroup, "contribution" | "members">) {
  return group.contribution * group.members;
}

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
