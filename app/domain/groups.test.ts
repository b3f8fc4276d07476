import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import fc from "fast-check";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { z } from "zod";
import {
  createGroupPayloadSchema,
  describeGroup,
  draftFromWizard,
  GROUP_LIMITS,
  GROUP_MESSAGES,
  type GroupSettings,
  groupSettingsSchema,
  inviteeFormSchema,
  inviteesSchema,
  MAX_START_DAYS_AHEAD,
  PAYOUT_ORDER_LABELS,
  payoutPerTurnCents,
  SETUP_FEE_CENTS,
} from "./groups";
import { drawOrder } from "./payout-order";
import { firstDueOnOrAfter, periodDates } from "./schedule";

/** A form post: repeated names (memberEmails) are repeated entries. */
function form(entries: Record<string, string | string[]>) {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) {
    for (const item of Array.isArray(value) ? value : [value]) data.append(key, item);
  }
  return data;
}

/** Field name → messages, as the form shows them. */
function formErrors(schema: z.ZodType, entries: Record<string, string | string[]>) {
  const submission = parseWithZod(form(entries), { schema });
  return submission.status === "success" ? {} : (submission.reply().error ?? {});
}

function formValue(schema: z.ZodType, entries: Record<string, string | string[]>) {
  const submission = parseWithZod(form(entries), { schema });
  if (submission.status !== "success") throw new Error(JSON.stringify(submission.reply().error));
  return submission.value;
}

/** Path → message, for JSON payloads. */
function issuesOf(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join("."), issue.message]);
}

const goodSettings = {
  groupName: "Wedding fund",
  memberCount: "5",
  contributionAmount: "100",
  frequency: "monthly",
  dayOfMonth: "15",
  payoutOrder: "fixed",
};

describe("constants (SPEC.md section 9)", () => {
  it("has the limits, labels and fee", () => {
    expect(GROUP_LIMITS).toEqual({
      minMembers: 3,
      maxMembers: 12,
      defaultMembers: 5,
      minContributionDollars: 10,
      maxContributionDollars: 1000,
      defaultContributionDollars: 100,
      maxNameLength: 80,
    });
    expect(PAYOUT_ORDER_LABELS).toEqual({ fixed: "Fixed Order", random: "Random Draw" });
    expect(SETUP_FEE_CENTS).toBe(500);
    expect(GROUP_MESSAGES.tooManyInvitees(4)).toBe("You can invite at most 4 members to a group of 5");
  });

  it.each([
    [10_000, 5, 50_000],
    [1_000, 3, 3_000],
    [100_000, 12, 1_200_000],
  ])("payout per turn of %i cents × %i members is %i cents", (contribution, members, expected) => {
    expect(payoutPerTurnCents(contribution, members)).toBe(expected);
  });

  it("refuses fractional cents", () => {
    expect(() => payoutPerTurnCents(10.5, 3)).toThrow();
  });
});

