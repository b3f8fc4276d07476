import { parseWithZod } from "@conform-to/zod/v4";
import { data, type MetaArgs, useActionData, useNavigation } from "react-router";
import { metaTranslator, useT, useTranslateText } from "~/components/i18n";
import { InviteStep } from "~/components/groups/create-wizard/invite-step";
import { WizardProgress } from "~/components/groups/create-wizard/progress";
import { SettingsStep } from "~/components/groups/create-wizard/settings-step";
import {
  defaultSettings,
  SETTINGS_FIELDS,
  settingsToValues,
  type FieldErrorMap,
  type SettingsValues,
} from "~/components/groups/create-wizard/values";
import { SandboxRequestCard } from "~/components/sandbox-request-card";
import { Alert } from "~/components/ui/alert";
import { Card, PageContainer } from "~/components/ui/page";
import { draftFromWizard, GROUP_LIMITS, GROUP_MESSAGES, groupSettingsSchema, inviteesSchema, type GroupSettings } from "~/domain/groups";
import { describeInvitationOutcome } from "~/domain/invitations";
import { DEFAULT_TIME_ZONE, todayIn } from "~/domain/schedule";
import { requireUser } from "~/server/auth/guards.server";
import { createGroup, NOT_AUTHORIZED_TO_CREATE } from "~/server/groups/groups.server";
import { sandboxCardState } from "~/server/admin/sandbox-access.server";
import { redirectWithToast } from "~/server/notifications/toast.server";
import { readForm } from "~/server/platform/request-body.server";
import type { Route } from "./+types/groups.create";
import { logger } from "~/server/platform/log.server";
import { requestLocale, translator } from "~/server/platform/locale.server";
import { DEFAULT_LOCALE, type Locale } from "~/domain/locale";
import type { InvitationOutcome } from "~/domain/invitations";

export function meta({ matches }: MetaArgs) {
  return [{ title: metaTranslator(matches)("create.title") }];
}

const FAILURE_TITLE = "Group Creation Failed";
const UNEXPECTED_FAILURE = "There was an error creating your group. Please try again.";

/** Hard cap on email rows read from a form: a group has at most 11 invitees; one more lets "too many" be reported. */
const MAX_EMAIL_ROWS = GROUP_LIMITS.maxMembers;
/** Rows step 2 starts with (SPEC.md section 2), never more than memberCount - 1. */
const INITIAL_ROWS = 3;

const INTENTS = ["next", "back", "add-row", "create", "preview"] as const;
type Intent = (typeof INTENTS)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Failure = { title: string; message: string };

type WizardView =
  | { step: 1; values: SettingsValues; emails: string[]; errors: FieldErrorMap }
  | { step: 2; settings: GroupSettings; values: SettingsValues; emails: string[]; errors: FieldErrorMap; idempotencyKey: string };

type ActionData = { refused: true; failure: Failure } | { refused: false; view: WizardView; failure: Failure | null; formKey: string };

function today(now = new Date()) {
  return todayIn(DEFAULT_TIME_ZONE, now);
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireUser(request);
  if (!user.isPlaidSandboxAuthorized) {
    return { authorized: false as const, sandboxCard: await sandboxCardState(user.id) };
  }
  return { authorized: true as const, today: today() };
}

// ---------------------------------------------------------------------------------------------------------------
// Reading the form. Everything a step posts, hidden fields included, is checked again here: never trusted.

function readSettingsValues(formData: FormData): SettingsValues {
  const text = (name: string) => {
    const value = formData.get(name);
    return typeof value === "string" ? value.slice(0, 200) : "";
  };
  return {
    groupName: text("groupName"),
    memberCount: text("memberCount"),
    contributionAmount: text("contributionAmount"),
    frequency: text("frequency"),
    dayOfWeek: text("dayOfWeek"),
    dayOfMonth: text("dayOfMonth"),
    payoutOrder: text("payoutOrder") || "fixed",
    swapApproval: text("swapApproval") || "admin",
  };
}

/** Step 1 through its schema; Conform turns the form's strings into numbers. */
function parseSettings(values: SettingsValues) {
  const formData = new FormData();
  for (const field of SETTINGS_FIELDS) formData.set(field, values[field]);
  const submission = parseWithZod(formData, { schema: groupSettingsSchema });
  return submission.status === "success"
    ? { ok: true as const, settings: submission.value }
    : { ok: false as const, errors: (submission.error ?? {}) as FieldErrorMap };
}

