import { useEffect, useRef, useState } from "react";
import { useT } from "./i18n";
import { showToast } from "./toaster";

const WARNING_BEFORE_MS = 5 * 60 * 1000;

type SessionStatus = { active: boolean; remainingMs: number };

/**
 * The `Server-Timing` entry in which a document says how long its session has left (entry.server.tsx): the document's
 * body is the same from one request to the next (the document cache, ADR 059 part nine (t)), its headers are not.
 */
export const SESSION_TIMING = "session";

/** The document's one question to the server when its header cannot be read (a remount asks no second time). */
let documentAsk: Promise<{ status: SessionStatus | null; answeredAt: number }> | null = null;

/** The `session` entry of the page's own navigation timing, or null when this browser does not expose it. */
function headerFigure(entry: PerformanceEntry | undefined): number | null {
  const timing = (entry as PerformanceNavigationTiming | undefined)?.serverTiming?.find((timing) => timing.name === SESSION_TIMING);
  return timing ? timing.duration : null;
}

/**
 * The remaining time the page's document reported in its header. Read from the timeline, else from an observer of it
 * (which sees the entries buffered before it; a test's fake clock stands in for the timeline, not for observers); null
 * where neither has it (outside a secure context, browsers keep Server-Timing from scripts).
 */
function documentRemainingMs(): Promise<number | null> {
  const listed = headerFigure(performance.getEntriesByType?.("navigation")[0]);
  if (listed !== null || typeof PerformanceObserver === "undefined" || !PerformanceObserver.supportedEntryTypes?.includes("navigation")) {
    return Promise.resolve(listed);
  }
  return new Promise((resolve) => {
    const observer = new PerformanceObserver((list) => {
      observer.disconnect();
      resolve(headerFigure(list.getEntries()[0]));
    });
    observer.observe({ type: "navigation", buffered: true });
  });
}

async function fetchStatus(method: "GET" | "POST"): Promise<SessionStatus> {
  const response = await fetch("/api/session", { method, headers: { Accept: "application/json" }, credentials: "same-origin" });
  if (!response.ok) return { active: false, remainingMs: 0 };
  return (await response.json()) as SessionStatus;
}

/**
 * The idle-session island (SPEC.md section 4). The server enforces the 30-minute timeout; this only warns at 25
 * minutes and, at 30, takes the user to /login. It works in remaining time measured on this clock (the server's
 * clock may differ), and asks the server before acting, because another tab may have kept the session alive.
 */
export function SessionTimer({ remainingMs }: { remainingMs: number | null }) {
  const t = useT();
  // A fresh deadline each time the server reports a remaining time (every page load, or "Stay Logged In").
  const [deadline, setDeadline] = useState<number | null>(null);
  const [warning, setWarning] = useState(false);
  const firstReport = useRef(true);

  useEffect(() => {
    // The first figure came with the page's document, and this island may hydrate well after the page arrived (it
    // loads lazily; on a slow device or network, seconds later): count it from when the page started loading, not from
    // now, or the warning would come late by that much. Later figures arrive with data fetched just now.
    const first = firstReport.current;
    firstReport.current = false;
    const reportedAt = first ? Date.now() - performance.now() : Date.now();
    if (remainingMs !== null) {
      setDeadline(reportedAt + remainingMs);
      return;
    }
    // A document's figure is in its Server-Timing header; where it cannot be read, ask the server once, without
    // extending the session.
    let current = true;
    void documentRemainingMs().then(async (fromHeader) => {
      if (fromHeader !== null) {
        if (current) setDeadline(reportedAt + fromHeader);
        return;
      }
      documentAsk ??= fetchStatus("GET")
        .catch(() => null)
        .then((status) => ({ status, answeredAt: Date.now() }));
      const { status, answeredAt } = await documentAsk;
      if (!current || status === null) return;
      if (status.active) setDeadline(answeredAt + status.remainingMs);
      else window.location.assign("/login");
    });
    return () => {
      current = false;
    };
  }, [remainingMs]);

  useEffect(() => {
    if (deadline === null) return;
    const warnTimer = window.setTimeout(
      async () => {
        const status = await fetchStatus("GET").catch(() => null);
        if (status?.active && Date.now() + status.remainingMs > deadline + 1000) {
          setDeadline(Date.now() + status.remainingMs); // another tab was active
        } else {
          setWarning(true);
        }
      },
      Math.max(0, deadline - WARNING_BEFORE_MS - Date.now()),
    );
    const expireTimer = window.setTimeout(
      async () => {
        const status = await fetchStatus("GET").catch(() => null);
        if (status?.active && status.remainingMs > 0) {
          setWarning(false);
          setDeadline(Date.now() + status.remainingMs);
          return;
        }
        window.location.assign("/login");
      },
      Math.max(0, deadline - Date.now()),
    );
    return () => {
      window.clearTimeout(warnTimer);
      window.clearTimeout(expireTimer);
    };
  }, [deadline]);

  if (!warning) return null;

  async function stayLoggedIn() {
    const status = await fetchStatus("POST").catch(() => null);
    setWarning(false);
    if (status?.active) {
      setDeadline(Date.now() + status.remainingMs);
      showToast({ type: "success", title: t("account.session.extended") });
    } else {
      window.location.assign("/login");
    }
  }

  return (
    <div
      role="alertdialog"
      aria-labelledby="session-warning-title"
      aria-describedby="session-warning-body"
      className="fixed right-4 bottom-4 z-50 w-full max-w-sm rounded-lg border border-amber-200 bg-white p-4 shadow-xl"
    >
      <p id="session-warning-title" className="text-sm font-semibold text-slate-900">
        {t("account.session.title")}
      </p>
      <p id="session-warning-body" className="mt-1 text-sm text-slate-600">
        {t("account.session.body")}
      </p>
      <button
        type="button"
        onClick={stayLoggedIn}
        className="mt-3 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        {t("account.session.stay")}
      </button>
    </div>
  );
}
