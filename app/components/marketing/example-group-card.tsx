/**
 * One example group on the landing page, its words and amounts already in the reader's language (the landing page's
 * loader writes them: no number formatting code in the landing page's JavaScript, ADR 056).
 */
export type ExampleGroup = {
  id: string;
  name: string;
  purpose: string;
  /** "10 members". */
  members: string;
  /** "$500 bi-weekly". */
  contribution: string;
  /** "5-month cycle". */
  cycle: string;
  /** "$5,000 in total". */
  payIn: string;
  /** "$5,000": contribution x members (SPEC.md section 9). */
  payout: string;
  /** "$500 × 10 members". */
  formula: string;
  /** Why the member count is what it is, when the example states only the cycle. */
  membersNote?: string;
  labels: { members: string; contribution: string; cycle: string; payIn: string; payout: string };
};

/** One example group on the landing page, with its figures in a definition list so each label reads with its value. */
export function ExampleGroupCard({ group }: { group: ExampleGroup }) {
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
          <dt className="text-slate-600">{group.labels.members}</dt>
          <dd className="font-semibold text-slate-900">{group.members}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{group.labels.contribution}</dt>
          <dd className="font-semibold text-slate-900">{group.contribution}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{group.labels.cycle}</dt>
          <dd className="font-semibold text-slate-900">{group.cycle}</dd>
        </div>
        <div>
          <dt className="text-slate-600">{group.labels.payIn}</dt>
          <dd className="font-semibold text-slate-900">{group.payIn}</dd>
        </div>
      </dl>
      <div className="mt-auto pt-5">
        <div className="rounded-xl bg-brand-50 px-4 py-3">
          <p className="text-sm text-brand-900">{group.labels.payout}</p>
          <p className="text-2xl font-bold text-brand-900">{group.payout}</p>
          <p className="text-xs text-brand-900">{group.formula}</p>
        </div>
        {group.membersNote ? <p className="mt-2 text-xs text-slate-600">{group.membersNote}</p> : null}
      </div>
    </article>
  );
}
