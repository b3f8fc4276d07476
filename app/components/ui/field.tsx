import type { ComponentProps, ReactNode } from "react";
import { useTranslateText } from "../i18n";

/** An error list tied to its input by id (aria-describedby), announced to screen readers. */
export function FieldErrors({ id, errors }: { id: string; errors?: string[] | null }) {
  // The messages are SPEC.md's English, from the rules shared with the server; shown in the reader's language.
  const translate = useTranslateText();
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 space-y-0.5 text-sm text-red-700" aria-live="polite">
      {errors.map((error) => (
        <li key={error}>{translate(error)}</li>
      ))}
    </ul>
  );
}

export const inputClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-brand-600 aria-[invalid=true]:border-red-600";

export function Field({
  label,
  inputProps,
  errors,
  hint,
  trailing,
}: {
  label: ReactNode;
  inputProps: ComponentProps<"input"> & { id: string };
  errors?: string[] | null;
  hint?: ReactNode;
  trailing?: ReactNode;
}) {
  const errorId = `${inputProps.id}-error`;
  const hintId = `${inputProps.id}-hint`;
  const describedBy = [errors?.length ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div>
      <label htmlFor={inputProps.id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative">
        <input
          className={`${inputClass} ${trailing ? "pr-20" : ""}`}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-2">{trailing}</div> : null}
      </div>
      {hint ? (
        <p id={hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
