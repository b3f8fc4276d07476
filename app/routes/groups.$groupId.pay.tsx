import { data, Form, Link, useNavigation } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { Alert } from "~/components/ui/alert";
import { Card, PageContainer } from "~/components/ui/page";
import { describeAccount, fullDate } from "~/domain/failed-contribution";
import { formatMoney } from "~/domain/format";
import { sandboxSettlesOn } from "~/domain/money";
import { bankDayOnOrAfter } from "~/domain/bank-days";
import { requireUser } from "~/server/auth/guards.server";
import { isUuid } from "~/server/groups/group-views.server";
import { payNow, payNowQuote } from "~/server/money/pay-now.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import { requestInfo } from "~/server/platform/request-context.server";
import type { Route } from "./+types/groups.$groupId.pay";

export function meta() {
  return [{ title: "Pay now — Rosca" }];
}

function notFound() {
  return data({ notFound: true as const }, { status: 404 });
}

/** /groups/{id}/pay: Pay now (issue 44, ADR 052) — a late contribution paid from the app, one web-authorised debit. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  if (!isUuid(params.groupId)) return notFound();
  const quoted = await payNowQuote(user.id, params.groupId);
  if (!quoted.ok) return quoted.status === 404 ? notFound() : { groupId: params.groupId, unavailable: quoted.error };
  return { groupId: params.groupId, quote: quoted.quote };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  if (!isUuid(params.groupId)) return notFound();
  const period = Number(formData.get("periodNumber"));
  if (!Number.isInteger(period) || period < 1) return data({ error: "Bad Request" }, { status: 400 });
  const result = await payNow(user.id, params.groupId, {
    periodNumber: period,
    consent: formData.get("consent") === "yes",
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
      ? { type: "error", title: "Your payment did not go through", description: t.failureDescription ?? "The bank declined the debit." }
      : {
          type: "success",
          title: result.alreadyOnItsWay ? "Your payment is already on its way" : "Payment on its way",
          description: `${formatMoney(t.amountCents)} is taken on ${fullDate(sentOn)} and expected to settle on ${fullDate(sandboxSettlesOn(t.initiatedOn))}. The payout that waits for it goes out once it has arrived.`,
        },
  );
}

export default function PayNow({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  if ("notFound" in loaderData) {
    return (
      <PageContainer narrow>
        <h1 className="text-3xl font-bold text-slate-900">Group Not Found</h1>
        <Card className="mt-6">
          <p className="text-slate-600">We couldn't find that group, or you aren't a member of it.</p>
        </Card>
      </PageContainer>
    );
  }
  const back = (
    <nav aria-label="Breadcrumb" className="text-sm">
      <Link to={`/groups/${loaderData.groupId}`} className="font-medium text-brand-700 underline">
        ← Back to the group
      </Link>
    </nav>
  );
  if (!("quote" in loaderData) || !loaderData.quote) {
    return (
      <PageContainer narrow>
        {back}
        <h1 className="mt-3 text-3xl font-bold text-slate-900">Pay now</h1>
        <Card className="mt-6">
          <p className="text-slate-700">{"unavailable" in loaderData ? loaderData.unavailable : null}</p>
        </Card>
      </PageContainer>
    );
  }
  const { quote } = loaderData;
  const error = actionData && "error" in actionData ? actionData.error : null;
  const busy = navigation.state === "submitting";
  return (
    <PageContainer narrow>
      {back}
      <h1 className="mt-3 text-3xl font-bold text-slate-900">Pay now</h1>
      <p className="mt-2 text-slate-600">
        Your contribution to {quote.late.groupName} due {fullDate(quote.late.dueOn)} did not go through. Pay it now and the payout that waits for it
        goes out once it has arrived.
      </p>
      <Card className="mt-6">
        {error ? (
          <div className="mb-4">
            <Alert tone="error">{error}</Alert>
          </div>
        ) : null}
        <dl className="space-y-3 text-sm" data-testid="pay-now-summary">
          <div>
            <dt className="text-slate-600">Amount</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatMoney(quote.late.amountCents)}</dd>
            {quote.late.feeCents > 0 ? (
              <dd className="text-slate-600">
                The one-time setup fee of {formatMoney(quote.late.feeCents)} is taken as its own debit once this contribution has gone through.
              </dd>
            ) : null}
          </div>
          <div>
            <dt className="text-slate-600">From</dt>
            <dd className="font-semibold text-slate-900">{describeAccount(quote.account)}</dd>
            <dd>
              <Link to={`/groups/${quote.late.groupId}#paid-from-title`} className="text-brand-700 underline">
                Choose another account
              </Link>
            </dd>
          </div>
          <div>
            <dt className="text-slate-600">Collected on</dt>
            <dd className="font-semibold text-slate-900">{fullDate(quote.collectOn)}</dd>
            <dd className="text-slate-600">Expected to settle on {fullDate(quote.settlesOn)} (ACH business days).</dd>
          </div>
        </dl>
        <Form method="post" className="mt-6 space-y-4">
          <input type="hidden" name="periodNumber" value={quote.late.periodNumber} />
          <label className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" name="consent" value="yes" required className="mt-1" />
            <span>{quote.consent}</span>
          </label>
          <button type="submit" className={buttonClass("primary")} disabled={busy} aria-busy={busy || undefined}>
            {busy ? "Paying…" : `Pay ${formatMoney(quote.late.amountCents)} now`}
          </button>
        </Form>
      </Card>
    </PageContainer>
  );
}
