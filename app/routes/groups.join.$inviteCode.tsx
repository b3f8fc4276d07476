import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { metaTranslator, T, useLocale, useT, useTranslateText } from "~/components/i18n";
import {
  BANK_STEP_HOW_IT_WORKS,
  ImportantInformation,
  InvitationDetails,
  MembersSoFar,
  termsStatementsIn,
  TERMS_REQUIRED,
  type JoinInvitation,
} from "~/components/groups/join-invitation";
import { LinkBankModal } from "~/components/bank/link-bank-modal";
import { DefaultCover } from "~/components/groups/default-cover";
import { PlaidLinkButton } from "~/components/bank/plaid-link-button";
import { useHydrated } from "~/components/use-hydrated";
import { SandboxRequestCard } from "~/components/sandbox-request-card";
import { Alert } from "~/components/ui/alert";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { FieldErrors } from "~/components/ui/field";
import { Card, PageContainer } from "~/components/ui/page";
import { formatCalendarDay, formatMoney } from "~/domain/format";
import { SETUP_FEE_CENTS } from "~/domain/groups";
import type { Locale } from "~/domain/locale";
import { requireUser } from "~/server/auth/guards.server";
import { createLinkToken, exchangePublicToken } from "~/server/bank/bank.server";
import type { User } from "~/server/db/schema";
import { appUrl, env, sandboxLinkPagesUrl } from "~/server/platform/env.server";
import { invitationView } from "~/server/groups/group-views.server";
import { declineInvitation, groupUrl, joinGroup, lookupInvitation, type InvitationLookup } from "~/server/groups/groups.server";
import { sandboxCardState } from "~/server/admin/sandbox-access.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import { requestLocale, type ServerTranslate, translator } from "~/server/platform/locale.server";
import type { Route } from "./+types/groups.join.$inviteCode";

/** Accept and Join (and the bank step's forms, which carry the acceptance along as a hidden field). */
const acceptSchema = z.object({
  terms: z.literal("on", { error: TERMS_REQUIRED }),
});

/** SPEC.md section 8 (token failure), without naming the provider; as on /profile/bank-accounts. */
const UNABLE_TO_LOAD_PROVIDER = "Unable to load the bank-linking provider. Please try again.";

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const t = metaTranslator(matches);
  const title =
    loaderData && "invitation" in loaderData
      ? t("join.title", { name: loaderData.invitation.groupName })
      : loaderData?.state === "not-authorized"
        ? t("join.titleGeneric")
        : loaderData && "title" in loaderData
          ? t("join.titleOf", { title: loaderData.title })
          : t("join.titleInvalid");
  return [{ title }];
}

/** The reader's language and its `t`: the page's states and the action's toasts are written in it (ADR 056). */
function wordsFor(request: Request, user: User): { locale: Locale; t: ServerTranslate } {
  const locale = requestLocale(request, user.locale);
  return { locale, t: translator(locale) };
}

/**
 * How the bank step links a bank (as on /profile/bank-accounts): the sandbox bank double, with its own Link pages that
 * work without JavaScript; real Plaid, through Plaid Link (JavaScript only: without it the page says so); or nothing.
 */
type LinkMode = "sandbox" | "plaid" | "none";
function linkMode(): LinkMode {
  const config = env();
  if (config.PLAID_ENV) return "plaid";
  return config.PLAID_SANDBOX_URL ? "sandbox" : "none";
}

/** Step 2's URL. The acceptance travels with it: it is only reached through an accepted step 1 and re-checked on POST. */
function bankStepPath(code: string) {
  return `${joinPath(code)}?step=bank&terms=on`;
}

/** joinUrl() of groups.server, which the page's components cannot import. */
function joinPath(code: string) {
  return `/groups/join/${encodeURIComponent(code)}`;
}

/** NOT_AUTHORIZED_TO_JOIN (groups.server.ts), in the reader's language. */
async function notAuthorized(userId: string, t: ServerTranslate) {
  return data({ state: "not-authorized" as const, message: t("join.notAuthorized"), card: await sandboxCardState(userId) }, { status: 403 });
}

const expiryDay = (locale: Locale) => new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "America/New_York" });

/**
 * Unknown, declined, full, not addressed to this user: all look the same (no probing); 429 when rate-limited. The
 * invitation's own addressee is told when it expired, was revoked or closed (410), so they know to ask again.
 */
