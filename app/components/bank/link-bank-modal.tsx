import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { useT } from "~/components/i18n";
import { showToast } from "~/components/toaster";
import { buttonClass } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";

type Institution = { institution_id: string; name: string };
type Account = { id: string; name: string; mask: string; type: string; subtype: string | null };

type State =
  | { step: "closed" }
  | { step: "loading"; slow: boolean }
  | { step: "error"; message: string }
  | { step: "choose"; sessionId: string; institutions: Institution[] }
  | { step: "login"; sessionId: string; institution: Institution; error: string | null; busy: boolean }
  | { step: "select"; sessionId: string; institution: Institution; accounts: Account[]; busy: boolean }
  | { step: "exchanging"; institution: Institution };

/** A retry is offered when the provider is not ready after this long (SPEC.md section 9). */
const SLOW_AFTER_MS = 5000;

async function linkStep(body: Record<string, unknown>, fallback: string) {
  const response = await fetch("/api/bank/link", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  const payload = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok) {
    return { ok: false as const, code: String(payload.code ?? ""), message: String(payload.error ?? fallback) };
  }
  return { ok: true as const, payload };
}

/** The provider's errors the modal says in the reader's language, by their code (others: the provider's own words). */
const LINK_ERROR_CODES = new Set([
  "INVALID_CREDENTIALS",
  "INVALID_MFA",
  "ITEM_LOCKED",
  "ITEM_NOT_SUPPORTED",
  "USER_SETUP_REQUIRED",
  "NO_ACCOUNTS",
  "INSTITUTION_DOWN",
]);

/**
 * The sandbox Link modal (a client-only island): choose a bank, log in, pick accounts, like Plaid Link. Every call
 * goes through our own /api/bank/link; the public token it ends with is exchanged by the page's own action.
 * Without JavaScript the page's plain form uses the bank's Link pages instead.
 */
