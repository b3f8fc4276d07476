import { useEffect, useState } from "react";
import { showToast } from "./toaster";

const WARNING_BEFORE_MS = 5 * 60 * 1000;

type SessionStatus = { active: boolean; expiresAt: string | null };

async function fetchStatus(method: "GET" | "POST"): Promise<SessionStatus> {
  const response = await fetch("/api/session", { method, headers: { Accept: "application/json" }, credentials: "same-origin" });
  if (!response.ok) return { active: false, expiresAt: null };
  return (await response.json()) as SessionStatus;
}

/**
 * The idle-session island (SPEC.md section 4). The server enforces the 30-minute timeout; this only warns at 25
 * minutes and, at 30, takes the user to /login. Before acting it asks the server, because another tab may have
 * kept the session alive.
 */
export function SessionTimer({ expiresAt: initialExpiresAt }: { expiresAt: string }) {
  const [expiresAt, setExpiresAt] = useState(initialExpiresAt);
  const [warning, setWarning] = useState(false);

  useEffect(() => setExpiresAt(initialExpiresAt), [initialExpiresAt]);

  useEffect(() => {
    const expiry = new Date(expiresAt).getTime();
    const warnIn = Math.max(0, expiry - WARNING_BEFORE_MS - Date.now());
    const expireIn = Math.max(0, expiry - Date.now());
    const warnTimer = window.setTimeout(async () => {
      const status = await fetchStatus("GET").catch(() => null);
      if (status?.active && status.expiresAt && new Date(status.expiresAt).getTime() > expiry + 1000) {
        setExpiresAt(status.expiresAt);
      } else {
        setWarning(true);
      }
    }, warnIn);
    const expireTimer = window.setTimeout(async () => {
      const status = await fetchStatus("GET").catch(() => null);
      if (status?.active && status.expiresAt) {
        setWarning(false);
        setExpiresAt(status.expiresAt);
        return;
      }
      window.location.assign("/login");
    }, expireIn);
    return () => {
      window.clearTimeout(warnTimer);
      window.clearTimeout(expireTimer);
    };
  }, [expiresAt]);

  if (!warning) return null;

  async function stayLoggedIn() {
    const status = await fetchStatus("POST").catch(() => null);
    setWarning(false);
    if (status?.active && status.expiresAt) {
      setExpiresAt(status.expiresAt);
      showToast({ type: "success", title: "Session extended" });
    } else {
      window.location.assign("/login");
    }
  }

  return (
    <div role="alertdialog" aria-labelledby="session-warning-title" className="fixed bottom-4 right-4 z-50 w-full max-w-sm rounded-lg border border-amber-200 bg-white p-4 shadow-xl">
      <p id="session-warning-title" className="text-sm font-semibold text-slate-900">
        Your session will expire in 5 minutes
      </p>
      <p className="mt-1 text-sm text-slate-600">For your security, we log you out after 30 minutes without activity.</p>
      <button type="button" onClick={stayLoggedIn} className="mt-3 rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800">
        Stay Logged In
      </button>
    </div>
  );
}
