/**
 * Group creation rules (SPEC.md sections 2, 3, 5 and 9): the two steps of the /groups/create wizard and the JSON
 * payload of POST /api/groups/create. Messages are user-visible; those SPEC.md section 5 gives are copied exactly,
 * the rest (whole dollars, duplicates, own email, list size, start date, frequency, time zone) are ours.
 * Pure: `today` is a parameter (a calendar day in the group's zone), never read from the clock.
 *
 * Choices the spec leaves open, written down here:
 * - Amounts: the forms and the API speak whole dollars (`contributionAmount`); the domain speaks cents.
 * - One message per field. A fractional contribution inside $10-$1,000 is "whole number of dollars"; outside it,
 *   the range message. A fractional member count gets the "at least 3" message (the input is a select, so only a
 *   hand-made request sends one, and SPEC.md has no message for it).
 * - The day field the frequency does not use is ignored whatever it holds (a hidden input may still post it) and
 *   stored as null.
 * - The payload's startDate is optional: without one the group starts when all members have joined (SPEC.md section 4).
 *   With one it must lie between today and today + 365 days in the group's time zone.
 */
import { z } from "zod";
import { nameCheck } from "./names";
import { EMAIL_MAX_LENGTH, normalizeEmail } from "./auth";
import {
  addDays,
  type CalendarDay,
  DEFAULT_TIME_ZONE,
  FREQUENCIES,
  type Frequency,
  isCalendarDay,
  isValidTimeZone,
  type Schedule,
  todayIn,
  WEEKDAY_NAMES,
  ordinal,
} from "./schedule";

export const GROUP_LIMITS = {
  minMembers: 3,
  maxMembers: 12,
  defaultMembers: 5,
  minContributionDollars: 10,
  maxContributionDollars: 1000,
  defaultContributionDollars: 100,
  maxNameLength: 80,
} as const;

/** How far ahead a payload's startDate may lie ("within the next 12 months"). */
export const MAX_START_DAYS_AHEAD = 365;

export const GROUP_MESSAGES = {
  nameRequired: "Group name is required",
  nameTooLong: "Group name must be 80 characters or fewer",
  minMembers: "At least 3 members are required for a valid ROSCA",
  maxMembers: "Maximum 12 members allowed for an MVP group",
  minContribution: "Minimum contribution amount is $10",
  maxContribution: "Maximum contribution amount is $1,000 for an MVP group",
  wholeDollars: "Contribution must be a whole number of dollars",
  dayOfWeek: "Please select a day of the week",
  dayOfMonth: "Please select a valid day of the month (1-31)",
  atLeastOneInvitee: "Please add at least one member to your group",
  invalidEmail: "Please enter a valid email address",
  duplicateEmail: "This email is already in the list",
  ownEmail: "You are already in the group as its admin",
  tooManyInvitees: (max: number) => `You can invite at most ${max} members to a group of ${max + 1}`,
  startDateInvalid: "Start date must be a valid date (YYYY-MM-DD)",
  startDateInPast: "Start date cannot be in the past",
  startDateTooFar: "Start date must be within the next 12 months",
  frequencyRequired: "Please select a payment frequency",
  timeZoneInvalid: "Time zone is not recognised",
  swapsNeedApprovalInvalid: "swapsNeedApproval must be true or false",
} as const;

export type PayoutOrder = "fixed" | "random";

export const PAYOUT_ORDERS = ["fixed", "random"] as const satisfies readonly PayoutOrder[];

export const PAYOUT_ORDER_LABELS: Record<PayoutOrder, string> = {
  fixed: "Fixed Order",
  random: "Random Draw",
};

/**
 * Who must agree to a turn swap once the group runs (ADR 041): the two members and the admin ("admin", the default),
 * or the two members alone ("members").
 */
export type SwapApproval = "admin" | "members";

export const SWAP_APPROVALS = ["admin", "members"] as const satisfies readonly SwapApproval[];

export const SWAP_APPROVAL_LABELS: Record<SwapApproval, string> = {
  admin: "Swaps need my approval",
  members: "The two members decide",
};

/**
 * Setup fee charged once per member when the group starts (SPEC.md sections 1 and 9: "$5-$10"). Flat and
 * position-free: an early or late turn costs the same, so the fee is not interest in disguise (DESIGN.md section 3).
 */
