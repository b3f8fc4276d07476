import { useEffect, useRef } from "react";
import type { MessageId, MessageValues, Translate } from "./i18n";

/**
 * The browser's own form checks (`required`, `min`, `type="email"`…) in the page's language. A browser words them in
 * its own interface's language, not the page's: a Spanish page in an English Chrome said "Please check this box if you
 * want to proceed." beside Spanish labels. With JavaScript, the message a check shows is set from the catalogue when the
 * field is found invalid (`setCustomValidity` in the `invalid` event, before the browser shows it) and cleared as soon as
 * the person edits the form. Without JavaScript the browser's wording stays, and the server's answer is in the page's
 * language as always.
 *
 * Forms marked `noValidate` check their fields themselves (Conform, with the app's own messages): they are left alone.
 */

/** What `ValidityState` and the field tell: the parts the message depends on. */
export type InvalidField = {
  type: string;
  validity: Pick<
    ValidityState,
    "valueMissing" | "typeMismatch" | "badInput" | "rangeUnderflow" | "rangeOverflow" | "stepMismatch" | "tooShort" | "tooLong" | "patternMismatch"
  >;
  min?: string;
  max?: string;
  minLength?: number;
  maxLength?: number;
  title?: string;
};

/** The catalogue's message for a field the browser found invalid, or null when none applies (it then keeps its own). */
export function invalidFieldMessage(field: InvalidField, formatNumber: (value: number) => string): { id: MessageId; values?: MessageValues } | null {
  const { validity, type } = field;
  if (validity.valueMissing) {
    if (type === "checkbox") return { id: "form.invalid.checkbox" };
    if (type === "radio" || type.startsWith("select")) return { id: "form.invalid.choose" };
    return { id: "form.invalid.required" };
  }
  if (validity.badInput) return type === "number" ? { id: "form.invalid.number" } : null;
  if (validity.typeMismatch) return type === "email" ? { id: "form.invalid.email" } : null;
  if (validity.rangeUnderflow && field.min) return { id: "form.invalid.min", values: { min: formatNumber(Number(field.min)) } };
  if (validity.rangeOverflow && field.max) return { id: "form.invalid.max", values: { max: formatNumber(Number(field.max)) } };
  if (validity.stepMismatch) return { id: "form.invalid.step" };
  if (validity.tooShort && field.minLength) return { id: "form.invalid.tooShort", values: { count: field.minLength } };
  if (validity.tooLong && field.maxLength) return { id: "form.invalid.tooLong", values: { count: field.maxLength } };
  if (validity.patternMismatch) return { id: "form.invalid.format" };
  return null;
}

type Field = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

function isField(target: EventTarget | null): target is Field {
  return target instanceof HTMLInputElement || target instanceof HTMLSelectElement || target instanceof HTMLTextAreaElement;
}

/** Listens on the document for every form of the page (signed-in pages: signed-in-header.tsx calls it once). */
export function usePageLanguageValidation(t: Translate, locale: string) {
  // `useT()` gives a new function each render: the listeners read the latest one rather than being added again.
  const translate = useRef(t);
  translate.current = t;
  useEffect(() => {
    const numbers = new Intl.NumberFormat(locale);
    const onInvalid = (event: Event) => {
      const field = event.target;
      if (!isField(field) || field.form?.noValidate) return;
      // The browser's own verdict first: a message of ours left from before must not decide it.
      field.setCustomValidity("");
      if (field.validity.valid) return;
      const message = invalidFieldMessage(field, (value) => numbers.format(value));
      if (!message) return;
      const text = translate.current(message.id, message.values);
      field.setCustomValidity(field.validity.patternMismatch && field.title ? `${text} ${field.title}` : text);
    };
    // Any edit clears the messages of the whole form: a radio group's message sits on the radio that was checked
    // against, while the person then picks another.
    const onEdit = (event: Event) => {
      const field = event.target;
      if (!isField(field) || !field.form) return;
      for (const element of Array.from(field.form.elements)) {
        if (isField(element) && element.validity.customError) element.setCustomValidity("");
      }
    };
    document.addEventListener("invalid", onInvalid, true);
    document.addEventListener("input", onEdit, true);
    document.addEventListener("change", onEdit, true);
    return () => {
      document.removeEventListener("invalid", onInvalid, true);
      document.removeEventListener("input", onEdit, true);
      document.removeEventListener("change", onEdit, true);
    };
  }, [locale]);
}
