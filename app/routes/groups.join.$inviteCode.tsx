import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, redirect, useNavigation } from "react-router";
import { z } from "zod";
import {
  BANK_STEP_HOW_IT_WORKS,
  ImportantInformation,
  InvitationDetails,
  MembersSoFar,
  termsStatements,
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
import { SETUP_FEE_CENTS } from "~/domain/groups";
import { INVITATION_STATE_MESSAGES, joinedDescription } from "~/domain/invitations";
import { ROSTER_MESSAGES } from "~/domain/roster";
import { requireUser } from "~/server/auth/guards.server";
import { createLinkToken, exchangePublicToken } from "~/server/bank/bank.server";
import type { User } from "~/server/db/schema";
import { appUrl, env, sandboxLinkPagesUrl } from "~/server/platform/env.server";
import { invitationView } from "~/server/groups/group-views.server";
import {
  declineInvitation,
  groupUrl,
  INVALID_INVITATION,
  joinGroup,
  lookupInvitation,
  NOT_AUTHORIZED_TO_JOIN,
  type InvitationLookup,
} from "~/server/groups/groups.server";
import { sandboxCardState } from "~/server/admin/sandbox-access.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/groups.join.$inviteCode";

/** Accept and Join (and the bank step's forms, which carry the acceptance along as a hidden field). */
const acceptSchema = z.object({
  terms: z.literal("on", { error: TERMS_REQUIRED }),
});

const LINKING_FAILED_DESCRIPTION = "We couldn't connect your bank account. Please try again.";

/** SPEC.md section 8 (token failure), without naming the provider; as on /profile/bank-accounts. */
const UNABLE_TO_LOAD_PROVIDER = "Unable to load the bank-linking provider. Please try again.";

export function meta({ loaderData }: Route.MetaArgs) {
  const title =
    loaderData && "invitation" in loaderData
      ? `Join ${loaderData.invitation.groupName}`
      : loaderData?.state === "not-authorized"
        ? "Join a Group"
        : loaderData && "title" in loaderData
          ? loaderData.title
          : "Invalid Invitation";
  return [{ title: `${title} — Rosca` }];
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

async function notAuthorized(userId: string) {
  return data({ state: "not-authorized" as const, message: NOT_AUTHORIZED_TO_JOIN, card: await sandboxCardState(userId) }, { status: 403 });
}

const expiryDay = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "America/New_York" });

/**
 * Unknown, declined, full, not addressed to this user: all look the same (no probing); 429 when rate-limited. The
 * invitation's own addressee is told when it expired, was revoked or closed (410), so they know to ask again.
 */
type Unavailable = Extract<InvitationLookup, { reason: "expired" | "revoked" | "closed" | "removed" | "left" }>;