describe("step 1: group settings (SPEC.md section 5)", () => {
  it.each([
    [{ groupName: "" }, { groupName: ["Group name is required"] }],
    [{ groupName: "   " }, { groupName: ["Group name is required"] }],
    [{ groupName: "x".repeat(81) }, { groupName: ["Group name must be 80 characters or fewer"] }],
    [{ memberCount: "" }, { memberCount: ["At least 3 members are required for a valid ROSCA"] }],
    [{ memberCount: "two" }, { memberCount: ["At least 3 members are required for a valid ROSCA"] }],
    [{ memberCount: "2" }, { memberCount: ["At least 3 members are required for a valid ROSCA"] }],
    [{ memberCount: "4.5" }, { memberCount: ["At least 3 members are required for a valid ROSCA"] }],
    [{ memberCount: "13" }, { memberCount: ["Maximum 12 members allowed for an MVP group"] }],
    [{ contributionAmount: "" }, { contributionAmount: ["Minimum contribution amount is $10"] }],
    [{ contributionAmount: "9" }, { contributionAmount: ["Minimum contribution amount is $10"] }],
    [{ contributionAmount: "5.5" }, { contributionAmount: ["Minimum contribution amount is $10"] }],
    [{ contributionAmount: "1001" }, { contributionAmount: ["Maximum contribution amount is $1,000 for an MVP group"] }],
    [{ contributionAmount: "100.50" }, { contributionAmount: ["Contribution must be a whole number of dollars"] }],
    [{ frequency: "" }, { frequency: ["Please select a payment frequency"] }],
    [{ frequency: "yearly" }, { frequency: ["Please select a payment frequency"] }],
    [{ frequency: "weekly" }, { dayOfWeek: ["Please select a day of the week"] }],
    [{ frequency: "biweekly", dayOfWeek: "7" }, { dayOfWeek: ["Please select a day of the week"] }],
    [{ frequency: "weekly", dayOfWeek: "Friday" }, { dayOfWeek: ["Please select a day of the week"] }],
    [{ dayOfMonth: "" }, { dayOfMonth: ["Please select a valid day of the month (1-31)"] }],
    [{ dayOfMonth: "0" }, { dayOfMonth: ["Please select a valid day of the month (1-31)"] }],
    [{ dayOfMonth: "32" }, { dayOfMonth: ["Please select a valid day of the month (1-31)"] }],
    [{ dayOfMonth: "1.5" }, { dayOfMonth: ["Please select a valid day of the month (1-31)"] }],
  ])("%j → %j", (change, expected) => {
    expect(formErrors(groupSettingsSchema, { ...goodSettings, ...change })).toEqual(expected);
  });

  it("shows every step-1 error at once, the schedule's included", () => {
    expect(formErrors(groupSettingsSchema, { groupName: "", memberCount: "1", contributionAmount: "10.5", frequency: "weekly" })).toEqual({
      groupName: [GROUP_MESSAGES.nameRequired],
      memberCount: [GROUP_MESSAGES.minMembers],
      contributionAmount: [GROUP_MESSAGES.wholeDollars],
      dayOfWeek: [GROUP_MESSAGES.dayOfWeek],
    });
  });

  it.each<[Record<string, string>, Partial<GroupSettings>]>([
    [{}, { frequency: "monthly", dayOfWeek: null, dayOfMonth: 15 }],
    // The day the frequency does not use is dropped, whatever it holds.
    [{ dayOfWeek: "garbage" }, { frequency: "monthly", dayOfWeek: null, dayOfMonth: 15 }],
    [
      { frequency: "weekly", dayOfWeek: "0", dayOfMonth: "15" },
      { frequency: "weekly", dayOfWeek: 0, dayOfMonth: null },
    ],
    [
      { frequency: "biweekly", dayOfWeek: "6" },
      { frequency: "biweekly", dayOfWeek: 6, dayOfMonth: null },
    ],
    [
      { frequency: "daily", dayOfWeek: "3", dayOfMonth: "99" },
      { frequency: "daily", dayOfWeek: null, dayOfMonth: null },
    ],
    [{ groupName: "  Trip  " }, { groupName: "Trip" }],
    [{ groupName: "x".repeat(80) }, { groupName: "x".repeat(80) }],
    [
      { memberCount: "3", contributionAmount: "10" },
      { memberCount: 3, contributionAmount: 10 },
    ],
    [
      { memberCount: "12", contributionAmount: "1000" },
      { memberCount: 12, contributionAmount: 1000 },
    ],
    [{ payoutOrder: "random" }, { payoutOrder: "random" }],
    [{ payoutOrder: "" }, { payoutOrder: "fixed" }],
  ])("accepts %j", (change, expected) => {
    expect(formValue(groupSettingsSchema, { ...goodSettings, ...change })).toMatchObject(expected);
  });

  it("outputs exactly GroupSettings", () => {
    expectTypeOf<z.output<typeof groupSettingsSchema>>().toEqualTypeOf<GroupSettings>();
  });

  it("can be read by Conform's getZodConstraint (its root is not a transform)", () => {
    // min/max attributes do not come through with this zod/Conform pair (even for a bare z.number().min()), so the
    // form sets them from GROUP_LIMITS; what matters here is that reading the schema does not throw.
    expect(getZodConstraint(groupSettingsSchema)).toMatchObject({
      groupName: { required: true },
      memberCount: { required: true },
      contributionAmount: { required: true },
      frequency: { required: true },
      payoutOrder: { required: false },
    });
  });

  it("takes numbers directly too (JSON)", () => {
    expect(
      groupSettingsSchema.parse({
        groupName: "Wedding fund",
        memberCount: 5,
        contributionAmount: 100,
        frequency: "weekly",
        dayOfWeek: 5,
        payoutOrder: "fixed",
      }),
    ).toEqual({
      groupName: "Wedding fund",
      memberCount: 5,
      contributionAmount: 100,
      frequency: "weekly",
      dayOfWeek: 5,
      dayOfMonth: null,
      payoutOrder: "fixed",
      swapApproval: "admin",
    });
    // Turn swaps (ADR 041): the admin approves unless the creator lets the two members decide.
    expect(
      groupSettingsSchema.parse({ groupName: "W", memberCount: 5, contributionAmount: 100, frequency: "daily", swapApproval: "members" }),
    ).toMatchObject({
      swapApproval: "members",
    });
    expect(
      groupSettingsSchema.safeParse({ groupName: "W", memberCount: 5, contributionAmount: 100, frequency: "daily", swapApproval: "anyone" }).success,
    ).toBe(false);
  });
});

