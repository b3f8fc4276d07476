import { data, Form, Link, type MetaArgs, redirect, useLoaderData, useNavigation } from "react-router";
import { metaTranslator, T, useLocale, useT, useTranslateText } from "~/components/i18n";
import { LinkBankModal } from "~/components/bank/link-bank-modal";
import { PlaidLinkButton } from "~/components/bank/plaid-link-button";
import { useHydrated } from "~/components/use-hydrated";
import { SandboxRequestCard } from "~/components/sandbox-request-card";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import { Card } from "~/components/ui/page";
import { balanceRefreshToast } from "~/domain/balances";
import { formatDateTime, formatDay, formatMoney } from "~/domain/format";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import type { MessageId } from "~/domain/messages/en-US";
import { requireUser } from "~/server/auth/guards.server";
import { BankHealthAlerts, type LinkMode } from "~/components/bank/bank-health-alerts";
import { authorizeDebits } from "~/server/bank/account-health.server";
import {
  bankAccountsFor,
  confirmReconnected,
  createLinkToken,
  exchangePublicToken,
  refreshBalances,
  unlinkItem,
  type BankAccountView,
} from "~/server/bank/bank.server";
import { db } from "~/server/db/client.server";
import { deliverInBackground } from "~/server/email/outbox.server";
import { enqueueMoneyTick } from "~/server/jobs/queue.server";
import { appUrl, env, sandboxLinkPagesUrl } from "~/server/platform/env.server";
import { itemFundsActiveGroup } from "~/server/money/transfers.server";
import { sandboxCardState } from "~/server/admin/sandbox-access.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { setPayday } from "~/server/profile/profile.server";
import { PaydayCard } from "~/components/bank/payday-card";
import type { Route } from "./+types/profile.bank-accounts";
import { logger } from "~/server/platform/log.server";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("profile.bank.title") }];
}

const PAGE = "/profile/bank-accounts";

/** SPEC.md section 8 (script or token failure), without naming the provider. */
const UNABLE_TO_LOAD_PROVIDER = "Unable to load the bank-linking provider. Please try again.";

const BENEFITS: MessageId[] = ["profile.bank.benefit1", "profile.bank.benefit2", "profile.bank.benefit3", "profile.bank.benefit4"];

/**
 * How the page links a bank, from the configuration plaid.server.ts uses for its client (PLAID_ENV wins):
 * - "sandbox": the sandbox bank double; our Link modal with JavaScript, the bank's own Link pages without.
 * - "plaid": real Plaid; Plaid Link (react-plaid-link) with JavaScript. Plaid Link is JavaScript only, so without it
 *   the page says so instead of pretending.
 * - "none": no bank configured.
 */
function linkMode(): LinkMode {
  const config = env();
  if (config.PLAID_ENV) return "plaid";
  return config.PLAID_SANDBOX_URL ? "sandbox" : "none";
}

function formatCents(cents: number | null, locale: Locale) {
  return cents === null ? "—" : formatMoney(cents, locale);
}

