import { useEffect, useRef, useState } from "react";
import { usePlaidLink, type PlaidLinkError, type PlaidLinkOnSuccessMetadata } from "react-plaid-link";
import { useFetcher } from "react-router";
import { useT } from "~/components/i18n";
import { showToast } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";

/** A retry is offered when the provider is not ready after this long (SPEC.md section 9). */
const SLOW_AFTER_MS = 5000;

/** What the server answers when it cannot make a link token (the routes' UNABLE_TO_LOAD_PROVIDER). */
const UNABLE_TO_LOAD = "Unable to load the bank-linking provider. Please try again.";
// SPEC.md section 8's script load failure is bank.plaid.scriptFailed (the provider is never named in user-visible text).

type TokenReply = { linkToken?: string; error?: string };

/**
 * Real Plaid Link (a client-only island, rendered only after hydration when PLAID_ENV is configured). SPEC.md
 * section 4's states: loading token → ready → link opened → success (the public token and institution go to the
 * page's own action, intent=exchange, which answers 'Bank Account Connected!' or 'Linking Failed'); exit with an
 * error → 'Bank Linking Cancelled'; the script failing to load → the provider message above.
 *
 * react-plaid-link injects Plaid's script from its CDN as soon as this mounts (the CSP allows it only when PLAID_ENV is
 * set, host/app.ts). The link token is asked for on click, from `action` with intent=link-token; the server caches
 * it for 5 minutes per user, so a second click reuses it. `fields` go with both posts (the join page sends the terms
 * acceptance along, as its other bank-step forms do); the exchange's answer is usually a redirect, which the fetcher
 * follows (the join page's goes to the group joined).
 */
export function PlaidLinkButton({
  label,
  action,
  fields = {},
  reconnectItemId,
}: {
  label: string;
  action: string;
  fields?: Record<string, string>;
  /**
   * Link's update mode for one of the member's items (its login must be renewed): the token is asked for with
   * intent=reconnect-token, and success is posted as intent=reconnected (nothing to exchange).
   */
  reconnectItemId?: string;
}) {
  const tokenRequest = reconnectItemId ? { ...fields, intent: "reconnect-token", itemId: reconnectItemId } : { ...fields, intent: "link-token" };
  const tokenFetcher = useFetcher<TokenReply>();
  const exchange = useFetcher();
  const t = useT();
  const [phase, setPhase] = useState<"idle" | "loading" | "opened" | "exchanging">("idle");
  const [slow, setSlow] = useState(false);
  const linkToken = tokenFetcher.data?.linkToken ?? null;

  const {
    open,
    ready,
    error: scriptError,
  } = usePlaidLink({
    token: linkToken,
    // Multi-Item Link (ADR 049): onSuccess carries no public token; the server reads the session's public tokens from
    // Plaid for the Link token this Link ran with, which is all the browser posts.
    onSuccess: (_publicToken: string | null, metadata: PlaidLinkOnSuccessMetadata) => {
      setPhase("exchanging");
      // Progress and result arrive through exchange.state/data; the promise carries nothing more.
      void exchange.submit(
        reconnectItemId
          ? { ...fields, intent: "reconnected", itemId: reconnectItemId }
          : {
              ...fields,
              intent: "exchange",
              // The Link token this Link ran with: the exchange reads what it linked from Plaid (ADR 049).
              linkToken: linkToken ?? "",
              institutionId: metadata.institution?.institution_id ?? "",
              institutionName: metadata.institution?.name ?? "",
            },
        { method: "post", action },
      );
    },
    onExit: (error: PlaidLinkError | null) => {
      setPhase("idle");
      // Closing Link without an error is the user's choice: nothing to report.
      if (error) {
        showToast({
          type: "warning",
          title: t("bank.modal.cancelled"),
          description: error.display_message ?? t("bank.plaid.ended"),
        });
      }
    },
  });

  const tokenError = tokenFetcher.state === "idle" ? (tokenFetcher.data?.error ?? null) : null;
  // The server's refusal (UNABLE_TO_LOAD_PROVIDER, in English on the wire) in the reader's language.
  const tokenMessage = tokenError === UNABLE_TO_LOAD ? t("bank.modal.unavailable") : tokenError;
  const error = phase === "loading" ? (scriptError ? t("bank.plaid.scriptFailed") : tokenMessage) : null;

  // Open Link as soon as it is ready after a click.
  useEffect(() => {
    if (phase === "loading" && ready && !error) {
      setPhase("opened");
      open();
    }
  }, [phase, ready, error, open]);

  // Not ready after 5 s: offer a retry. The token request's progress restarts the wait, so it is a dependency on purpose.
  // biome-ignore lint/correctness/useExhaustiveDependencies: tokenFetcher.state re-arms the timer
  useEffect(() => {
    if (phase !== "loading" || ready || error) return;
    setSlow(false);
    const timer = window.setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => window.clearTimeout(timer);
  }, [phase, ready, error, tokenFetcher.state]);

  // The exchange redirects back to the page (with its toast); once that round trip is over we are idle again.
  const exchangeStarted = useRef(false);
  useEffect(() => {
    if (exchange.state !== "idle") exchangeStarted.current = true;
    else if (exchangeStarted.current) {
      exchangeStarted.current = false;
      setPhase("idle");
    }
  }, [exchange.state]);

  function start() {
    setPhase("loading");
    setSlow(false);
    // Ask for a token unless one is already here (then the effect above opens Link once it is ready).
    if (!linkToken || tokenError) void tokenFetcher.submit(tokenRequest, { method: "post", action });
  }

  const busy = phase === "loading" && !error;
  return (
    <div>
      <button type="button" className={buttonClass("primary")} onClick={start} disabled={busy || phase === "exchanging"}>
        {label}
      </button>
      {busy ? (
        <div role="status" className="mt-3 text-sm text-slate-700">
          <p>{t("bank.modal.loading")}</p>
          {slow ? (
            <button
              type="button"
              className={buttonClass("secondary", "mt-2")}
              onClick={() => tokenFetcher.submit(tokenRequest, { method: "post", action })}
            >
              {t("bank.modal.retry")}
            </button>
          ) : null}
        </div>
      ) : null}
      {error ? (
        <div className="mt-3">
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
          {/* A script that failed to load is only fetched again by a fresh page. */}
          <button type="button" className={buttonClass("secondary", "mt-2")} onClick={scriptError ? () => window.location.reload() : start}>
            {t("bank.modal.retry")}
          </button>
        </div>
      ) : null}
      {phase === "exchanging" ? (
        <p role="status" className="mt-3 text-sm text-slate-700">
          {t("bank.plaid.connecting")}
        </p>
      ) : null}
    </div>
  );
}
