import { useLocale, useT } from "~/components/i18n";
import { DEFAULT_COVER, defaultCoverIn } from "~/domain/default-cover";

/**
 * What happens when a member can't pay (app/domain/default-cover.ts), on the group page (the steps folded into a
 * <details>, which opens without JavaScript) and on the join page (open: read before joining).
 */
export function DefaultCover({ open = false }: { open?: boolean }) {
  const t = useT();
  // English is DEFAULT_COVER word for word; another language the same rules' numbers in the catalogue's words.
  const cover = useLocale() === "en-US" ? DEFAULT_COVER : defaultCoverIn(t);
  const steps = (
    <ol className="mt-3 space-y-3 text-sm text-slate-700">
      {cover.steps.map((step) => (
        <li key={step.id}>
          <p className="font-medium text-slate-900">{step.title}</p>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
  return (
    <section aria-labelledby="default-cover-title" data-testid="default-cover">
      <h2 id="default-cover-title" className="text-lg font-semibold text-slate-900">
        {cover.title}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{cover.summary}</p>
      {open ? (
        steps
      ) : (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-brand-700 underline">{t("groupPage.cover.stepByStep")}</summary>
          {steps}
        </details>
      )}
    </section>
  );
}