/** memberEmails[0..n] as posted, holes as "", at most MAX_EMAIL_ROWS rows. */
function readEmails(formData: FormData): string[] {
  const emails: string[] = [];
  for (const [name, value] of formData) {
    const match = /^memberEmails\[(\d{1,2})\]$/.exec(name);
    if (!match || typeof value !== "string") continue;
    const index = Number(match[1]);
    if (index >= MAX_EMAIL_ROWS) continue;
    emails[index] = value.slice(0, 320);
  }
  return Array.from(emails, (email) => email ?? "");
}

/** Step 2's rows: the typed ones (never dropped), padded to three blank rows, within memberCount - 1. */
function rowsFor(emails: string[], memberCount: number, extra = 0): string[] {
  const max = memberCount - 1;
  const lastFilled = emails.reduce((last, email, index) => (email.trim() !== "" ? index + 1 : last), 0);
  const wanted = Math.max(Math.min(Math.max(emails.length, INITIAL_ROWS) + extra, max), lastFilled, 1);
  return Array.from({ length: wanted }, (_, index) => emails[index] ?? "");
}

function inviteeErrors(emails: string[], memberCount: number, ownEmail: string, locale: Locale) {
  const result = inviteesSchema({ memberCount, ownEmail }).safeParse(emails);
  if (result.success) return { ok: true as const, emails: result.data };
  const errors: FieldErrorMap = {};
  // The one message with a number in it cannot be looked up by its words on the page: it is written in the reader's
  // language here (the others are SERVER_TEXTS, translated where they are shown).
  const tooMany = GROUP_MESSAGES.tooManyInvitees(memberCount - 1);
  for (const issue of result.error.issues) {
    const name = issue.path.length === 0 ? "memberEmails" : `memberEmails[${String(issue.path[0])}]`;
    const message =
      issue.message === tooMany && locale !== DEFAULT_LOCALE
        ? translator(locale)("wizard.tooManyInvitees", { max: memberCount - 1, size: memberCount })
        : issue.message;
    errors[name] = [...(errors[name] ?? []), message];
  }
  return { ok: false as const, errors };
}

function intentOf(formData: FormData): Intent {
  const intent = formData.get("intent");
  return INTENTS.includes(intent as Intent) ? (intent as Intent) : "next";
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  const { user } = await requireUser(request);
  if (!user.isPlaidSandboxAuthorized) {
    return data<ActionData>({ refused: true, failure: { title: FAILURE_TITLE, message: NOT_AUTHORIZED_TO_CREATE } }, { status: 403 });
  }
  const intent = intentOf(formData);
  const values = readSettingsValues(formData);
  const emails = readEmails(formData);
  const formKey = crypto.randomUUID();
  const reply = (view: WizardView, status = 200, failure: Failure | null = null) =>
    data<ActionData>({ refused: false, view, failure, formKey }, { status });

  const parsed = parseSettings(values);

  if (intent === "back") return reply({ step: 1, values, emails, errors: {} });
  if (intent === "preview") {
    // 'Update summary' (no JavaScript): show what the summary depends on; the name can wait for 'Next'.
    const errors: FieldErrorMap = parsed.ok ? {} : { ...parsed.errors };
    delete errors.groupName;
    return reply({ step: 1, values, emails, errors }, Object.keys(errors).length === 0 ? 200 : 400);
  }
  // Every later step needs valid settings; hidden fields someone edited land back on step 1 with the errors.
  if (!parsed.ok) return reply({ step: 1, values, emails, errors: parsed.errors }, 400);
  const { settings } = parsed;
  const cleanValues = settingsToValues(settings, today());

  if (intent === "next") {
    // A fresh key for this rendering of step 2: a double submit of its 'Create Group' creates one group.
    return reply({
      step: 2,
      settings,
      values: cleanValues,
      emails: rowsFor(emails, settings.memberCount),
      errors: {},
      idempotencyKey: crypto.randomUUID(),
    });
  }

  const postedKey = formData.get("idempotencyKey");
  const idempotencyKey = typeof postedKey === "string" && UUID.test(postedKey) ? postedKey.toLowerCase() : crypto.randomUUID();
  const step2 = (rows: string[], errors: FieldErrorMap = {}) => ({
    step: 2 as const,
    settings,
    values: cleanValues,
    emails: rows,
    errors,
    idempotencyKey,
  });

  if (intent === "add-row") return reply(step2(rowsFor(emails, settings.memberCount, 1)));

  // intent === "create"
  const locale = requestLocale(request, user.locale);
  const invitees = inviteeErrors(emails, settings.memberCount, user.email, locale);
  if (!invitees.ok) return reply(step2(rowsFor(emails, settings.memberCount), invitees.errors), 400);

  let result;
  try {
    result = await createGroup(user, draftFromWizard(settings, invitees.emails, DEFAULT_TIME_ZONE), { idempotencyKey });
  } catch (error) {
    logger.error({ err: error }, "groups/create: createGroup failed");
    return reply(step2(rowsFor(emails, settings.memberCount)), 500, { title: FAILURE_TITLE, message: UNEXPECTED_FAILURE });
  }
  if (!result.ok) {
    if (result.status === 403) {
      return data<ActionData>({ refused: true, failure: { title: FAILURE_TITLE, message: result.error } }, { status: 403 });
    }
    return reply(step2(rowsFor(emails, settings.memberCount)), result.status, { title: FAILURE_TITLE, message: result.error });
  }
  // Exactly what happened to the invitations (emailed, told in the app, queued behind a mail outage), never more. A
  // replay of the same submission (a double click) created and sent nothing this time.
  return redirectWithToast(request, "/dashboard", {
    type: result.replayed || result.invitations.queued + result.invitations.failed === 0 ? "success" : "warning",
    // Translated on the page (SERVER_TEXTS); the description names the group, so it is written in the reader's language.
    title: "Group Created Successfully!",
    description: createdDescription(locale, settings.groupName, result.replayed ? null : result.invitations),
  });
}

