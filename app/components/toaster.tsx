import { useCallback, useEffect, useRef, useState } from "react";
import { useT, useTranslateText } from "./i18n";
import { useHydrated } from "./use-hydrated";
import { MAX_TOASTS, toastDurationMs, type Toast, type ToastInput } from "~/domain/toast";

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();

/** Show a toast from client code (e.g. after copying a link). */
export function showToast(input: ToastInput) {
  const toast: Toast = { id: crypto.randomUUID(), type: input.type ?? "info", title: input.title, description: input.description };
  for (const listener of listeners) listener(toast);
}

const styles: Record<Toast["type"], string> = {
  success: "border-brand-200 bg-white [&_.bar]:bg-brand-600",
  error: "border-red-200 bg-white [&_.bar]:bg-red-600",
  info: "border-sky-200 bg-white [&_.bar]:bg-sky-600",
  warning: "border-amber-200 bg-white [&_.bar]:bg-amber-500",
};

/**
 * Toasts from the server (flash messages) render in the HTML, so they are visible without JavaScript. They sit at the
 * bottom of the window, away from page headings and forms. Without JavaScript each has a close control that is a
 * checkbox styled as a button (CSS hides the toast once it is ticked); with JavaScript it is a real button, and each
 * toast closes on its own after its duration (errors 4 s, successes 2 s; paused while hovered or focused), at most 20
 * at once.
 */
export function Toaster({ initial }: { initial: Toast[] }) {
  const t = useT();
  const [toasts, setToasts] = useState<Toast[]>(initial.slice(-MAX_TOASTS));
  const seen = useRef(new Set(initial.map((toast) => toast.id)));
  const hydrated = useHydrated();

  useEffect(() => {
    const fresh = initial.filter((toast) => !seen.current.has(toast.id));
    if (fresh.length === 0) return;
    for (const toast of fresh) seen.current.add(toast.id);
    setToasts((current) => [...current, ...fresh].slice(-MAX_TOASTS));
  }, [initial]);

  useEffect(() => {
    const listener: Listener = (toast) => setToasts((current) => [...current, toast].slice(-MAX_TOASTS));
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }, []);

  const dismiss = useCallback((id: string) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);

  return (
    <section
      aria-label={t("account.toasts")}
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-4 z-50 flex max-h-[60vh] flex-col items-center justify-end gap-2 overflow-hidden px-4 sm:left-auto sm:right-4 sm:items-end"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} interactive={hydrated} />
      ))}
    </section>
  );
}

function ToastItem({ toast, onDismiss, interactive }: { toast: Toast; onDismiss: (id: string) => void; interactive: boolean }) {
  const dismissLabel = useT()("account.toasts.dismiss");
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => onDismiss(toast.id), toastDurationMs(toast.type));
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.type, onDismiss, paused]);
  const closeId = `toast-close-${toast.id}`;
  // A toast the server wrote in English (SPEC.md's words) in the reader's language, where the catalogue has it.
  const translate = useTranslateText();
  const closeClass = "shrink-0 cursor-pointer px-3 text-lg leading-none text-slate-600 hover:text-slate-900";
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: not a control; hovering or focusing the toast only pauses its auto-close (WCAG 2.2.1)
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast-type={toast.type}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={`pointer-events-auto relative flex w-full max-w-sm overflow-hidden rounded-lg border shadow-lg has-checked:hidden ${styles[toast.type]}`}
    >
      <div className="bar w-1.5 shrink-0" />
      <div className="flex-1 px-4 py-3">
        <p className="text-sm font-semibold text-slate-900">{translate(toast.title)}</p>
        {toast.description ? <p className="mt-0.5 text-sm text-slate-700">{translate(toast.description)}</p> : null}
      </div>
      {interactive ? (
        <button type="button" onClick={() => onDismiss(toast.id)} className={closeClass} aria-label={dismissLabel}>
          ×
        </button>
      ) : (
        <>
          <input type="checkbox" id={closeId} className="peer sr-only" aria-label={dismissLabel} />
          <label
            htmlFor={closeId}
            aria-hidden="true"
            className={`${closeClass} flex items-center peer-focus-visible:outline-2 peer-focus-visible:outline-brand-700`}
          >
            ×
          </label>
        </>
      )}
    </div>
  );
}