function invalid(lookup: { reason: "invalid" | "rate-limited" } | Unavailable) {
  // Removed by the group's admin (ADR 038): told so, with the reason they were given, whichever link they followed.
  if (lookup.reason === "removed") {
    return data(
      {
        state: "invalid" as const,
        title: ROSTER_MESSAGES.removedPageTitle,
        message: ROSTER_MESSAGES.removedPage(lookup.removalReason),
        groupName: lookup.groupName,
      },
      { status: 403 },
    );
  }
  // Left the group before it started (ADR 041): told so, and how to come back.
  if (lookup.reason === "left") {
    return data(
      { state: "invalid" as const, title: ROSTER_MESSAGES.leftPageTitle, message: ROSTER_MESSAGES.leftPage, groupName: lookup.groupName },
      { status: 403 },
    );
  }
  if (lookup.reason === "expired" || lookup.reason === "revoked" || lookup.reason === "closed") {
    const title = INVITATION_STATE_MESSAGES[`${lookup.reason}Title`];
    const message =
      lookup.reason === "expired" ? INVITATION_STATE_MESSAGES.expired(expiryDay.format(lookup.expiresAt)) : INVITATION_STATE_MESSAGES[lookup.reason];
    return data({ state: "invalid" as const, title, message, groupName: lookup.groupName }, { status: 410 });
  }
  return data(
    { state: "invalid" as const, title: "Invalid Invitation", message: INVALID_INVITATION },
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
  if (!user.isPlaidSandboxAuthorized) return notAuthorized(user.id);
  const code = params.inviteCode;
  const lookup = await lookupInvitation(user.id, user.email, code);
  if (!lookup.ok) return invalid(lookup);
  if (lookup.alreadyMember) throw redirect(groupUrl(lookup.group.id));

  const view = await invitationView(lookup.group, user.id);
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
          institutionName: search.get("institution_name")?.slice(0, 200) || "your bank",
        }
      : null;
  const cancelled =
    onBankStep && search.get("status") === "exit"
      ? { message: search.get("error_message")?.slice(0, 300) || "You closed the bank connection before it finished." }
      : null;
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
  if (!user.isPlaidSandboxAuthorized) return notAuthorized(user.id);
  const lookup = await lookupInvitation(user.id, user.email, code);
  if (!lookup.ok) return invalid(lookup);
  const group = lookup.group;
  if (lookup.alreadyMember) return redirect(groupUrl(group.id));

  if (intent === "decline") {
    // Marks an email-bound invitation declined; an open link has nothing to record.
    await declineInvitation(user, code);
    return redirectWithToast(request, "/dashboard", {
      type: "info",
      title: "Invitation declined",
      description: `You declined the invitation to ${group.name}.`,
    });
  }

  if (intent !== "join" && intent !== "start-link" && intent !== "exchange" && intent !== "link-token") {
    return data({ state: "details" as const, result: null, error: "Unknown action." }, { status: 400 });
  }
  // Every step that can end in a membership re-checks the acceptance.
  const submission = parseWithZod(formData, { schema: acceptSchema });
  if (submission.status !== "success") {
    return data({ state: "details" as const, result: submission.reply(), error: null }, { status: 400 });
  }

  if (intent === "join") return joinAndRedirect(request, user, code, group.contributionCents);

  // Plaid Link (JavaScript) asks for its link token here, through a fetcher: JSON in reply, never a redirect.
  if (intent === "link-token") {
    if (linkMode() !== "plaid") return data({ error: UNABLE_TO_LOAD_PROVIDER }, { status: 409 });
    const token = await createLinkToken(user);
    if (!token.ok) return data({ error: UNABLE_TO_LOAD_PROVIDER }, { status: 502 });
    return data({ linkToken: token.linkToken });
  }

  if (intent === "start-link") {
    // Linked meanwhile (another tab): nothing left to link.
    if (user.hasBankAccount) return joinAndRedirect(request, user, code, group.contributionCents);
    const mode = linkMode();
    const back = bankStepPath(code);
    if (mode === "plaid") {
      // Only reached without JavaScript: with it, the bank step opens Plaid Link instead of posting this form.
      return redirectWithToast(request, back, {
        type: "warning",
        title: "JavaScript Required",
        description: "Connecting a bank opens the bank-linking provider's secure window, which needs JavaScript. Please turn it on and try again.",
      });
    }
    // The bank's Link pages, where the browser can reach them (the app's own origin in a deployed demo).
    const sandboxUrl = sandboxLinkPagesUrl();
    if (mode === "none" || !sandboxUrl) {
      return redirectWithToast(request, back, {
        type: "error",
        title: "Linking Failed",
        description: "No bank-linking provider is configured on this server.",
      });
    }
    const redirectUri = `${appUrl()}${back}`;
    const token = await createLinkToken(user, { redirectUri });
    if (!token.ok) return redirectWithToast(request, back, { type: "error", title: "Linking Failed", description: token.message });
    // The sandbox bank's own Link pages (they work without JavaScript) come back to redirectUri with ?public_token=….
    return redirect(`${sandboxUrl}/link?${new URLSearchParams({ token: token.linkToken, redirect_uri: redirectUri })}`);
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
      return redirectWithToast(request, again, { type: "warning", title: "Still Connecting", description: linked.message });
    }
    // Someone else's Link session (ADR 049) says so; every other failure is worth a retry.
    const description = linked.code === "not_own_link" ? linked.message : LINKING_FAILED_DESCRIPTION;
    return redirectWithToast(request, bankStepPath(code), { type: "error", title: "Linking Failed", description });
  }
  return joinAndRedirect(request, { ...user, hasBankAccount: user.hasBankAccount || linked.accounts.length > 0 }, code, group.contributionCents);
}

async function joinAndRedirect(request: Request, user: User, code: string, contributionCents: number) {
  const result = await joinGroup(user, code);
  if (result.ok) {
    if (result.alreadyMember) return redirect(groupUrl(result.groupId));
    return redirectWithToast(request, groupUrl(result.groupId), {
      type: "success",
      title: "Successfully Joined",
      description: joinedDescription(contributionCents, result.firstDueOn),
    });
  }
  if (result.reason === "no-bank-account") return redirect(bankStepPath(code));
  if (result.reason === "not-authorized") return notAuthorized(user.id);
  // Lost the last seat to someone else, or the invitation changed (expired, revoked, removed, left) meanwhile.
  if ("groupName" in result) return invalid(result);
  return invalid({ reason: result.reason === "rate-limited" ? "rate-limited" : "invalid" });
}

