import { useEffect, useState, type ReactNode } from "react";
import { useOptionalT } from "~/components/i18n";
import { NOTICE_DURATION_MS } from "~/domain/toast";

type Tone = "error" | "success" | "info" | "warning";

const tones: Record<Tone, string> = {
  error: "border-red-200 bg-red-50 text-red-900",
  success: "border-brand-200 bg-brand-50 text-brand-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
};

/** A static message box. Errors are announced (role=alert); others politely (role=status). */
export function Alert({ tone = "info", title, children }: { tone?: Tone; title?: ReactNode; children?: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}>
      {title ? <p className="font-semibold">{title}</p> : null}
      {children ? <div className={title ? "mt-1" : ""}>{children}</div> : null}
    </div>
  );
}

/**
 * An in-app notice: rendered by the server (so it shows without JavaScript) and, once JavaScript runs, closed
 * after 5 seconds (SPEC.md section 9) or by its close button.
 */
export function Notice({ tone = "info", title, children }: { tone?: Tone; title?: ReactNode; children?: ReactNode }) {
  const [open, setOpen] = useState(true);
  // In English only where no catalogue came with the page (the root's error page, as error-page.tsx).
  const t = useOptionalT();
  const say = (id: Parameters<NonNullable<typeof t>>[0], english: string) => (t ? t(id) : english);
  useEffect(() => {
    const timer = window.setTimeout(() => setOpen(false), NOTICE_DURATION_MS);
    return () => window.clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`flex gap-3 rounded-lg border px-4 py-3 text-sm ${tones[tone]}`}>
      <div className="flex-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div className={title ? "mt-1" : ""}>{children}</div> : null}
      </div>
      <button
        type="button"
        className="self-start px-1 font-bold opacity-70 hover:opacity-100"
        onClick={() => setOpen(false)}
        aria-label={say("account.dismiss", "Dismiss")}
      >
        ×
      </button>
    </div>
  );
}