type Unavailable = Extract<InvitationLookup, { reason: "expired" | "revoked" | "closed" | "removed" | "left" }>;

function invalid(lookup: { reason: "invalid" | "rate-limited" } | Unavailable, { locale, t }: { locale: Locale; t: ServerTranslate }) {
  // Removed by the group's admin (ADR 038): told so, with the reason they were given, whichever link they followed.
  if (lookup.reason === "removed") {
    return data(
      {
        state: "invalid" as const,
        title: t("join.removedTitle"),
        message: t("join.removed", { reason: lookup.removalReason }),
        groupName: lookup.groupName,
      },
      { status: 403 },
    );
  }
  // Left the group before it started (ADR 041): told so, and how to come back.
  if (lookup.reason === "left") {
    return data({ state: "invalid" as const, title: t("join.leftTitle"), message: t("join.left"), groupName: lookup.groupName }, { status: 403 });
  }
  if (lookup.reason === "expired" || lookup.reason === "revoked" || lookup.reason === "closed") {
    const title = t(`invitation.${lookup.reason}Title`);
    const message =
      lookup.reason === "expired"
        ? t("invitation.expired", { date: expiryDay(locale).format(lookup.expiresAt) })
        : t(lookup.reason === "revoked" ? "invitation.revoked" : "invitation.closedMessage");
    return data({ state: "invalid" as const, title, message, groupName: lookup.groupName }, { status: 410 });
  }
  return data(
    { state: "invalid" as const, title: t("join.invalidTitle"), message: t("join.invalid") },
    { status: lookup.reason === "rate-limited" ? 429 : 404 },
  );
}