/**
 * SPEC.md section 2, Bank Accounts: not authorised → request access; authorised without a bank → the connect card;
 * with one → the accounts. A return from the bank's Link pages (?public_token=…) shows a confirm step: loaders
 * never write, so the exchange is a POST. The one exception is the balance cache: balances older than 5 minutes are
 * asked of the bank as the page opens (at most once a minute per item), ADR 039.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const params = new URL(request.url).searchParams;
  // The bank's unnamed and the cancelled wording in the reader's language (the shapes unchanged).
  const t = translator(requestLocale(request, user.locale));
  if (!user.isPlaidSandboxAuthorized) {
    return { state: "request-access" as const, card: await sandboxCardState(user.id) };
  }
  const reconnectItemId = params.get("reconnect");
  // Back from the bank's Link pages in update mode: confirm (a POST; loaders never write).
  const reconnected =
    reconnectItemId && params.get("public_token")
      ? {
          itemId: reconnectItemId.slice(0, 64),
          institutionName: params.get("institution_name")?.slice(0, 200) ?? t("profile.bank.yourBankLower"),
        }
      : null;
  const returned =
    !reconnectItemId && params.get("link_token") && params.get("status") !== "exit"
      ? {
          // The Link token the bank's Link pages ran with; the exchange reads the public tokens from the bank (ADR 049).
          linkToken: params.get("link_token")!.slice(0, 512),
          institutionId: params.get("institution_id")?.slice(0, 64) ?? "",
          institutionName: params.get("institution_name")?.slice(0, 200) ?? t("profile.bank.yourBankLower"),
        }
      : null;
  const cancelled =
    params.get("status") === "exit" ? { message: params.get("error_message")?.slice(0, 300) || t("profile.bank.cancelledMessage") } : null;
  let accounts: BankAccountView[];
  try {
    // Stale balances are refreshed before they are shown; a bank that fails leaves the last figures, marked as such.
    await refreshBalances(user.id, { onlyStale: true }).catch((error: unknown) => {
      logger.error({ err: error }, "bank accounts: could not refresh balances");
    });
    accounts = await bankAccountsFor(user.id);
  } catch (error) {
    logger.error({ err: error }, "bank accounts: could not load");
    return { state: "error" as const, message: "Failed to fetch bank accounts" };
  }
  return {
    state: "ready" as const,
    accounts,
    returned,
    reconnected,
    cancelled,
    memberName: user.name,
    payday: user.payday ?? "",
    linkMode: linkMode(),
    // Plaid's own sandbox takes the same test credentials as our double; real banks do not.
    sandboxCredentials: env().PLAID_ENV !== "production",
  };
}

/** The sandbox bank's Link pages in the member's language: `lang` for any but English (ADR 056, part four (f)). */
function linkPagesLanguage(request: Request, accountLocale: string | null): Record<string, string> {
  const locale = requestLocale(request, accountLocale);
  return locale === "en-US" ? {} : { lang: locale };
}

