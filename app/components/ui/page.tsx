import type { ReactNode } from "react";

export function PageContainer({ children, narrow = false }: { children: ReactNode; narrow?: boolean }) {
  return <div className={`mx-auto w-full px-4 py-10 sm:px-6 ${narrow ? "max-w-md" : "max-w-6xl"}`}>{children}</div>;
}

/** A white card; a little less padding on a phone, where every pixel of width counts. `flush`: no padding at all. */
export function Card({ children, className = "", flush = false }: { children: ReactNode; className?: string; flush?: boolean }) {
  return <div className={`rounded-2xl border border-slate-200 bg-white shadow-sm ${flush ? "" : "p-4 sm:p-6"} ${className}`}>{children}</div>;
}

/** Long-form page (legal, help, blog): readable measure, consistent headings. */
export function Prose({ children }: { children: ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-4 text-slate-700 [&_a]:text-brand-700 [&_a]:underline [&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900 [&_h3]:mt-6 [&_h3]:font-semibold [&_h3]:text-slate-900 [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      {children}
    </div>
  );
}