/**
 * SPEC.md section 2, /groups/join/{inviteCode}: not authorised → the warning and the request-access card; an unusable
 * code → 'Invalid Invitation'; a member already → their group; else step 1 (details, terms) or, after accepting
 * without a bank, step 2 (link a bank). A return from the bank's Link pages (?public_token=…) shows a confirm form:
 * loaders never write, so the exchange and the join are a POST.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  const words = wordsFor(request, user);
  if (!user.isPlaidSandboxAuthorized) return notAuthorized(user.id, words.t);
  const code = params.inviteCode;
  const lookup = await lookupInvitation(user.id, user.email, code);
  if (!lookup.ok) return invalid(lookup, words);
  if (lookup.alreadyMember) throw redirect(groupUrl(lookup.group.id));

  const view = await invitationView(lookup.group, user.id, new Date(), words.locale);
  const invitation: JoinInvitation = {
    groupName: view.groupName,
    description: view.description,
    adminName: view.adminName,
    memberCount: view.memberCount,
    joinedCount: view.joinedCount,
    contributionCents: view.contributionCents,
    payoutCents: view.payoutCents,
    scheduleLine: view.scheduleLine,
    firstContributionOn: view.firstContributionOn,
    yourPosition: view.yourPosition,
    payoutOrder: view.payoutOrder,
    drawCommitment: view.drawCommitment,
    setupFeeCents: SETUP_FEE_CENTS,
    sharedRecords: view.sharedRecords,
    privateRecords: view.privateRecords,
  };
  const search = new URL(request.url).searchParams;
  const onBankStep = !user.hasBankAccount && search.get("step") === "bank" && search.get("terms") === "on";
  const returned =
    onBankStep && search.get("link_token") && search.get("status") !== "exit"
      ? {
          // The sandbox bank's Link pages come back with the Link token they ran with; the public tokens are read
          // from the bank by the exchange, never from the browser (ADR 049).
          linkToken: search.get("link_token")!.slice(0, 512),
          institutionId: search.get("institution_id")?.slice(0, 64) ?? "",
          institutionName: search.get("institution_name")?.slice(0, 200) || words.t("join.yourBank"),
        }
      : null;
  const cancelled =
    onBankStep && search.get("status") === "exit" ? { message: search.get("error_message")?.slice(0, 300) || words.t("join.cancelled") } : null;
  return {
    state: onBankStep ? ("bank" as const) : ("details" as const),
    code,
    invitation,
    needsBank: !user.hasBankAccount,
    returned,
    cancelled,
    linkMode: linkMode(),
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  const intent = String(formData.get("intent") ?? "");
  const code = params.inviteCode;
  const words = wordsFor(request, user);
  const { t } = words;
  if (!user.isPlaidSandboxAuthorized) return notAuthorized(user.id, t);
  const lookup = await lookupInvitation(user.id, user.email, code);
  if (!lookup.ok) return invalid(lookup, words);
  const group = lookup.group;
  if (lookup.alreadyMember) return redirect(groupUrl(group.id));

  if (intent === "decline") {
    // Marks an email-bound invitation declined; an open link has nothing to record.
    await declineInvitation(user, code);
    return redirectWithToast(request, "/dashboard", {
      type: "info",
      title: t("join.declinedTitle"),
      description: t("join.declinedDescription", { name: group.name }),
    });
  }

  if (intent !== "join" && intent !== "start-link" && intent !== "exchange" && intent !== "link-token") {
    return data({ state: "details" as const, result: null, error: t("join.unknownAction") }, { status: 400 });
  }
  // Every step that can end in a membership re-checks the acceptance.
  const submission = parseWithZod(formData, { schema: acceptSchema });
  if (submission.status !== "success") {
    return data({ state: "details" as const, result: submission.reply(), error: null }, { status: 400 });
  }

  if (intent === "join") return joinAndRedirect(request, user, code, group.contributionCents, words);

  // Plaid Link (JavaScript) asks for its link token here, through a fetcher: JSON in reply, never a redirect.
  if (intent === "link-token") {
    if (linkMode() !== "plaid") return data({ error: UNABLE_TO_LOAD_PROVIDER }, { status: 409 });
    const token = await createLinkToken(user);
    if (!token.ok) return data({ error: UNABLE_TO_LOAD_PROVIDER }, { status: 502 });
    return data({ linkToken: token.linkToken });
  }

  if (intent === "start-link") {
    // Linked meanwhile (another tab): nothing left to link.
    if (user.hasBankAccount) return joinAndRedirect(request, user, code, group.contributionCents, words);
    const mode = linkMode();
    const back = bankStepPath(code);
    if (mode === "plaid") {
      // Only reached without JavaScript: with it, the bank step opens Plaid Link instead of posting this form.
      return redirectWithToast(request, back, {
        type: "warning",
        title: t("join.jsRequiredTitle"),
        description: t("join.jsRequired"),
      });
    }
    // The bank's Link pages, where the browser can reach them (the app's own origin in a deployed demo).
    const sandboxUrl = sandboxLinkPagesUrl();
    if (mode === "none" || !sandboxUrl) {
      return redirectWithToast(request, back, {
        type: "error",
        title: t("join.linkingFailedTitle"),
        description: t("join.noProvider"),
      });
    }
    const redirectUri = `${appUrl()}${back}`;
    const token = await createLinkToken(user, { redirectUri });
    if (!token.ok) return redirectWithToast(request, back, { type: "error", title: t("join.linkingFailedTitle"), description: token.message });
    // The sandbox bank's own Link pages (they work without JavaScript) come back to redirectUri with ?public_token=….
    // In the reader's language: the bank's pages read `lang` (English: no parameter, as before).
    const lang: Record<string, string> = words.locale === "en-US" ? {} : { lang: words.locale };
    return redirect(`${sandboxUrl}/link?${new URLSearchParams({ token: token.linkToken, redirect_uri: redirectUri, ...lang })}`);
  }

  // intent === "exchange": link the bank (Link modal or the confirm form after the Link pages), then join at once.
  const linkToken = String(formData.get("linkToken") ?? "");
  const institutionId = String(formData.get("institutionId") ?? "").slice(0, 64);
  const institutionName = String(formData.get("institutionName") ?? "").slice(0, 200);
  const linked = await exchangePublicToken(user, { linkToken }, { institution: { institution_id: institutionId, name: institutionName } });
  if (!linked.ok) {
    if (linked.code === "still_finishing") {
      // Back to the same confirm step (without JavaScript, its form), so pressing again asks the bank again.
      const again = `${bankStepPath(code)}&${new URLSearchParams({ link_token: linkToken.slice(0, 512), institution_id: institutionId, institution_name: institutionName })}`;
      return redirectWithToast(request, again, { type: "warning", title: t("join.stillConnectingTitle"), description: linked.message });
    }
    // Someone else's Link session (ADR 049) says so; every other failure is worth a retry.
    const description = linked.code === "not_own_link" ? linked.message : t("join.linkingFailed");
    return redirectWithToast(request, bankStepPath(code), { type: "error", title: t("join.linkingFailedTitle"), description });
  }
  return joinAndRedirect(
    request,
    { ...user, hasBankAccount: user.hasBankAccount || linked.accounts.length > 0 },
    code,
    group.contributionCents,
    words,
  );
}

async function joinAndRedirect(request: Request, user: User, code: string, contributionCents: number, words: { locale: Locale; t: ServerTranslate }) {
  const { locale, t } = words;
  const result = await joinGroup(user, code);
  if (result.ok) {
    if (result.alreadyMember) return redirect(groupUrl(result.groupId));
    return redirectWithToast(request, groupUrl(result.groupId), {
      type: "success",
      title: t("join.joinedTitle"),
      // A group still forming has only a projected first due day, as this page said before the join.
      description: t(result.forming ? "join.joinedDescriptionProjected" : "join.joinedDescription", {
        amount: formatMoney(contributionCents, locale),
        date: formatCalendarDay(result.firstDueOn, "long", locale),
      }),
    });
  }
  if (result.reason === "no-bank-account") return redirect(bankStepPath(code));
  if (result.reason === "not-authorized") return notAuthorized(user.id, t);
  // Lost the last seat to someone else, or the invitation changed (expired, revoked, removed, left) meanwhile.
  if ("groupName" in result) return invalid(result, words);
  return invalid({ reason: result.reason === "rate-limited" ? "rate-limited" : "invalid" }, words);
}

export default function JoinGroup({ loaderData, actionData: rawActionData }: Route.ComponentProps) {
  // The link-token reply (JSON for Plaid Link's fetcher) is not a page state.
  const actionData = rawActionData && "state" in rawActionData ? rawActionData : undefined;
  // A refused POST (not authorised, invalid) shows what the loader would; a terms error goes back to step 1.
  const blocked = actionData && (actionData.state === "not-authorized" || actionData.state === "invalid") ? actionData : null;
  const view = blocked ?? loaderData;
  const t = useT();

  if (view.state === "not-authorized") {
    return (
      <PageContainer>
        <h1 className="text-3xl font-bold text-slate-900">{t("join.headingGeneric")}</h1>
        <div className="mt-6 space-y-4">
          <Alert tone="warning" title={t("join.sandboxRequired")}>
            {view.message}
          </Alert>
          <SandboxRequestCard {...view.card} />
        </div>
      </PageContainer>
    );
  }

  if (view.state === "invalid") {
    return (
      <PageContainer>
        <h1 className="text-3xl font-bold text-slate-900">{view.title}</h1>
        <Card className="mt-6">
          {"groupName" in view && typeof view.groupName === "string" ? (
            <p className="font-semibold text-slate-900">{t("join.invitationTo", { name: view.groupName })}</p>
          ) : null}
          <p className="text-slate-700">{view.message}</p>
          <ButtonLink to="/dashboard" className="mt-4">
            {t("join.toDashboard")}
          </ButtonLink>
        </Card>
      </PageContainer>
    );
  }

  const step = actionData?.state === "details" ? "details" : view.state;
  const { invitation, needsBank } = view;
  return (
    <PageContainer>
      <p className="text-sm font-medium text-brand-800">
        {needsBank
          ? t("join.step", { step: step === "bank" ? 2 : 1, name: t(step === "bank" ? "join.stepBank" : "join.stepDetails") })
          : t("join.invitation")}
      </p>
      <h1 className="mt-1 text-3xl font-bold text-slate-900">{t("join.heading", { name: invitation.groupName })}</h1>
      <p className="mt-1 text-slate-600">{t("join.invitedYou", { name: invitation.adminName })}</p>
      <div className="mt-6 space-y-6">
        {step === "bank" ? <BankStep data={view} /> : <DetailsStep data={view} result={actionData?.state === "details" ? actionData : null} />}
      </div>
    </PageContainer>
  );
}

type ReadyData = Extract<Route.ComponentProps["loaderData"], { state: "details" | "bank" }>;
type DetailsActionData = Extract<NonNullable<Route.ComponentProps["actionData"]>, { state: "details" }>;

function DetailsStep({ data, result }: { data: ReadyData; result: DetailsActionData | null }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const path = joinPath(data.code);
  const [form, fields] = useForm({
    id: "join-group",
    lastResult: result?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: acceptSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const termsErrorId = `${fields.terms.id}-error`;
  const t = useT();
  const locale = useLocale();
  const translateText = useTranslateText();
  return (
    <>
      <InvitationDetails invitation={data.invitation} />
      <MembersSoFar invitation={data.invitation} />
      <ImportantInformation />
      <Card>
        <DefaultCover open />
      </Card>
      <Card>
        <section aria-labelledby="terms-title">
          <h2 id="terms-title" className="text-lg font-semibold text-slate-900">
            {t("join.termsTitle")}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
            {termsStatementsIn(data.invitation, t, (cents) => formatMoney(cents, locale)).map((statement) => (
              <li key={statement}>{statement}</li>
            ))}
          </ul>
          {result?.error ? (
            <div className="mt-4">
              <Alert tone="error">{result.error}</Alert>
            </div>
          ) : null}
          <Form method="post" action={path} {...getFormProps(form)} noValidate className="mt-5">
            <label className="flex items-start gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name={fields.terms.name}
                id={fields.terms.id}
                key={fields.terms.key}
                defaultChecked={fields.terms.initialValue === "on"}
                className="mt-0.5 h-4 w-4 rounded border-slate-300"
                aria-invalid={fields.terms.errors?.length ? true : undefined}
                aria-describedby={fields.terms.errors?.length ? termsErrorId : undefined}
              />
              <span>{t("join.agree")}</span>
            </label>
            <FieldErrors id={termsErrorId} errors={fields.terms.errors?.map(translateText)} />
            <div className="mt-5 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="join" className={buttonClass("primary")} disabled={busy}>
                {t("join.accept")}
              </button>
            </div>
          </Form>
          {/* Its own form: declining needs no acceptance. */}
          <Form method="post" action={path} className="mt-3">
            <button type="submit" name="intent" value="decline" className={buttonClass("secondary")} disabled={busy}>
              {t("join.decline")}
            </button>
          </Form>
        </section>
      </Card>
    </>
  );
}