export default function JoinGroup({ loaderData, actionData: rawActionData }: Route.ComponentProps) {
  // The link-token reply (JSON for Plaid Link's fetcher) is not a page state.
  const actionData = rawActionData && "state" in rawActionData ? rawActionData : undefined;
  // A refused POST (not authorised, invalid) shows what the loader would; a terms error goes back to step 1.
  const blocked = actionData && (actionData.state === "not-authorized" || actionData.state === "invalid") ? actionData : null;
  const view = blocked ?? loaderData;

  if (view.state === "not-authorized") {
    return (
      <PageContainer>
        <h1 className="text-3xl font-bold text-slate-900">Join a Group</h1>
        <div className="mt-6 space-y-4">
          <Alert tone="warning" title="Sandbox access required">
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
            <p className="font-semibold text-slate-900">Invitation to {view.groupName}</p>
          ) : null}
          <p className="text-slate-700">{view.message}</p>
          <ButtonLink to="/dashboard" className="mt-4">
            Go to Dashboard
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
        {needsBank ? `Step ${step === "bank" ? 2 : 1} of 2: ${step === "bank" ? "Link a bank account" : "Review and accept"}` : "Invitation"}
      </p>
      <h1 className="mt-1 text-3xl font-bold text-slate-900">Join {invitation.groupName}</h1>
      <p className="mt-1 text-slate-600">{invitation.adminName} invited you to this savings group.</p>
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
            Terms of joining
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5 text-slate-700">
            {termsStatements(data.invitation).map((statement) => (
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
              <span>I have read and agree to the terms above.</span>
            </label>
            <FieldErrors id={termsErrorId} errors={fields.terms.errors} />
            <div className="mt-5 flex flex-wrap gap-3">
              <button type="submit" name="intent" value="join" className={buttonClass("primary")} disabled={busy}>
                Accept and Join
              </button>
            </div>
          </Form>
          {/* Its own form: declining needs no acceptance. */}
          <Form method="post" action={path} className="mt-3">
            <button type="submit" name="intent" value="decline" className={buttonClass("secondary")} disabled={busy}>
              Decline
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
  return (
    <Card>
      <section aria-labelledby="bank-step-title">
        <h2 id="bank-step-title" className="text-lg font-semibold text-slate-900">
          Link a bank account
        </h2>
        <p className="mt-2 text-slate-700">
          You accepted the terms. Contributions to {data.invitation.groupName} are debited from a linked bank account, so link one to finish joining.
        </p>
        {data.cancelled ? (
          <div className="mt-4">
            <Alert tone="warning" title="Bank Linking Cancelled">
              {data.cancelled.message}
            </Alert>
          </div>
        ) : null}
        {data.returned ? (
          <div className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3">
            <h3 className="font-semibold text-slate-900">Finish connecting {data.returned.institutionName}</h3>
            <p className="mt-1 text-sm text-slate-700">Your bank approved the connection. Confirm to add your accounts and join the group.</p>
            <Form method="post" action={path} className="mt-3">
              <input type="hidden" name="terms" value="on" />
              <input type="hidden" name="linkToken" value={data.returned.linkToken} />
              <input type="hidden" name="institutionId" value={data.returned.institutionId} />
              <input type="hidden" name="institutionName" value={data.returned.institutionName} />
              <button type="submit" name="intent" value="exchange" className={buttonClass("primary")} disabled={busy}>
                Connect and Join
              </button>
            </Form>
          </div>
        ) : null}
        <h3 className="mt-5 font-semibold text-slate-900">How it works</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
          {BANK_STEP_HOW_IT_WORKS.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        {data.returned ? null : hydrated && data.linkMode === "sandbox" ? (
          <div className="mt-5">
            <LinkBankModal label="Connect Bank Account" action={path} fields={{ terms: "on" }} />
          </div>
        ) : hydrated && data.linkMode === "plaid" ? (
          <div className="mt-5">
            <PlaidLinkButton label="Connect Bank Account" action={path} fields={{ terms: "on" }} />
          </div>
        ) : (
          <Form method="post" action={path} className="mt-5">
            <input type="hidden" name="terms" value="on" />
            <button type="submit" name="intent" value="start-link" className={buttonClass("primary")} disabled={busy}>
              Connect Bank Account
            </button>
          </Form>
        )}
        {data.linkMode === "sandbox" ? (
          <p className="mt-4 text-sm text-slate-600">
            Demo phase: choose any sandbox bank and log in with <code>user_good</code> / <code>pass_good</code>.
          </p>
        ) : null}
      </section>
    </Card>
  );
}