describe("step 2: invitees (SPEC.md section 5)", () => {
  const context = { memberCount: 5, ownEmail: "Admin@Example.com" };

  it.each<[string[], Record<string, string[]>]>([
    [["", "", ""], { memberEmails: [GROUP_MESSAGES.atLeastOneInvitee] }],
    [["   "], { memberEmails: ["Please add at least one member to your group"] }],
    [["", "not-an-email", ""], { "memberEmails[1]": ["Please enter a valid email address"] }],
    [["a@example.com", "A@Example.com "], { "memberEmails[1]": ["This email is already in the list"] }],
    [["admin@example.com", "b@example.com"], { "memberEmails[0]": ["You are already in the group as its admin"] }],
    [
      ["a@example.com", "b@example.com", "c@example.com", "d@example.com", "e@example.com"],
      { memberEmails: ["You can invite at most 4 members to a group of 5"] },
    ],
    [[`${"x".repeat(250)}@example.com`], { "memberEmails[0]": [GROUP_MESSAGES.invalidEmail] }],
  ])("%j → %j", (emails, expected) => {
    expect(formErrors(inviteeFormSchema(context), { memberEmails: emails })).toEqual(expected);
  });

  it("reports every bad row at its own index", () => {
    expect(
      formErrors(inviteeFormSchema({ memberCount: 3, ownEmail: "me@x.co" }), {
        memberEmails: ["", "bad", "A@b.co", "a@B.co ", "ME@x.co"],
      }),
    ).toEqual({
      "memberEmails[1]": [GROUP_MESSAGES.invalidEmail],
      "memberEmails[3]": [GROUP_MESSAGES.duplicateEmail],
      "memberEmails[4]": [GROUP_MESSAGES.ownEmail],
      memberEmails: [GROUP_MESSAGES.tooManyInvitees(2)],
    });
  });

  it("returns the list trimmed, lower-cased and without blanks", () => {
    expect(formValue(inviteeFormSchema(context), { memberEmails: ["", " Bo@Example.com ", "", "cy@example.com"] })).toEqual({
      memberEmails: ["bo@example.com", "cy@example.com"],
    });
    expect(formValue(inviteeFormSchema(context), { memberEmails: "solo@example.com" })).toEqual({
      memberEmails: ["solo@example.com"],
    });
  });

  it("reports paths relative to the list without the form wrapper", () => {
    expect(issuesOf(inviteesSchema(context), ["ok@example.com", "nope"])).toEqual([["1", GROUP_MESSAGES.invalidEmail]]);
    expect(issuesOf(inviteesSchema(context), [])).toEqual([["", GROUP_MESSAGES.atLeastOneInvitee]]);
    expect(issuesOf(inviteesSchema(context), "a@example.com")).toEqual([["", GROUP_MESSAGES.atLeastOneInvitee]]);
  });

  it("accepts up to memberCount - 1 distinct addresses (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 12 }),
        fc.uniqueArray(fc.stringMatching(/^[a-z]{1,8}$/), { minLength: 1, maxLength: 11 }),
        (memberCount, locals) => {
          const emails = locals.map((local) => `${local}@example.com`);
          const result = inviteesSchema({ memberCount, ownEmail: "admin@example.org" }).safeParse(emails);
          expect(result.success).toBe(emails.length <= memberCount - 1);
          if (result.success) expect(result.data).toEqual(emails);
        },
      ),
    );
  });
});