function BankStep({ data }: { data: ReadyData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const path = bankStepPath(data.code);
  const hydrated = useHydrated();
  const t = useT();
  return (
    <Card>
      <section aria-labelledby="bank-step-title">
        <h2 id="bank-step-title" className="text-lg font-semibold text-slate-900">
          {t("join.stepBank")}
        </h2>
        <p className="mt-2 text-slate-700">{t("join.bankLead", { name: data.invitation.groupName })}</p>
        {data.cancelled ? (
          <div className="mt-4">
            <Alert tone="warning" title={t("join.cancelledTitle")}>
              {data.cancelled.message}
            </Alert>
          </div>
        ) : null}
        {data.returned ? (
          <div className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3">
            <h3 className="font-semibold text-slate-900">{t("join.finishTitle", { name: data.returned.institutionName })}</h3>
            <p className="mt-1 text-sm text-slate-700">{t("join.finishBody")}</p>
            <Form method="post" action={path} className="mt-3">
              <input type="hidden" name="terms" value="on" />
              <input type="hidden" name="linkToken" value={data.returned.linkToken} />
              <input type="hidden" name="institutionId" value={data.returned.institutionId} />
              <input type="hidden" name="institutionName" value={data.returned.institutionName} />
              <button type="submit" name="intent" value="exchange" className={buttonClass("primary")} disabled={busy}>
                {t("join.connectAndJoin")}
              </button>
            </Form>
          </div>
        ) : null}
        <h3 className="mt-5 font-semibold text-slate-900">{t("join.howTitle")}</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
          {BANK_STEP_HOW_IT_WORKS.map((line) => (
            <li key={line}>{t(line)}</li>
          ))}
        </ol>
        {data.returned ? null : hydrated && data.linkMode === "sandbox" ? (
          <div className="mt-5">
            <LinkBankModal label={t("join.connect")} action={path} fields={{ terms: "on" }} />
          </div>
        ) : hydrated && data.linkMode === "plaid" ? (
          <div className="mt-5">
            <PlaidLinkButton label={t("join.connect")} action={path} fields={{ terms: "on" }} />
          </div>
        ) : (
          <Form method="post" action={path} className="mt-5">
            <input type="hidden" name="terms" value="on" />
            <button type="submit" name="intent" value="start-link" className={buttonClass("primary")} disabled={busy}>
              {t("join.connect")}
            </button>
          </Form>
        )}
        {data.linkMode === "sandbox" ? (
          <p className="mt-4 text-sm text-slate-600">
            <T id="join.demo" components={{ 0: <code />, 1: <code /> }} />
          </p>
        ) : null}
      </section>
    </Card>
  );
}