export const SETUP_FEE_CENTS = 500;

/**
 * How the fee is shown before anyone commits (the wizard's review step, the join page, the invitation email):
 * "$5.00 one-time setup fee, the same for every member and position". The amount is a parameter so the email can show
 * what it was sent with; callers pass SETUP_FEE_CENTS.
 */
export function setupFeeLine(setupFeeCents: number = SETUP_FEE_CENTS) {
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(setupFeeCents / 100);
  return `${amount} one-time setup fee, the same for every member and position`;
}

/** Payout per turn = contribution times member count (SPEC.md section 9). Cents in, cents out. */
export function payoutPerTurnCents(contributionCents: number, memberCount: number): number {
  const payoutCents = contributionCents * memberCount;
  if (!Number.isSafeInteger(contributionCents) || !Number.isSafeInteger(memberCount) || !Number.isSafeInteger(payoutCents)) {
    throw new Error(`payoutPerTurnCents needs whole numbers, got ${contributionCents} x ${memberCount}`);
  }
  return payoutCents;
}

// ---------------------------------------------------------------------------------------------------------------
// Fields shared by the wizard and the JSON API

// No `abort: true` on field checks: an explicitly aborted field issue stops every object-level check, even one with
// `when` (zod 4), and step 1 must show the schedule error alongside the others. Each field still reports one problem
// at a time: the range first (min and max cannot both fail), then wholeness only for a value inside the range.

const groupNameField = z
  .string({ error: GROUP_MESSAGES.nameRequired })
  .trim()
  .normalize("NFC")
  .min(1, GROUP_MESSAGES.nameRequired)
  .max(GROUP_LIMITS.maxNameLength, GROUP_MESSAGES.nameTooLong)
  .check(nameCheck("Group name"));

const within = (min: number, max: number) => (payload: { value: unknown }) =>
  typeof payload.value === "number" && payload.value >= min && payload.value <= max;

/** Missing and NaN (Conform's reading of a non-number) get the "at least 3" message, and so does a fraction. */
const memberCountField = z
  .number({ error: GROUP_MESSAGES.minMembers })
  .min(GROUP_LIMITS.minMembers, GROUP_MESSAGES.minMembers)
  .max(GROUP_LIMITS.maxMembers, GROUP_MESSAGES.maxMembers)
  .refine(Number.isInteger, {
    error: GROUP_MESSAGES.minMembers,
    when: within(GROUP_LIMITS.minMembers, GROUP_LIMITS.maxMembers),
  });

/** Whole dollars: $10.50 is "whole number of dollars"; $5.50 is "Minimum contribution amount is $10". */
const contributionAmountField = z
  .number({ error: GROUP_MESSAGES.minContribution })
  .min(GROUP_LIMITS.minContributionDollars, GROUP_MESSAGES.minContribution)
  .max(GROUP_LIMITS.maxContributionDollars, GROUP_MESSAGES.maxContribution)
  .refine(Number.isInteger, {
    error: GROUP_MESSAGES.wholeDollars,
    when: within(GROUP_LIMITS.minContributionDollars, GROUP_LIMITS.maxContributionDollars),
  });

const frequencyField = z.enum(FREQUENCIES, { error: GROUP_MESSAGES.frequencyRequired });

/**
 * The day fields never fail on their own: whether they are needed depends on the frequency, so the object checks
 * them (`scheduleIssues`). Anything that is not a number reads as "not chosen".
 */
const dayField = z.number().nullable().catch(null);

type RawSchedule = { frequency?: unknown; dayOfWeek?: unknown; dayOfMonth?: unknown };

function isFrequency(value: unknown): value is Frequency {
  return typeof value === "string" && (FREQUENCIES as readonly string[]).includes(value);
}

const isDayOfWeek = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 6;
const isDayOfMonth = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 31;

/** Issues for the day fields, given a valid frequency. */
function scheduleIssues(value: RawSchedule): { path: string[]; message: string }[] {
  if (!isFrequency(value.frequency)) return [];
  if ((value.frequency === "weekly" || value.frequency === "biweekly") && !isDayOfWeek(value.dayOfWeek)) {
    return [{ path: ["dayOfWeek"], message: GROUP_MESSAGES.dayOfWeek }];
  }
  if (value.frequency === "monthly" && !isDayOfMonth(value.dayOfMonth)) {
    return [{ path: ["dayOfMonth"], message: GROUP_MESSAGES.dayOfMonth }];
  }
  return [];
}