describe("POST /api/groups/create payload (SPEC.md section 3)", () => {
  const today = "2026-06-01";
  const schema = createGroupPayloadSchema({ today, ownEmail: "admin@example.com" });
  const good = {
    name: "Wedding fund",
    memberCount: 4,
    contributionAmount: 250,
    frequency: "biweekly",
    dayOfWeek: 5,
    memberEmails: ["B@example.com", "", "c@example.com"],
  };

  it("builds a draft with defaults", () => {
    expect(schema.parse({ ...good, unknownKey: "ignored" })).toEqual({
      name: "Wedding fund",
      memberCount: 4,
      contributionCents: 25_000,
      payoutOrder: "fixed",
      schedule: { frequency: "biweekly", dayOfWeek: 5, dayOfMonth: null },
      startOn: null,
      timeZone: "America/New_York",
      inviteeEmails: ["b@example.com", "c@example.com"],
      swapsNeedApproval: true,
    });
    expect(schema.parse({ ...good, swapsNeedApproval: false })).toMatchObject({ swapsNeedApproval: false });
    expect(issuesOf(schema, { ...good, swapsNeedApproval: "no" })).toEqual([["swapsNeedApproval", "swapsNeedApproval must be true or false"]]);
  });

  it("takes payoutSchedule, startDate and timeZone", () => {
    expect(
      schema.parse({
        ...good,
        payoutSchedule: "random",
        frequency: "monthly",
        dayOfMonth: 31,
        startDate: "2026-06-01",
        timeZone: "America/Chicago",
      }),
    ).toMatchObject({
      payoutOrder: "random",
      schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 31 },
      startOn: "2026-06-01",
      timeZone: "America/Chicago",
    });
    expect(schema.parse({ ...good, startDate: addYear(today) })).toMatchObject({ startOn: "2027-06-01" });
    expect(schema.parse({ ...good, startDate: null, timeZone: null })).toMatchObject({ startOn: null, timeZone: "America/New_York" });
  });

  it.each<[Record<string, unknown>, [string, string][]]>([
    [{ name: "" }, [["name", "Group name is required"]]],
    [{ memberCount: undefined }, [["memberCount", GROUP_MESSAGES.minMembers]]],
    [{ memberCount: 13 }, [["memberCount", GROUP_MESSAGES.maxMembers]]],
    [{ contributionAmount: 99.99 }, [["contributionAmount", GROUP_MESSAGES.wholeDollars]]],
    [{ contributionAmount: 5000 }, [["contributionAmount", GROUP_MESSAGES.maxContribution]]],
    [{ frequency: undefined }, [["frequency", GROUP_MESSAGES.frequencyRequired]]],
    [{ dayOfWeek: null }, [["dayOfWeek", GROUP_MESSAGES.dayOfWeek]]],
    [{ frequency: "monthly" }, [["dayOfMonth", GROUP_MESSAGES.dayOfMonth]]],
    [{ startDate: "2026-02-30" }, [["startDate", "Start date must be a valid date (YYYY-MM-DD)"]]],
    [{ startDate: "June 1" }, [["startDate", GROUP_MESSAGES.startDateInvalid]]],
    [{ startDate: 20260601 }, [["startDate", GROUP_MESSAGES.startDateInvalid]]],
    [{ startDate: "2026-05-31" }, [["startDate", "Start date cannot be in the past"]]],
    [{ startDate: "2027-06-02" }, [["startDate", "Start date must be within the next 12 months"]]],
    [{ timeZone: "Mars/Base" }, [["timeZone", "Time zone is not recognised"]]],
    [{ payoutSchedule: "auction" }, [["payoutSchedule", expect.any(String) as unknown as string]]],
    [{ memberEmails: undefined }, [["memberEmails", GROUP_MESSAGES.atLeastOneInvitee]]],
    [{ memberEmails: [] }, [["memberEmails", GROUP_MESSAGES.atLeastOneInvitee]]],
    [{ memberEmails: ["x@example.com", 42] }, [["memberEmails.1", GROUP_MESSAGES.invalidEmail]]],
    [{ memberEmails: ["Admin@example.com"] }, [["memberEmails.0", GROUP_MESSAGES.ownEmail]]],
    [
      { memberEmails: ["a@example.com", "b@example.com", "c@example.com", "d@example.com"] },
      [["memberEmails", "You can invite at most 3 members to a group of 4"]],
    ],
  ])("%j → %j", (change, expected) => {
    expect(issuesOf(schema, { ...good, ...change })).toEqual(expected);
  });

  it("lists every problem in one response", () => {
    expect(issuesOf(schema, { frequency: "weekly", memberEmails: ["nope"], startDate: "2020-01-01", timeZone: "Nope" })).toEqual([
      ["name", GROUP_MESSAGES.nameRequired],
      ["memberCount", GROUP_MESSAGES.minMembers],
      ["contributionAmount", GROUP_MESSAGES.minContribution],
      ["timeZone", GROUP_MESSAGES.timeZoneInvalid],
      ["dayOfWeek", GROUP_MESSAGES.dayOfWeek],
      ["memberEmails.0", GROUP_MESSAGES.invalidEmail],
      ["startDate", GROUP_MESSAGES.startDateInPast],
    ]);
  });

  it("with `now`, judges the start date by today in the group's zone", () => {
    // 05:00 UTC on 1 June is 10 p.m. on 31 May in Los Angeles and 1 a.m. on 1 June in New York.
    const now = new Date("2026-06-01T05:00:00Z");
    const zoned = createGroupPayloadSchema({ today: "2099-01-01", ownEmail: "admin@example.com", now });
    expect(issuesOf(zoned, { ...good, startDate: "2026-05-31", timeZone: "America/Los_Angeles" })).toEqual([]);
    expect(issuesOf(zoned, { ...good, startDate: "2026-05-31" })).toEqual([["startDate", GROUP_MESSAGES.startDateInPast]]);
    expect(MAX_START_DAYS_AHEAD).toBe(365);
  });
});

