import { useEffect, useRef, useState } from "react";
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
 * Toasts from the server (flash messages) render in the HTML, so they are visible without JavaScript. With
 * JavaScript, each closes after its duration (errors 4 s, successes 2 s) and at most 20 show at once.
 */
export function Toaster({ initial }: { initial: Toast[] }) {
  const [toasts, setToasts] = useState<Toast[]>(initial.slice(-MAX_TOASTS));
  const seen = useRef(new Set(initial.map((toast) => toast.id)));

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

  const dismiss = (id: string) => setToasts((current) => current.filter((toast) => toast.id !== id));

  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-16 z-50 flex flex-col items-center gap-2 px-4 sm:left-auto sm:right-4 sm:items-end"
    >
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
      ))}
    </section>
  );
}

function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  useEffect(() => {
    const timer = window.setTimeout(() => onDismiss(toast.id), toastDurationMs(toast.type));
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.type, onDismiss]);
  return (
    <div
      role={toast.type === "error" ? "alert" : "status"}
      data-toast-type={toast.type}
      className={`pointer-events-auto flex w-full max-w-sm overflow-hidden rounded-lg border shadow-lg ${styles[toast.type]}`}
    >
      <div className="bar w-1.5 shrink-0" />
      <div className="flex-1 px-4 py-3">
        <p className="text-sm font-semibold text-slate-900">{toast.title}</p>
        {toast.description ? <p className="mt-0.5 text-sm text-slate-700">{toast.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => onDismiss(toast.id)}
        className="px-3 text-slate-500 hover:text-slate-900"
        aria-label="Dismiss notification"
      >
        ×
      </button>
    </div>
  );
}