export async function action({ request, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  const intent = formData.get("intent");
  // Descriptions with a name, a number or an agreement in them are written in the reader's language; fixed texts
  // travel in English and are translated on the page (SERVER_TEXTS).
  const locale = requestLocale(request, user.locale);
  const t = translator(locale);
  if (!user.isPlaidSandboxAuthorized) {
    return redirectWithToast(request, PAGE, {
      type: "error",
      title: "Sandbox access required",
      description: "Bank linking is available to sandbox-authorised members only.",
    });
  }

  // Plaid Link (JavaScript) asks for its link token here, through a fetcher; JSON in reply, never a redirect.
  if (intent === "link-token") {
    if (linkMode() === "none") return data({ error: UNABLE_TO_LOAD_PROVIDER }, { status: 503 });
    const token = await createLinkToken(user);
    if (!token.ok) return data({ error: UNABLE_TO_LOAD_PROVIDER }, { status: 502 });
    return data({ linkToken: token.linkToken });
  }

  if (intent === "reconnect-token") {
    if (linkMode() === "none") return data({ error: UNABLE_TO_LOAD_PROVIDER }, { status: 503 });
    const token = await createLinkToken(user, { reconnect: { itemId: String(formData.get("itemId") ?? "") } });
    if (!token.ok)
      return data(
        { error: token.code === "not_found" ? "Bank account not found" : UNABLE_TO_LOAD_PROVIDER },
        { status: token.code === "not_found" ? 404 : 502 },
      );
    return data({ linkToken: token.linkToken });
  }

  if (intent === "start-reconnect") {
    const itemId = String(formData.get("itemId") ?? "");
    if (linkMode() === "plaid") {
      // Only reached without JavaScript: with it, the page opens Plaid Link in update mode instead.
      return redirectWithToast(request, PAGE, {
        type: "warning",
        title: "JavaScript Required",
        description: "Reconnecting a bank opens the bank-linking provider's secure window, which needs JavaScript. Please turn it on and try again.",
      });
    }
    const sandboxUrl = sandboxLinkPagesUrl();
    if (linkMode() === "none" || !sandboxUrl) {
      return redirectWithToast(request, PAGE, {
        type: "error",
        title: "Linking Failed",
        description: "No bank-linking provider is configured on this server.",
      });
    }
    const redirectUri = `${appUrl()}${PAGE}?${new URLSearchParams({ reconnect: itemId })}`;
    const token = await createLinkToken(user, { redirectUri, reconnect: { itemId } });
    if (!token.ok) return redirectWithToast(request, PAGE, { type: "error", title: "Linking Failed", description: token.message });
    return redirect(
      `${sandboxUrl}/link?${new URLSearchParams({ token: token.linkToken, redirect_uri: redirectUri, ...linkPagesLanguage(request, user.locale) })}`,
    );
  }

  if (intent === "reconnected") {
    const result = await confirmReconnected(user, String(formData.get("itemId") ?? ""));
    if (!result.ok) return redirectWithToast(request, PAGE, { type: "error", title: "Not reconnected yet", description: result.message });
    // What waited for the login goes now, not at the next minute's tick (never throws; the tick runs it anyway).
    void enqueueMoneyTick("reconnected");
    return redirectWithToast(request, PAGE, {
      type: "success",
      title: "Bank reconnected",
      description: result.institutionName
        ? t("profile.bank.reconnectedToast", { name: result.institutionName })
        : t("profile.bank.reconnectedToastUnnamed"),
    });
  }

  if (intent === "save-payday") {
    const saved = await setPayday(user.id, String(formData.get("payday") ?? ""));
    if (!saved)
      return redirectWithToast(request, PAGE, { type: "error", title: "Payday not saved", description: "Choose one of the listed paydays." });
    return redirectWithToast(request, PAGE, { type: "success", title: "Payday saved" });
  }

  if (intent === "authorize-debits") {
    if (formData.get("consent") !== "yes") {
      return redirectWithToast(request, PAGE, {
        type: "error",
        title: "Debits not authorised",
        description: "Tick the box to confirm you authorise these debits.",
      });
    }
    const bankAccountId = String(formData.get("bankAccountId") ?? "");
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
    const result = uuid.test(bankAccountId)
      ? await db().transaction((tx) =>
          authorizeDebits(tx, {
            userId: user.id,
            bankAccountId,
            consent: { ipAddress: requestInfo(context).clientIp ?? null, userAgent: request.headers.get("user-agent") },
            // The words the form showed, in the reader's language, are the ones recorded.
            ...(locale === DEFAULT_LOCALE ? {} : { words: t }),
          }),
        )
      : null;
    if (!result) return redirectWithToast(request, PAGE, { type: "error", title: "Debits not authorised", description: "Bank account not found" });
    if (result.emailIds.length > 0) deliverInBackground(result.emailIds);
    if (result.changed) void enqueueMoneyTick("authorized");
    return redirectWithToast(request, PAGE, {
      type: "success",
      title: "Debits authorised",
      description: "Thank you. We've emailed you a copy of what you agreed to; waiting contributions go ahead now.",
    });
  }

  if (intent === "start-link") {
    const mode = linkMode();
    if (mode === "plaid") {
      // Only reached without JavaScript: with it, the page opens Plaid Link instead of posting this form.
      return redirectWithToast(request, PAGE, {
        type: "warning",
        title: "JavaScript Required",
        description: "Connecting a bank opens the bank-linking provider's secure window, which needs JavaScript. Please turn it on and try again.",
      });
    }
    // The bank's Link pages, where the browser can reach them (the app's own origin in a deployed demo).
    const sandboxUrl = sandboxLinkPagesUrl();
    if (mode === "none" || !sandboxUrl) {
      return redirectWithToast(request, PAGE, {
        type: "error",
        title: "Linking Failed",
        description: "No bank-linking provider is configured on this server.",
      });
    }
    const redirectUri = `${appUrl()}${PAGE}`;
    const token = await createLinkToken(user, { redirectUri });
    if (!token.ok) {
      return redirectWithToast(request, PAGE, { type: "error", title: "Linking Failed", description: token.message });
    }
    // The sandbox bank's own Link pages (they work without JavaScript) come back to redirectUri.
    return redirect(
      `${sandboxUrl}/link?${new URLSearchParams({ token: token.linkToken, redirect_uri: redirectUri, ...linkPagesLanguage(request, user.locale) })}`,
    );
  }

  if (intent === "exchange") {
    const linkToken = String(formData.get("linkToken") ?? "");
    const institutionId = String(formData.get("institutionId") ?? "").slice(0, 64);
    const institutionName = String(formData.get("institutionName") ?? "").slice(0, 200);
    const result = await exchangePublicToken(user, { linkToken }, { institution: { institution_id: institutionId, name: institutionName } });
    if (!result.ok && result.code === "still_finishing") {
      // Back to the same confirm step (without JavaScript, its form), so pressing again asks the bank again.
      const again = `${PAGE}?${new URLSearchParams({ link_token: linkToken.slice(0, 512), institution_id: institutionId, institution_name: institutionName })}`;
      return redirectWithToast(request, again, { type: "warning", title: "Still Connecting", description: result.message });
    }
    if (!result.ok) {
      return redirectWithToast(request, PAGE, {
        type: "error",
        title: "Linking Failed",
        // Someone else's Link session (ADR 049) says so; every other failure is worth a retry.
        description: result.code === "not_own_link" ? result.message : "We couldn't connect your bank account. Please try again.",
      });
    }
    void enqueueMoneyTick("linked");
    return redirectWithToast(request, PAGE, {
      type: "success",
      title: "Bank Account Connected!",
      description: t("profile.bank.connectedToast", { count: result.accounts.length }),
    });
  }

  if (intent === "refresh-balances") {
    const now = new Date();
    const outcome = await refreshBalances(user.id, { now });
    const soonest = Math.min(...outcome.tooSoon.map((item) => item.retryAt.getTime()));
    return redirectWithToast(
      request,
      PAGE,
      balanceRefreshToast(
        {
          refreshed: outcome.refreshed.length,
          failed: outcome.failed.length,
          retryInSeconds: outcome.tooSoon.length > 0 ? Math.max(1, Math.ceil((soonest - now.getTime()) / 1000)) : null,
        },
        locale === DEFAULT_LOCALE ? undefined : t,
      ),
    );
  }

  if (intent === "unlink") {
    const itemId = String(formData.get("itemId") ?? "");
    const result = await unlinkItem(user.id, itemId, { fundsActiveGroup: (id) => itemFundsActiveGroup(user.id, id) });
    if (!result.ok) {
      return redirectWithToast(request, PAGE, { type: "error", title: "Could not unlink", description: result.message });
    }
    return redirectWithToast(request, PAGE, { type: "success", title: "Bank account unlinked" });
  }

  throw new Response("Unknown action", { status: 400 });
}

export default function BankAccounts({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = navigation.state !== "idle" && navigation.location?.pathname === PAGE;
  const t = useT();
  const translate = useTranslateText();

  if (loaderData.state === "request-access") {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">{t("profile.bank.heading")}</h1>
        <div className="mt-6">
          <SandboxRequestCard {...loaderData.card} />
        </div>
      </>
    );
  }

  if (loaderData.state === "error") {
    return (
      <>
        <h1 className="text-2xl font-bold text-slate-900">{t("profile.bank.heading")}</h1>
        <Card className="mt-6">
          <Alert tone="error" title={t("profile.bank.unableToLoad")}>
            {translate(loaderData.message)}
          </Alert>
          <Link to={PAGE} className={buttonClass("secondary", "mt-4")} reloadDocument>
            {t("profile.bank.tryAgain")}
          </Link>
        </Card>
      </>
    );
  }

  const { accounts, returned, reconnected, cancelled, sandboxCredentials, memberName, linkMode: mode } = loaderData;
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-bold text-slate-900">{t("profile.bank.heading")}</h1>
        {accounts.length > 0 ? <LinkButton label={t("profile.bank.linkAnotherAccount")} busy={busy} /> : null}
      </div>
      {busy ? (
        <p role="status" className="mt-4 text-sm text-slate-600">
          {t("profile.bank.working")}
        </p>
      ) : null}

      {cancelled ? (
        <div className="mt-6">
          <Alert tone="warning" title={t("profile.bank.cancelled")}>
            {cancelled.message}
          </Alert>
        </div>
      ) : null}

      {reconnected ? (
        <Card className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">{t("profile.bank.finishReconnecting", { name: reconnected.institutionName })}</h2>
          <p className="mt-2 text-slate-600">{t("profile.bank.reconnectLead")}</p>
          <Form method="post" action={PAGE} className="mt-4">
            <input type="hidden" name="itemId" value={reconnected.itemId} />
            <button type="submit" name="intent" value="reconnected" className={buttonClass("primary")} disabled={busy}>
              {t("profile.bank.confirmReconnection")}
            </button>
          </Form>
        </Card>
      ) : null}

      <BankHealthAlerts accounts={accounts} memberName={memberName} linkMode={mode} hydrated={hydrated} busy={busy} action={PAGE} />

      {returned ? (
        <Card className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">{t("profile.bank.finishConnecting", { name: returned.institutionName })}</h2>
          <p className="mt-2 text-slate-600">{t("profile.bank.connectLead")}</p>
          <Form method="post" action={PAGE} className="mt-4">
            <input type="hidden" name="linkToken" value={returned.linkToken} />
            <input type="hidden" name="institutionId" value={returned.institutionId} />
            <input type="hidden" name="institutionName" value={returned.institutionName} />
            <button type="submit" name="intent" value="exchange" className={buttonClass("primary")} disabled={busy}>
              {t("profile.bank.connectAccounts")}
            </button>
          </Form>
        </Card>
      ) : null}

      {accounts.length === 0 && !returned ? (
        <Card className="mt-6">
          <h2 className="text-lg font-semibold text-slate-900">{t("profile.bank.none")}</h2>
          <p className="mt-2 text-slate-600">{t("profile.bank.noneLead")}</p>
          <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
            {BENEFITS.map((benefit) => (
              <li key={benefit}>{t(benefit)}</li>
            ))}
          </ul>
          <div className="mt-5">
            <LinkButton label={t("profile.bank.linkBankAccount")} busy={busy} />
          </div>
          {sandboxCredentials ? (
            <p className="mt-4 text-sm text-slate-600">
              <T id="profile.bank.demo" components={{ 0: <code />, 1: <code /> }} />
            </p>
          ) : null}
        </Card>
      ) : null}

      {accounts.length > 0 ? (
        <>
          {/* A plain form post: works without JavaScript; the server keeps it to one ask a minute per bank. */}
          <Form method="post" action={PAGE} className="mt-6">
            <button type="submit" name="intent" value="refresh-balances" className={buttonClass("secondary")} disabled={busy}>
              {t("profile.bank.refresh")}
            </button>
          </Form>
          <ul className="mt-4 space-y-4">
            {accounts.map((account) => (
              <li key={account.accountId}>
                <AccountCard account={account} busy={busy} />
              </li>
            ))}
          </ul>
          <PaydayCard payday={loaderData.payday} busy={busy} action={PAGE} />
        </>
      ) : null}
    </>
  );
}