/**
 * The toast's description: English word for word as before (describeInvitationOutcome); other languages from the
 * catalogue's create.* messages. `invitations` is null for a replayed submission (nothing was sent this time).
 */
function createdDescription(locale: Locale, name: string, invitations: InvitationOutcome | null): string {
  if (locale === DEFAULT_LOCALE) {
    return invitations === null
      ? `Your group "${name}" has been created.`
      : `Your group "${name}" has been created. ${describeInvitationOutcome(invitations)}`;
  }
  const t = translator(locale);
  if (invitations === null) return t("create.createdOne", { name });
  const parts: string[] = [];
  if (invitations.emailed > 0) parts.push(t("create.outcome.emailed", { count: invitations.emailed }));
  if (invitations.notifiedInApp > 0) parts.push(t("create.outcome.notified", { count: invitations.notifiedInApp }));
  if (invitations.queued > 0) parts.push(t("create.outcome.queued", { count: invitations.queued }));
  if (invitations.failed > 0) parts.push(t("create.outcome.failed", { count: invitations.failed }));
  const outcome =
    parts.length === 0 ? t("create.outcome.none") : t("create.outcome.list", { parts: new Intl.ListFormat(locale, { type: "unit" }).format(parts) });
  return t("create.createdMany", { name, outcome });
}

// ---------------------------------------------------------------------------------------------------------------

export default function CreateGroup({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>() as ActionData | undefined;
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting";
  const t = useT();
  const translate = useTranslateText();

  if (!loaderData.authorized || actionData?.refused) {
    return (
      <PageContainer>
        <h1 className="text-3xl font-bold text-slate-900">{t("create.heading")}</h1>
        <div className="mt-6 space-y-4">
          {actionData?.refused ? (
            <Alert tone="error" title={translate(actionData.failure.title)}>
              {translate(actionData.failure.message)}
            </Alert>
          ) : null}
          <Alert tone="warning" title={t("create.sandboxTitle")}>
            {t("create.sandboxBody")}
          </Alert>
          {"sandboxCard" in loaderData && loaderData.sandboxCard ? <SandboxRequestCard {...loaderData.sandboxCard} /> : null}
        </div>
      </PageContainer>
    );
  }

  const view: WizardView = actionData?.view ?? { step: 1, values: defaultSettings(loaderData.today), emails: [], errors: {} };
  const formKey = actionData?.formKey ?? "initial";

  return (
    <PageContainer>
      <div className="mx-auto max-w-3xl">
        <h1 className="text-3xl font-bold text-slate-900">{t("create.heading")}</h1>
        <p className="mt-1 text-slate-600">{t("create.lead")}</p>
        <WizardProgress step={view.step} />
        <Card className="mt-6">
          {actionData?.failure ? (
            <Alert tone="error" title={translate(actionData.failure.title)}>
              {translate(actionData.failure.message)}
            </Alert>
          ) : null}
          {view.step === 1 ? (
            <SettingsStep
              key={formKey}
              initial={view.values}
              errors={view.errors}
              today={loaderData.today}
              carriedEmails={view.emails}
              submitting={submitting}
            />
          ) : (
            <InviteStep
              key={formKey}
              settings={view.settings}
              values={view.values}
              emails={view.emails}
              errors={view.errors}
              idempotencyKey={view.idempotencyKey}
              submitting={submitting}
            />
          )}
        </Card>
      </div>
    </PageContainer>
  );
}