export function LinkBankModal({
  label,
  action = "/profile/bank-accounts",
  fields = {},
  reconnectItemId,
}: {
  label: string;
  /** The action that exchanges the public token (intent=exchange); the join page links and joins in one step. */
  action?: string;
  /** Extra form fields sent with the exchange (the join page's accepted terms). */
  fields?: Record<string, string>;
  /**
   * Link's update mode for one of the member's linked items (its login must be renewed): the same steps at that bank,
   * and the end is posted as intent=reconnected with the item's id (nothing to exchange: the connection stays the same).
   */
  reconnectItemId?: string;
}) {
  const [state, setState] = useState<State>({ step: "closed" });
  const t = useT();
  const callStep = (body: Record<string, unknown>) => linkStep(body, t("bank.modal.wrong"));
  const errorText = (result: { code: string; message: string }) =>
    LINK_ERROR_CODES.has(result.code)
      ? t(`bank.modal.error.${result.code as "INVALID_CREDENTIALS"}`)
      : result.code === "INSTITUTION_NOT_RESPONDING"
        ? t("bank.modal.error.INSTITUTION_DOWN")
        : result.message;
  const dialogRef = useRef<HTMLDialogElement>(null);
  const exchange = useFetcher();

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (state.step !== "closed" && !dialog.open) dialog.showModal();
    if (state.step === "closed" && dialog.open) dialog.close();
  }, [state.step]);

  useEffect(() => {
    if (state.step !== "loading" || state.slow) return;
    const timer = window.setTimeout(
      () => setState((current) => (current.step === "loading" ? { step: "loading", slow: true } : current)),
      SLOW_AFTER_MS,
    );
    return () => window.clearTimeout(timer);
  }, [state]);

  // The exchange redirects back to the page, whose toast says 'Bank Account Connected!' or 'Linking Failed';
  // the modal closes once that round trip is over.
  const exchangeStarted = useRef(false);
  useEffect(() => {
    if (exchange.state !== "idle") exchangeStarted.current = true;
    else if (exchangeStarted.current) {
      exchangeStarted.current = false;
      setState({ step: "closed" });
    }
  }, [exchange.state]);

  // The Link token this session runs with (the server made it): the exchange must name it (ADR 049).
  const linkTokenRef = useRef("");

  async function open() {
    setState({ step: "loading", slow: false });
    const result = await callStep(reconnectItemId ? { step: "institutions", reconnectItemId } : { step: "institutions" });
    if (!result.ok) {
      setState({ step: "error", message: t("bank.modal.unavailable") });
      return;
    }
    linkTokenRef.current = String(result.payload.link_token ?? "");
    setState({
      step: "choose",
      sessionId: String(result.payload.link_session_id),
      institutions: result.payload.institutions as Institution[],
    });
  }

  async function exitWithError(sessionId: string, message: string) {
    await callStep({ step: "exit", linkSessionId: sessionId }).catch(() => null);
    setState({ step: "closed" });
    showToast({ type: "warning", title: t("bank.modal.cancelled"), description: message });
  }

  async function close() {
    if ("sessionId" in state) await callStep({ step: "exit", linkSessionId: state.sessionId }).catch(() => null);
    setState({ step: "closed" });
  }

  async function logIn(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.step !== "login") return;
    const form = new FormData(event.currentTarget);
    setState({ ...state, busy: true, error: null });
    const result = await callStep({
      step: "login",
      linkSessionId: state.sessionId,
      institutionId: state.institution.institution_id,
      username: String(form.get("username") ?? ""),
      password: String(form.get("password") ?? ""),
    });
    if (result.ok) {
      setState({
        step: "select",
        sessionId: state.sessionId,
        institution: state.institution,
        accounts: result.payload.accounts as Account[],
        busy: false,
      });
    } else if (result.code === "INVALID_CREDENTIALS") {
      setState({ ...state, busy: false, error: errorText(result) });
    } else {
      await exitWithError(state.sessionId, errorText(result));
    }
  }

  async function select(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.step !== "select") return;
    const accountIds = new FormData(event.currentTarget).getAll("account_id").map(String);
    if (accountIds.length === 0) return;
    setState({ ...state, busy: true });
    const result = await callStep({ step: "select", linkSessionId: state.sessionId, accountIds });
    if (!result.ok) {
      await exitWithError(state.sessionId, errorText(result));
      return;
    }
    setState({ step: "exchanging", institution: state.institution });
    // The fetcher reports its progress and result through exchange.state/data; the promise carries nothing more.
    void exchange.submit(
      reconnectItemId
        ? { ...fields, intent: "reconnected", itemId: reconnectItemId }
        : {
            ...fields,
            intent: "exchange",
            // Only the Link token: the server reads what the session linked from the bank (ADR 049).
            linkToken: linkTokenRef.current,
            institutionId: state.institution.institution_id,
            institutionName: state.institution.name,
          },
      { method: "post", action },
    );
  }

  return (
    <>
      <button type="button" className={buttonClass("primary")} onClick={() => void open()}>
        {label}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="link-modal-title"
        onCancel={(event) => {
          event.preventDefault();
          void close();
        }}
        className="m-auto w-full max-w-md rounded-2xl p-0 shadow-xl backdrop:bg-slate-900/50"
      >
        <div className="p-6">
          <div className="flex items-start justify-between gap-4">
            <h2 id="link-modal-title" className="text-lg font-semibold text-slate-900">
              {state.step === "login"
                ? t("bank.modal.login", { name: state.institution.name })
                : state.step === "select"
                  ? t("bank.modal.choose")
                  : reconnectItemId
                    ? t("bank.modal.reconnect")
                    : t("bank.modal.connect")}
            </h2>
            <button
              type="button"
              onClick={() => void close()}
              className="px-2 text-slate-500 hover:text-slate-900"
              aria-label={t("bank.modal.close")}
            >
              ×
            </button>
          </div>
          <p className="mt-1 text-xs text-slate-600">{t("bank.modal.sandbox")}</p>

          {state.step === "loading" ? (
            <div role="status" className="mt-6 text-sm text-slate-700">
              <p>{t("bank.modal.loading")}</p>
              {state.slow ? (
                <button type="button" className={buttonClass("secondary", "mt-3")} onClick={() => void open()}>
                  {t("bank.modal.retry")}
                </button>
              ) : null}
            </div>
          ) : null}

          {state.step === "error" ? (
            <div className="mt-6">
              <p role="alert" className="text-sm text-red-700">
                {state.message}
              </p>
              <button type="button" className={buttonClass("secondary", "mt-3")} onClick={() => void open()}>
                {t("bank.modal.retry")}
              </button>
            </div>
          ) : null}

          {state.step === "choose" ? (
            <ul className="mt-6 space-y-2">
              {state.institutions.map((institution) => (
                <li key={institution.institution_id}>
                  <button
                    type="button"
                    className={buttonClass("secondary", "w-full justify-start")}
                    onClick={() => setState({ step: "login", sessionId: state.sessionId, institution, error: null, busy: false })}
                  >
                    {institution.name}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}

          {state.step === "login" ? (
            <form className="mt-6 space-y-3" onSubmit={(event) => void logIn(event)}>
              {state.error ? (
                <p role="alert" className="text-sm text-red-700">
                  {state.error}
                </p>
              ) : null}
              <div>
                <label htmlFor="link-username" className="mb-1 block text-sm font-medium text-slate-800">
                  {t("bank.modal.username")}
                </label>
                <input id="link-username" name="username" autoComplete="off" required className={inputClass} />
              </div>
              <div>
                <label htmlFor="link-password" className="mb-1 block text-sm font-medium text-slate-800">
                  {t("bank.modal.password")}
                </label>
                <input id="link-password" name="password" type="password" autoComplete="off" required className={inputClass} />
              </div>
              <button type="submit" className={buttonClass("primary", "w-full")} disabled={state.busy}>
                {state.busy ? t("bank.modal.loggingIn") : t("bank.modal.submit")}
              </button>
            </form>
          ) : null}

          {state.step === "select" ? (
            <form className="mt-6 space-y-3" onSubmit={(event) => void select(event)}>
              <fieldset className="space-y-2">
                <legend className="text-sm text-slate-700">{t("bank.modal.share")}</legend>
                {state.accounts.map((account) => (
                  <label key={account.id} className="flex items-center gap-2 text-sm text-slate-800">
                    <input type="checkbox" name="account_id" value={account.id} defaultChecked className="h-4 w-4" />
                    {account.name} ••{account.mask} ({t("bank.modal.subtype", { subtype: account.subtype ?? account.type })})
                  </label>
                ))}
              </fieldset>
              <button type="submit" className={buttonClass("primary", "w-full")} disabled={state.busy}>
                {t("bank.modal.continue")}
              </button>
            </form>
          ) : null}

          {state.step === "exchanging" ? (
            <p role="status" className="mt-6 text-sm text-slate-700">
              {reconnectItemId
                ? t("bank.modal.reconnecting", { name: state.institution.name })
                : t("bank.modal.connecting", { name: state.institution.name })}
            </p>
          ) : null}
        </div>
      </dialog>
    </>
  );
}
