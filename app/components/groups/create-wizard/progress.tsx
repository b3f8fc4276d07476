import { useT } from "~/components/i18n";

const STEPS = ["wizard.step1", "wizard.step2"] as const;

export function WizardProgress({ step }: { step: 1 | 2 }) {
  const t = useT();
  return (
    <nav aria-label={t("wizard.progress")} className="mt-6">
      <ol className="flex flex-wrap items-center gap-3 text-sm">
        {STEPS.map((label, index) => {
          const number = index + 1;
          const current = number === step;
          const done = number < step;
          return (
            <li key={label} className="flex items-center gap-3" aria-current={current ? "step" : undefined}>
              <span
                aria-hidden="true"
                className={`flex h-8 w-8 items-center justify-center rounded-full font-semibold ${
                  current ? "bg-brand-700 text-white" : done ? "bg-brand-100 text-brand-900" : "bg-slate-100 text-slate-700"
                }`}
              >
                {number}
              </span>
              <span className={current ? "font-semibold text-slate-900" : "text-slate-700"}>
                <span className="sr-only">{t("wizard.step", { number })}</span>
                {t(label)}
                {done ? <span className="sr-only">{t("wizard.completed")}</span> : null}
              </span>
              {number < STEPS.length ? <span aria-hidden="true" className="hidden h-px w-12 bg-slate-300 sm:block" /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
