import { data, Link } from "react-router";
import { metaTranslator, useT, useTranslateText } from "~/components/i18n";
import { TurnConsentOfferCard } from "~/components/money/turn-consent";
import { Card, PageContainer } from "~/components/ui/page";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import { requireUser } from "~/server/auth/guards.server";
import { isUuid } from "~/server/groups/group-views.server";
import { consentToPartialPayout, NO_SUCH_TURN, notYetMessage, turnConsentView } from "~/server/money/turn-consent.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/groups.$groupId.accept-payout";

export function meta({ matches }: Route.MetaArgs) {
  return [{ title: metaTranslator(matches)("turnConsent.page.metaTitle") }];
}

export const AGREE_REQUIRED = "Tick the box to accept what has arrived.";

function notFound() {
  return data({ notFound: true as const }, { status: 404 });
}

/**
 * /groups/{id}/accept-payout: the recipient of a turn that waits on a missing contribution accepts to be paid what
 * arrived (ADR 053 step 4). The group page's form posts here; this page shows the same form again when a post needs
 * an answer (the box left unticked), so it works without JavaScript.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  if (!isUuid(params.groupId)) return notFound();
  const view = await turnConsentView(user.id, params.groupId, new Date(), { membersOnly: true });
  if (!view) return notFound();
  return { groupId: params.groupId, offers: view.offers.filter((offer) => offer.open) };
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  if (!isUuid(params.groupId)) return notFound();
  const period = Number(formData.get("periodNumber"));
  // A period no form offers (tampered or unreadable): no such turn, said in the reader's language (SERVER_TEXTS).
  if (!Number.isInteger(period) || period < 1) return data({ error: NO_SUCH_TURN, periodNumber: null }, { status: 400 });
  if (formData.get("agree") !== "yes") return data({ error: AGREE_REQUIRED, periodNumber: period }, { status: 400 });
  const result = await consentToPartialPayout(user.id, params.groupId, period);
  // Sentences with a date or amounts are written in the reader's language here (ADR 056); fixed texts stay English on
  // the wire and the page translates them (TURN_CONSENT_SERVER_TEXTS).
  const locale = requestLocale(request, user.locale);
  const t = locale === DEFAULT_LOCALE ? null : translator(locale);
  if (!result.ok) {
    // No such group for this member: the page every group route shows; no such turn (a tampered period): said on this one.
    if (result.status === 404 && result.error !== NO_SUCH_TURN) return notFound();
    const error = t ? await notYetInReaderLanguage(user.id, params.groupId, period, result.error, t, locale) : result.error;
    return data({ error, periodNumber: period }, { status: result.status });
  }
  // Sent again later: what is true now. Everything owed may have arrived and been sent on since (QA pass 3). Written
  // with the catalogue in either language (its English is the toast's English).
  const owedCents = result.alreadyGiven ? result.stillOwedCents : result.owedCents;
  const allArrived = result.alreadyGiven && result.stillOwedCents === 0 && result.owedCents > 0;
  const say = t ?? translator(DEFAULT_LOCALE);
  return redirectWithToast(request, `/groups/${params.groupId}`, {
    type: "success",
    title: result.alreadyGiven ? "You already accepted what arrived" : "Accepted",
    description: say(allArrived ? "turnConsent.toast.allArrived" : "turnConsent.toast.accepted", {
      arrived: formatMoney(result.arrivedCents, locale),
      owed: formatMoney(allArrived ? result.owedCents : owedCents, locale),
    }),
  });
}

/** The refusal before the consent's day (notYetMessage) in the reader's language; any other refusal as it came. */
async function notYetInReaderLanguage(
  userId: string,
  groupId: string,
  period: number,
  error: string,
  t: ReturnType<typeof translator>,
  locale: Locale,
): Promise<string> {
  const offer = (await turnConsentView(userId, groupId)).offers.find((o) => o.periodNumber === period);
  if (!offer || error !== notYetMessage(offer.opensOn)) return error;
  return t("turnConsent.page.notYet", { date: formatCalendarDay(offer.opensOn, "full", locale) });
}

export default function AcceptPayout({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  const translateText = useTranslateText();
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
  const error = actionData && "error" in actionData && actionData.error ? translateText(actionData.error) : null;
  const errorPeriod = actionData && "periodNumber" in actionData ? actionData.periodNumber : null;
  return (
    <PageContainer narrow>
      <nav aria-label={t("groupPage.pay.breadcrumb")} className="text-sm">
        <Link to={`/groups/${loaderData.groupId}`} className="font-medium text-brand-700 underline">
          {t("turnConsent.page.back")}
        </Link>
      </nav>
      <h1 className="mt-3 text-3xl font-bold text-slate-900">{t("turnConsent.page.title")}</h1>
      {error && !loaderData.offers.some((offer) => offer.periodNumber === errorPeriod) ? (
        <Card className="mt-6">
          <p role="alert" className="text-slate-700">
            {error}
          </p>
        </Card>
      ) : null}
      {loaderData.offers.length === 0 && !error ? (
        <Card className="mt-6">
          <p className="text-slate-700">{t("turnConsent.page.none")}</p>
        </Card>
      ) : null}
      {loaderData.offers.map((offer) => (
        <Card key={offer.periodNumber} className="mt-6">
          <TurnConsentOfferCard
            offer={offer}
            action={`/groups/${loaderData.groupId}/accept-payout`}
            error={offer.periodNumber === errorPeriod ? error : null}
          />
        </Card>
      ))}
    </PageContainer>
  );
}