/** The schedule with the unused day normalised to null. Call only after `scheduleIssues` found nothing. */
function toSchedule(frequency: Frequency, dayOfWeek: number | null | undefined, dayOfMonth: number | null | undefined): Schedule {
  return {
    frequency,
    dayOfWeek: frequency === "weekly" || frequency === "biweekly" ? (dayOfWeek ?? null) : null,
    dayOfMonth: frequency === "monthly" ? (dayOfMonth ?? null) : null,
  };
}

/** Object-level checks run even while a field is wrong (step 1 shows every error at once), if there is an object. */
function isObjectPayload(payload: { value: unknown }): boolean {
  return typeof payload.value === "object" && payload.value !== null;
}

/** The raw object under an object-level check, whatever its fields' own checks said. */
function rawObject(payload: { value: unknown }): Record<string, unknown> {
  return typeof payload.value === "object" && payload.value !== null ? (payload.value as Record<string, unknown>) : {};
}

// ---------------------------------------------------------------------------------------------------------------
// Step 1: Group Settings

export type GroupSettings = {
  groupName: string;
  memberCount: number;
  contributionAmount: number;
  frequency: Frequency;
  dayOfWeek: number | null;
  dayOfMonth: number | null;
  payoutOrder: PayoutOrder;
  swapApproval: SwapApproval;
};

/**
 * Step 1 of the wizard, by form field name. Numbers arrive as numbers (Conform coerces the form's strings; the JSON
 * API sends numbers). The day checks run even while another field is wrong, so step 1 shows every error at once.
 */
export const groupSettingsSchema = z
  .object({
    groupName: groupNameField,
    memberCount: memberCountField,
    contributionAmount: contributionAmountField,
    frequency: frequencyField,
    dayOfWeek: dayField,
    dayOfMonth: dayField,
    // The wizard offers only these: anything else is a tampered post, told in words (and the reader's language), not zod's.
    payoutOrder: z.enum(PAYOUT_ORDERS, { error: "Choose how the payout order is set." }).default("fixed"),
    swapApproval: z.enum(SWAP_APPROVALS, { error: "Choose who has the last word on turn swaps." }).default("admin"),
  })
  .superRefine(
    (value, ctx) => {
      for (const issue of scheduleIssues(rawObject({ value }))) ctx.addIssue({ code: "custom", ...issue });
    },
    { when: isObjectPayload },
  )
  // A check, not a transform: Conform's getZodConstraint cannot read a schema whose root is a transform.
  .overwrite((value) => ({ ...value, ...toSchedule(value.frequency, value.dayOfWeek, value.dayOfMonth) }));

// ---------------------------------------------------------------------------------------------------------------
// Step 2: Invite Members

const emailFormat = z.email();

/** The same test as the account forms (auth.ts): zod's email format, at most EMAIL_MAX_LENGTH characters. */
function isEmail(trimmed: string): boolean {
  return trimmed.length <= EMAIL_MAX_LENGTH && emailFormat.safeParse(trimmed).success;
}

type Issue = { path: (string | number)[]; message: string };

/**
 * Checks an invitee list. Blank entries are skipped (the wizard starts with three blank rows) but keep their index,
 * so an error lands on the input that caused it. `memberCount` null means "unknown" (itself invalid): the
 * list-size rule is then skipped.
 */
