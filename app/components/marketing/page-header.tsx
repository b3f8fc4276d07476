import type { ReactNode } from "react";

/** The top of an information page: the page's only h1, with an optional eyebrow and lead paragraph. */
export function PageHeader({ eyebrow, title, lead, children }: { eyebrow?: string; title: string; lead?: ReactNode; children?: ReactNode }) {
  return (
    <header className="border-b border-slate-200 bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6 sm:py-16">
        {eyebrow ? <p className="text-sm font-semibold uppercase tracking-wide text-brand-800">{eyebrow}</p> : null}
        <h1 className="mt-2 max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        {lead ? <div className="mt-4 max-w-2xl text-lg text-slate-700">{lead}</div> : null}
        {children}
      </div>
    </header>
  );
}

/** A titled section with an id, so screen-reader users can jump between regions and links can target it. */
export function Section({
  id,
  title,
  intro,
  children,
  className = "",
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={`${id}-title`} id={id} className={`scroll-mt-6 ${className}`}>
      <h2 id={`${id}-title`} className="text-2xl font-bold tracking-tight text-slate-900">
        {title}
      </h2>
      {intro ? <div className="mt-3 max-w-2xl text-slate-700">{intro}</div> : null}
      <div className="mt-6">{children}</div>
    </section>
  );
}
