import { data, Form, Link, useNavigation } from "react-router";
import { metaTranslator, useLocale, useT, useTranslateText } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { Card, PageContainer } from "~/components/ui/page";
import { describeAccount } from "~/domain/failed-contribution";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { DEFAULT_LOCALE } from "~/domain/locale";
import { sandboxSettlesOn } from "~/domain/money";
import { bankDayOnOrAfter } from "~/domain/bank-days";
import { requireUser } from "~/server/auth/guards.server";
import { isUuid } from "~/server/groups/group-views.server";
import { NOT_THIS_PAYMENT, payNow, payNowFailureText, payNowQuote } from "~/server/money/pay-now.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import { requestInfo } from "~/server/platform/request-context.server";
import { requestLocale, translator } from "~/server/platform/locale.server";
import type { Route } from "./+types/groups.$groupId.pay";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: `${metaTranslator(matches)("groupPage.pay.title")} — Rosca` }];
}

function notFound() {
  return data({ notFound: true as const }, { status: 404 });
}

/** /groups/{id}/pay: Pay now (issue 44, ADR 052) — a late contribution paid from the app, one web-authorised debit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  if (!isUuid(params.groupId)) return notFound();
  // The page, and so the authorisation the member agrees to, in the reader's language (ADR 056).
  // `?from=<account>`: the member picked another of their usable accounts for this payment (a plain link: no JavaScript).
  const from = new URL(request.url).searchParams.get("from");
  const quoted = await payNowQuote(user.id, params.groupId, new Date(), requestLocale(request, user.locale), from && isUuid(from) ? from : null);
  if (!quoted.ok) return quoted.status === 404 ? notFound() : { groupId: params.groupId, unavailable: quoted.error };
  return { groupId: params.groupId, quote: quoted.quote };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  if (!isUuid(params.groupId)) return notFound();
  const period = Number(formData.get("periodNumber"));
  // A period the page never offers (tampered or unreadable): said like any other the member can't pay now.
  if (!Number.isInteger(period) || period < 1) return data({ error: NOT_THIS_PAYMENT }, { status: 400 });
  const locale = requestLocale(request, user.locale);
  const result = await payNow(user.id, params.groupId, {
    locale,
    periodNumber: period,
    consent: formData.get("consent") === "yes",
    bankAccountId: typeof formData.get("bankAccountId") === "string" ? String(formData.get("bankAccountId")) : null,
    ipAddress: requestInfo(context).clientIp ?? null,
    userAgent: request.headers.get("user-agent"),
  });
  if (!result.ok) {
    if (result.status === 404) return notFound();
    return data({ error: result.error }, { status: result.status });
  }
  const t = result.transfer;
  const sentOn = bankDayOnOrAfter(t.initiatedOn);
  const declined = t.status === "declined" || t.status === "failed";
  return redirectWithToast(
    request,
    `/groups/${params.groupId}`,
    declined
      ? {
          type: "error",
          title: "Your payment did not go through",
          // Our words in the reader's language (the failed contribution notice's), never the bank's own text.
          description: (await payNowFailureText(t, locale)) ?? "The bank declined the debit.",
        }
      : {
          type: "success",
          title: result.alreadyOnItsWay ? "Your payment is already on its way" : "Payment on its way",
          // Written here in the reader's language: its dates and amount are the toast's own (SERVER_TEXTS cannot hold them).
          description:
            locale === DEFAULT_LOCALE
              ? `The debit of ${formatMoney(t.amountCents)} is sent to your bank on ${formatCalendarDay(sentOn, "full")} and expected to be collected on ${formatCalendarDay(sandboxSettlesOn(t.initiatedOn), "full")}, the day it settles and your statement shows it. The payout that waits for it goes out once it has arrived.`
              : translator(locale)("groupPage.pay.onItsWay", {
                  amount: formatMoney(t.amountCents, locale),
                  date: formatCalendarDay(sentOn, "full", locale),
                  settles: formatCalendarDay(sandboxSettlesOn(t.initiatedOn), "full", locale),
                }),
        },
  );
}

export default function PayNow({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useT();
  const locale = useLocale();
  const translate = useTranslateText();
  const fullDate = (day: string) => formatCalendarDay(day, "full", locale);
  const money = (cents: number) => formatMoney(cents, locale);
  if ("notFound" in loaderData) {
    return (
      <PageContainer narrow>
        <h1 className="text-3xl font-bold text-slate-900">{t("groupPage.notFound")}</h1>
        <Card className="mt-6">
          <p className="text-slate-600">{t("groupPage.notFoundBody")}</p>
        </Card>
      </PageContainer>
    );
  }
  const back = (
    <nav aria-label={t("groupPage.pay.breadcrumb")} className="text-sm">
      <Link to={`/groups/${loaderData.groupId}`} className="font-medium text-brand-700 underline">
        ← {t("groupPage.pay.back")}
      </Link>
    </nav>
  );
  if (!("quote" in loaderData) || !loaderData.quote) {
    return (
      <PageContainer narrow>
        {back}
        <h1 className="mt-3 text-3xl font-bold text-slate-900">{t("groupPage.pay.title")}</h1>
        <Card className="mt-6">
          <p className="text-slate-700">{"unavailable" in loaderData ? translate(loaderData.unavailable) : null}</p>
        </Card>
      </PageContainer>
    );
  }
  const { quote } = loaderData;
  // The member's other usable accounts, each a link to this page paying from it instead.
  const others = quote.late.payFromChoices.filter((account) => account.id !== quote.account.id);
  const error = actionData && "error" in actionData ? actionData.error : null;
  const busy = navigation.state === "submitting";
  return (
    <PageContainer narrow>
      {back}
      <h1 className="mt-3 text-3xl font-bold text-slate-900">{t("groupPage.pay.title")}</h1>
      <p className="mt-2 text-slate-600">{t("groupPage.pay.lead", { group: quote.late.groupName, date: fullDate(quote.late.dueOn) })}</p>
      {/* Pay now pays the oldest late contribution: any other is named, with its amount, as not covered (paid next). */}
      {quote.alsoLate.map((other) => (
        <p key={other.periodNumber} className="mt-2 font-medium text-slate-800" data-testid="pay-now-also-late">
          {t("groupPage.pay.alsoLate", {
            amount: money(other.consent ? other.consent.owedCents : other.amountCents),
            date: fullDate(other.dueOn),
          })}
        </p>
      ))}
      <Card className="mt-6">
        {error ? (
          <div className="mb-4">
            <Alert tone="error">{translate(error)}</Alert>
          </div>
        ) : null}
        <dl className="space-y-3 text-sm" data-testid="pay-now-summary">
          <div>
            <dt className="text-slate-600">{t("groupPage.amount")}</dt>
            <dd className="text-lg font-semibold text-slate-900">{money(quote.late.amountCents)}</dd>
            {quote.late.feeCents > 0 ? <dd className="text-slate-600">{t("groupPage.pay.fee", { fee: money(quote.late.feeCents) })}</dd> : null}
          </div>
          <div>
            <dt className="text-slate-600">{t("groupPage.pay.from")}</dt>
            <dd className="font-semibold text-slate-900">{describeAccount(quote.account)}</dd>
            {quote.late.accountId === quote.account.id ? (
              // The account that just failed (the only usable one, or the member's pick): said plainly, with the way to
              // another when there is none to pick.
              <dd className="text-slate-700" data-testid="pay-now-failed-account">
                {t("groupPage.pay.failedHere", { date: fullDate(quote.late.failedOn) })}
                {others.length === 0 ? (
                  <>
                    {" "}
                    <Link to="/profile/bank-accounts" className="text-brand-700 underline">
                      {t("groupPage.pay.linkAnother")}
                    </Link>
                  </>
                ) : null}
              </dd>
            ) : quote.late.accountId && quote.late.account ? (
              <dd className="text-slate-700" data-testid="pay-now-failed-account">
                {t("groupPage.pay.insteadOf", { account: describeAccount(quote.late.account), date: fullDate(quote.late.failedOn) })}
              </dd>
            ) : null}
            {others.map((account) => (
              <dd key={account.id}>
                <Link to={`?from=${account.id}`} replace className="text-brand-700 underline" data-testid="pay-now-from">
                  {t("groupPage.pay.fromInstead", { account: describeAccount(account) })}
                </Link>
              </dd>
            ))}
            <dd>
              <Link to={`/groups/${quote.late.groupId}#paid-from-title`} className="text-brand-700 underline">
                {t("groupPage.lateAlert.chooseAnother")}
              </Link>
            </dd>
          </div>
          <div>
            {/* ADR 040: "collected" is the day the debit settles (the schedule's and the statement's day), not the day it is sent. */}
            <dt className="text-slate-600">{t("groupPage.pay.sentOn")}</dt>
            <dd className="font-semibold text-slate-900">{fullDate(quote.collectOn)}</dd>
            <dd className="text-slate-600">{t("groupPage.pay.collected", { date: fullDate(quote.settlesOn) })}</dd>
          </div>
        </dl>
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="periodNumber" value={quote.late.periodNumber} />
          {/* The account the consent below names: if the debit's account changed meanwhile, nothing is taken. */}
          <input type="hidden" name="bankAccountId" value={quote.account.id} />
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="consent" value="yes" required className="mt-1" />
            <span>{quote.consent}</span>
          </label>
          <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t("groupPage.pay.paying") : t("groupPage.lateAlert.payNow", { amount: money(quote.late.amountCents) })}
          </button>
        </Form>
      </Card>
    </PageContainer>
  );
}