function LinkButton({ label, busy }: { label: string; busy: boolean }) {
  const hydrated = useHydrated();
  const loaderData = useLoaderData<typeof loader>();
  // With JavaScript: the sandbox Link modal, or Plaid Link. Without: a plain form (the sandbox bank's Link pages, or
  // an honest "needs JavaScript" for Plaid).
  const mode = "linkMode" in loaderData ? loaderData.linkMode : "none";
  if (hydrated && mode === "sandbox") return <LinkBankModal label={label} />;
  if (hydrated && mode === "plaid") return <PlaidLinkButton label={label} action={PAGE} />;
  return (
    <Form method="post" action={PAGE}>
      <button type="submit" name="intent" value="start-link" className={buttonClass("primary")} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

function AccountCard({ account, busy }: { account: BankAccountView; busy: boolean }) {
  const { availableCents, currentCents } = account.balance;
  const t = useT();
  const locale = useLocale();
  const asOf = formatDateTime(account.balance.asOf, { locale });
  return (
    <Card>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="text-sm text-slate-600">{account.institutionName ?? t("profile.bank.bank")}</p>
          <h2 className="text-lg font-semibold text-slate-900">{account.accountName}</h2>
          <p className="text-sm text-slate-700">
            <span className="capitalize">{t("profile.bank.accountType", { type: account.accountType })}</span>
            {account.accountSubtype ? (
              <span className="capitalize"> · {t("profile.bank.accountSubtype", { subtype: account.accountSubtype })}</span>
            ) : null}
            {account.maskNumber ? <span> · ••••{account.maskNumber}</span> : null}
          </p>
          <p className="mt-1 text-xs text-slate-600">{t("profile.bank.connectedOn", { date: formatDay(account.connectionDate, locale) })}</p>
        </div>
        <Form method="post" action={PAGE}>
          <input type="hidden" name="itemId" value={account.itemId} />
          <button type="submit" name="intent" value="unlink" className={buttonClass("secondary")} disabled={busy}>
            {account.institutionName ? (
              <T id="profile.bank.unlink" values={{ name: account.institutionName }} components={{ 0: <span className="sr-only" /> }} />
            ) : (
              <T id="profile.bank.unlinkUnnamed" components={{ 0: <span className="sr-only" /> }} />
            )}
          </button>
        </Form>
      </div>
      {/* Hidden by default; <details> shows and hides it with or without JavaScript, and CSS swaps the label with the
          open state, so it reads "Hide balance" while the balance is shown (the hidden label is out of the accessible name). */}
      <details className="group mt-4 rounded-lg bg-slate-50 px-4 py-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          <span className="group-open:hidden">{t("profile.bank.showBalance")}</span>
          <span className="hidden group-open:inline">{t("profile.bank.hideBalance")}</span>
          <span className="sr-only">{t("profile.bank.balanceOf", { name: account.accountName })}</span>
        </summary>
        <dl className="mt-2 grid gap-1 text-sm">
          <div className="flex gap-2">
            <dt className="text-slate-600">{t("profile.bank.available")}</dt>
            <dd className="font-semibold text-slate-900">{formatCents(availableCents, locale)}</dd>
          </div>
          {currentCents !== null && currentCents !== availableCents ? (
            <div className="flex gap-2">
              <dt className="text-slate-600">{t("profile.bank.current")}</dt>
              <dd className="font-semibold text-slate-900">{formatCents(currentCents, locale)}</dd>
            </div>
          ) : null}
        </dl>
        {account.balance.refreshFailed ? (
          <p className="mt-2 text-sm text-amber-900">{t("profile.bank.balanceRefreshFailed", { time: asOf })}</p>
        ) : (
          <p className="mt-2 text-xs text-slate-600">{t("profile.bank.balanceAsOf", { time: asOf })}</p>
        )}
      </details>
    </Card>
  );
}