function checkInvitees(entries: readonly unknown[], memberCount: number | null, ownEmail: string): { issues: Issue[]; emails: string[] } {
  const issues: Issue[] = [];
  const emails: string[] = [];
  const seen = new Set<string>();
  const own = normalizeEmail(ownEmail);
  let nonBlank = 0;
  entries.forEach((entry, index) => {
    if (entry === undefined || entry === null) return;
    if (typeof entry !== "string") {
      nonBlank += 1;
      issues.push({ path: [index], message: GROUP_MESSAGES.invalidEmail });
      return;
    }
    const trimmed = entry.trim();
    if (trimmed === "") return;
    nonBlank += 1;
    if (!isEmail(trimmed)) {
      issues.push({ path: [index], message: GROUP_MESSAGES.invalidEmail });
      return;
    }
    const email = normalizeEmail(trimmed);
    if (own !== "" && email === own) {
      issues.push({ path: [index], message: GROUP_MESSAGES.ownEmail });
    } else if (seen.has(email)) {
      issues.push({ path: [index], message: GROUP_MESSAGES.duplicateEmail });
    } else {
      seen.add(email);
      emails.push(email);
    }
  });
  if (nonBlank === 0) {
    issues.push({ path: [], message: GROUP_MESSAGES.atLeastOneInvitee });
  } else if (memberCount !== null && nonBlank > memberCount - 1) {
    issues.push({ path: [], message: GROUP_MESSAGES.tooManyInvitees(memberCount - 1) });
  }
  return { issues, emails };
}

/** An empty input reaches us as "" (JSON) or undefined (Conform strips it); both are blank. */
const inviteeEntries = z.array(z.unknown(), { error: GROUP_MESSAGES.atLeastOneInvitee });

/**
 * Step 2: the invitee emails, one per input. Output: trimmed, lower-cased, unique, in input order.
 * Errors: per entry at [index] (invalidEmail, ownEmail, duplicateEmail at the later entry); for the list at []
 * (atLeastOneInvitee, tooManyInvitees when more than memberCount - 1 are filled in).
 */
export function inviteesSchema(context: { memberCount: number; ownEmail: string }): z.ZodType<string[]> {
  return inviteeEntries
    .superRefine((entries, ctx) => {
      for (const issue of checkInvitees(entries, context.memberCount, context.ownEmail).issues) {
        ctx.addIssue({ code: "custom", ...issue });
      }
    })
    .transform((entries) => checkInvitees(entries, context.memberCount, context.ownEmail).emails);
}

/** Step 2 as a form: `memberEmails` is the name of every email input, so errors land on memberEmails[i]. */
export function inviteeFormSchema(context: { memberCount: number; ownEmail: string }) {
  return z.object({ memberEmails: inviteesSchema(context) });
}

// ---------------------------------------------------------------------------------------------------------------
// The group, ready to store

export type GroupDraft = {
  name: string;
  memberCount: number;
  contributionCents: number;
  payoutOrder: PayoutOrder;
  schedule: Schedule;
  /** The first period's start, or null: start when all members have joined. */
  startOn: CalendarDay | null;
  /** IANA zone whose calendar days the schedule's dates are. */
  timeZone: string;
  inviteeEmails: string[];
  /** A turn swap needs the admin's approval too (ADR 041); absent: yes. */
  swapsNeedApproval?: boolean;
};

export function draftFromWizard(settings: GroupSettings, inviteeEmails: string[], timeZone = DEFAULT_TIME_ZONE): GroupDraft {
  return {
    name: settings.groupName,
    memberCount: settings.memberCount,
    contributionCents: settings.contributionAmount * 100,
    payoutOrder: settings.payoutOrder,
    schedule: toSchedule(settings.frequency, settings.dayOfWeek, settings.dayOfMonth),
    startOn: null,
    timeZone,
    inviteeEmails: [...inviteeEmails],
    swapsNeedApproval: settings.swapApproval !== "members",
  };
}

/**
 * POST /api/groups/create (SPEC.md section 3): { name, memberCount, contributionAmount (whole dollars),
 * payoutSchedule ("fixed" | "random", default "fixed"), frequency, dayOfWeek?, dayOfMonth?, startDate?, memberEmails,
 * timeZone? (IANA, default America/New_York), swapsNeedApproval? (boolean, default true: ADR 041) }. Unknown keys are ignored. Same rules and messages as the wizard.
 *
 * startDate is checked against today in the group's zone. Pass `now` to have it computed in the payload's zone;
 * otherwise `today` is used as given (the caller's idea of today, usually in DEFAULT_TIME_ZONE).
 */
