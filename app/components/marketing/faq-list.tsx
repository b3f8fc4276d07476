export type FaqItem = { id: string; question: string; answer: string[] };

/**
 * An accordion built from <details>/<summary>: it opens and closes without JavaScript, is keyboard-operable, and
 * screen readers announce each summary as an expandable control.
 */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm">
      {items.map((item) => (
        <details key={item.id} id={item.id} className="group scroll-mt-6 px-5 py-4 open:bg-slate-50/60">
          <summary className="flex items-start justify-between gap-4 font-semibold text-slate-900">
            <span>{item.question}</span>
            <span aria-hidden="true" className="mt-0.5 text-brand-700 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <div className="mt-3 space-y-3 text-slate-700">
            {item.answer.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}
