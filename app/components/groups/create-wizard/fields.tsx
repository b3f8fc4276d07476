/**
 * Small form pieces both of the wizard's steps use: a labelled select, the hidden fields that carry one step's
 * values through the other, and the invisible default submit button.
 */
import type { ReactNode } from "react";
import { FieldErrors, inputClass } from "~/components/ui/field";
import { SETTINGS_FIELDS, type SettingsValues } from "./values";

export const errorId = (id: string) => `${id}-error`;

export function describedBy(...ids: (string | number | null | undefined | false)[]) {
  return ids.filter((id): id is string => typeof id === "string" && id !== "").join(" ") || undefined;
}

export function SelectField({
  id,
  name,
  label,
  value,
  onChange,
  options,
  errors,
  hint,
  placeholder,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly { value: string; label: string }[];
  errors?: string[] | null;
  hint?: ReactNode;
  placeholder: string;
}) {
  const known = options.some((option) => option.value === value);
  const hintId = hint ? `${id}-hint` : null;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={known ? value : ""}
        onChange={(event) => onChange(event.currentTarget.value)}
        className={inputClass}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={describedBy(errors?.length && errorId(id), hintId)}
      >
        {/* Only a hand-made request can post a value outside the list: then say nothing is chosen. */}
        {known ? null : <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={hintId!} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={errorId(id)} errors={errors} />
    </div>
  );
}

export function HiddenSettings({ values }: { values: SettingsValues }) {
  return (
    <>
      {SETTINGS_FIELDS.map((field) => (
        <input key={field} type="hidden" name={field} value={values[field]} />
      ))}
    </>
  );
}

export function HiddenEmails({ emails }: { emails: string[] }) {
  return (
    <>
      {emails.map((email, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the position is the field (memberEmails[i]); rows are only appended
        <input key={index} type="hidden" name={`memberEmails[${index}]`} value={email} />
      ))}
    </>
  );
}

/**
 * Enter in a text field submits with the form's first submit button; this invisible one makes that the step's main
 * action rather than 'Update summary' or 'Add Another Member'.
 */
export function DefaultSubmit({ intent }: { intent: string }) {
  return <button type="submit" name="intent" value={intent} hidden tabIndex={-1} aria-hidden="true" />;
}