describe("draftFromWizard and describeGroup", () => {
  const settings: GroupSettings = {
    groupName: "Wedding fund",
    memberCount: 5,
    contributionAmount: 100,
    frequency: "monthly",
    dayOfWeek: null,
    dayOfMonth: 15,
    payoutOrder: "random",
    swapApproval: "admin",
  };

  it("builds a draft in cents that starts when everyone has joined", () => {
    expect(draftFromWizard(settings, ["b@example.com"])).toEqual({
      name: "Wedding fund",
      memberCount: 5,
      contributionCents: 10_000,
      payoutOrder: "random",
      schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 15 },
      startOn: null,
      timeZone: "America/New_York",
      inviteeEmails: ["b@example.com"],
      swapsNeedApproval: true,
    });
    expect(draftFromWizard({ ...settings, swapApproval: "members" }, []).swapsNeedApproval).toBe(false);
    expect(draftFromWizard(settings, [], "America/Denver").timeZone).toBe("America/Denver");
  });

  it.each<[Parameters<typeof describeGroup>[0], string]>([
    [
      { memberCount: 5, contributionCents: 10_000, schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 15 } },
      "A group of 5 saving $100.00 monthly on the 15th",
    ],
    [
      { memberCount: 10, contributionCents: 50_000, schedule: { frequency: "biweekly", dayOfWeek: 5, dayOfMonth: null } },
      "A group of 10 saving $500.00 every other Friday",
    ],
    [
      { memberCount: 3, contributionCents: 100_000, schedule: { frequency: "weekly", dayOfWeek: 1, dayOfMonth: null } },
      "A group of 3 saving $1,000.00 every Monday",
    ],
    [
      { memberCount: 12, contributionCents: 1_000, schedule: { frequency: "daily", dayOfWeek: null, dayOfMonth: null } },
      "A group of 12 saving $10.00 every day",
    ],
  ])("%j → %s", (draft, expected) => {
    expect(describeGroup(draft)).toBe(expected);
  });
});

describe("a whole group cycle (properties across modules)", () => {
  it("N members → N periods and N payouts, everyone paid exactly once", () => {
    const arbitraryWizard = fc.record({
      memberCount: fc.integer({ min: 3, max: 12 }),
      dayOfMonth: fc.integer({ min: 1, max: 31 }),
      seed: fc.uint8Array({ minLength: 32, maxLength: 32 }).map((bytes) => Buffer.from(bytes).toString("hex")),
      startOffset: fc.integer({ min: 0, max: 365 }),
    });
    fc.assert(
      fc.property(arbitraryWizard, ({ memberCount, dayOfMonth, seed, startOffset }) => {
        const draft = createGroupPayloadSchema({ today: "2026-01-01", ownEmail: "admin@example.com" }).parse({
          name: "Prop",
          memberCount,
          contributionAmount: 10,
          frequency: "monthly",
          dayOfMonth,
          memberEmails: Array.from({ length: memberCount - 1 }, (_, i) => `m${i}@example.com`),
        });
        const members = ["admin@example.com", ...draft.inviteeEmails];
        const start = new Date(Date.UTC(2026, 0, 1 + startOffset)).toISOString().slice(0, 10);
        const dates = periodDates(draft.schedule, firstDueOnOrAfter(draft.schedule, start), draft.memberCount);
        const order = drawOrder(seed, members);
        expect(dates).toHaveLength(memberCount);
        expect(order).toHaveLength(memberCount);
        expect(new Set(order)).toEqual(new Set(members));
        expect([...dates].sort()).toEqual(dates);
        expect(new Set(dates).size).toBe(memberCount);
      }),
      { numRuns: 100 },
    );
  });
});

function addYear(day: string) {
  return `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
}