export function createGroupPayloadSchema(context: { today: CalendarDay; ownEmail: string; now?: Date }): z.ZodType<GroupDraft> {
  const timeZoneField = z
    .string({ error: GROUP_MESSAGES.timeZoneInvalid })
    .trim()
    .refine(isValidTimeZone, GROUP_MESSAGES.timeZoneInvalid)
    .nullish()
    .transform((zone) => zone || DEFAULT_TIME_ZONE);

  const startDateField = z
    .string({ error: GROUP_MESSAGES.startDateInvalid })
    .trim()
    .refine((day) => day === "" || isCalendarDay(day), GROUP_MESSAGES.startDateInvalid)
    .nullish()
    .transform((day) => day || null);

  const todayFor = (timeZone: unknown): CalendarDay =>
    context.now && typeof timeZone === "string" && isValidTimeZone(timeZone.trim())
      ? todayIn(timeZone.trim(), context.now)
      : context.now
        ? todayIn(DEFAULT_TIME_ZONE, context.now)
        : context.today;

  return z
    .object({
      name: groupNameField,
      memberCount: memberCountField,
      contributionAmount: contributionAmountField,
      payoutSchedule: z
        .enum(PAYOUT_ORDERS)
        .nullish()
        .transform((order) => order ?? "fixed"),
      frequency: frequencyField,
      dayOfWeek: dayField,
      dayOfMonth: dayField,
      startDate: startDateField,
      memberEmails: inviteeEntries,
      timeZone: timeZoneField,
      swapsNeedApproval: z
        .boolean({ error: GROUP_MESSAGES.swapsNeedApprovalInvalid })
        .nullish()
        .transform((value) => value ?? true),
    })
    .superRefine(
      (value, ctx) => {
        // Runs even when other fields failed, so one response lists every problem; so read the raw object.
        const raw = rawObject({ value });
        for (const issue of scheduleIssues(raw)) ctx.addIssue({ code: "custom", ...issue });

        if (Array.isArray(raw.memberEmails)) {
          const count = raw.memberCount;
          const memberCount =
            typeof count === "number" && Number.isInteger(count) && count >= GROUP_LIMITS.minMembers && count <= GROUP_LIMITS.maxMembers
              ? count
              : null;
          for (const issue of checkInvitees(raw.memberEmails, memberCount, context.ownEmail).issues) {
            ctx.addIssue({ code: "custom", message: issue.message, path: ["memberEmails", ...issue.path] });
          }
        }

        const startDate = typeof raw.startDate === "string" ? raw.startDate : null;
        if (startDate && isCalendarDay(startDate)) {
          const today = todayFor(raw.timeZone);
          if (startDate < today) {
            ctx.addIssue({ code: "custom", path: ["startDate"], message: GROUP_MESSAGES.startDateInPast });
          } else if (startDate > addDays(today, MAX_START_DAYS_AHEAD)) {
            ctx.addIssue({ code: "custom", path: ["startDate"], message: GROUP_MESSAGES.startDateTooFar });
          }
        }
      },
      { when: isObjectPayload },
    )
    .transform(
      (value): GroupDraft => ({
        name: value.name,
        memberCount: value.memberCount,
        contributionCents: value.contributionAmount * 100,
        payoutOrder: value.payoutSchedule,
        schedule: toSchedule(value.frequency, value.dayOfWeek, value.dayOfMonth),
        startOn: value.startDate,
        timeZone: value.timeZone,
        inviteeEmails: checkInvitees(value.memberEmails, value.memberCount, context.ownEmail).emails,
        swapsNeedApproval: value.swapsNeedApproval,
      }),
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Display

const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

function scheduleFragment(schedule: Schedule): string {
  switch (schedule.frequency) {
    case "daily":
      return "every day";
    case "weekly":
      return `every ${WEEKDAY_NAMES[schedule.dayOfWeek ?? -1] ?? "week"}`;
    case "biweekly":
      return `every other ${WEEKDAY_NAMES[schedule.dayOfWeek ?? -1] ?? "week"}`;
    case "monthly":
      return schedule.dayOfMonth === null ? "monthly" : `monthly on the ${ordinal(schedule.dayOfMonth)}`;
  }
}

/** "A group of 5 saving $100.00 monthly on the 15th" (the group header's description). */
export function describeGroup(draft: Pick<GroupDraft, "memberCount" | "contributionCents" | "schedule">): string {
  return `A group of ${draft.memberCount} saving ${usd.format(draft.contributionCents / 100)} ${scheduleFragment(draft.schedule)}`;
}
