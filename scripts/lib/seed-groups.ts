/**
 * Demo groups, seeded through the same services the app uses (never rows written around them), so the demo shows
 * real figures: the demo user, Amina and Omar link a sandbox bank and run an active weekly group; the demo user also
 * admins a forming group with pending invitations. Idempotent: a group is seeded once, by name and creator.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { ADMIN_ACCOUNT, DEMO_ACCOUNT, SAMPLE_MEMBERS } from "../../app/domain/demo-accounts.ts";
import type { GroupDraft } from "../../app/domain/groups.ts";
import { plannedDates } from "../../app/domain/payment-dates.ts";
import { addDays, type CalendarDay, dayOfWeekOf, todayIn } from "../../app/domain/schedule.ts";
import { hashPassword } from "../../app/server/auth/password.server.ts";
import { createLinkToken, exchangePublicToken } from "../../app/server/bank/bank.server.ts";
import { db } from "../../app/server/db/client.server.ts";
import { groups, users } from "../../app/server/db/schema/index.ts";
import { env } from "../../app/server/platform/env.server.ts";
import { groupMembers } from "../../app/server/db/schema/index.ts";
import { createGroup, joinGroup, moveMember } from "../../app/server/groups/groups.server.ts";
import { processGroup } from "../../app/server/money/cycle.server.ts";
import { linkThroughSession } from "../../sandbox/plaid/link-client.ts";

/**
 * The active demo groups started this long ago, weekly on the weekday of `lastPaidDueDay`, so the demo opens mid-cycle
 * with real history whatever the day: period 1 was due a few days ago, its contributions settled a bank day later and
 * were available the bank day after, when its payout went out; it has arrived by today. Period 2 is due within the
 * week. (A fixed weekday would leave period 1's payout in flight on some days of the week.)
 */
const ACTIVE_GROUP_STARTED_DAYS_AGO = 7;

/**
 * The latest day, at least 3 and at most 6 days before `today`, whose payout has arrived by `today` on the ACH calendar
 * (payment-dates.ts, ADR 040): a weekly group due on its weekday has a payout behind it and its next due day ahead.
 */
export function lastPaidDueDay(today: CalendarDay): CalendarDay {
  for (let daysAgo = 3; daysAgo <= 6; daysAgo++) {
    const due = addDays(today, -daysAgo);
    if (plannedDates(1, due).arrival!.day <= today) return due;
  }
  return addDays(today, -6);
}

export const DEMO_ACTIVE_GROUP = "Family Savings Circle";
export const DEMO_FORMING_GROUP = "Wedding Fund";
export const CLOCK_DEMO_GROUP = "Office Savings Club";

async function usersByEmail(emails: string[]) {
  const rows = await db()
    .select()
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        emails.map((email) => email.toLowerCase()),
      ),
    );
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
}

/**
 * Plaid's custom sandbox user: a checking account with $5,000, so the demo members can pay every contribution of a
 * long demo (user_good's $100 would be declined for insufficient funds from the second debit on).
 */
const DEMO_BANK_CONFIG = JSON.stringify({
  override_accounts: [
    { type: "depository", subtype: "checking", starting_balance: 5000, meta: { name: "Plaid Checking" } },
    { type: "depository", subtype: "savings", starting_balance: 2000, meta: { name: "Plaid Saving" } },
  ],
});

/**
 * Link First Platypus Bank as the member would: a Link token issued to them, a session of the sandbox Link logged in
 * and every account shared, then the app's own exchange (which takes only a public token from the member's own Link
 * session, ADR 038).
 */
async function linkSandboxBank(user: typeof users.$inferSelect) {
  if (user.hasBankAccount) return;
  // Seeded before the app listens: a one-off Link token without our webhook URL (the app syncs bank events itself).
  const linkToken = await createLinkToken(user, { webhook: false });
  if (!linkToken.ok) throw new Error(`seed: a link token for ${user.email}: ${linkToken.code}`);
  const bankUrl = env().PLAID_SANDBOX_URL ?? env().PLAID_API_URL;
  if (!bankUrl) throw new Error("seed: no sandbox bank to link with");
  const session = await linkThroughSession(bankUrl, linkToken.linkToken, { username: "user_custom", password: DEMO_BANK_CONFIG });
  if (!session.ok) throw new Error(`seed: the sandbox Link for ${user.email}: ${session.code}`);
  const linked = await exchangePublicToken(user, session, { institution: session.institution });
  if (!linked.ok) throw new Error(`seed: linking a bank for ${user.email}: ${linked.code}`);
}

/** The id of the group `name` that `createdBy` created, or null: how the seed knows a group is already there. */
async function existingGroup(name: string, createdBy: string): Promise<string | null> {
  const [row] = await db()
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.name, name), eq(groups.createdBy, createdBy)));
  return row?.id ?? null;
}

/**
 * An active weekly group of three (the admin, Amina, Omar), started ACTIVE_GROUP_STARTED_DAYS_AGO and replayed through
 * the sandbox bank up to `now`. The admin takes payout position `adminPosition` (set before the start, as an admin
 * would). Returns false when it already exists.
 */
async function seedActiveGroup(spec: { name: string; adminEmail: string; contributionCents: number; adminPosition: 1 | 2 }, now: Date) {
  const [amina, omar] = SAMPLE_MEMBERS;
  const emails = [spec.adminEmail, amina.email, omar.email];
  const before = await usersByEmail(emails);
  const admin = before.get(spec.adminEmail.toLowerCase())!;
  if (await existingGroup(spec.name, admin.id)) return false;
  for (const person of before.values()) await linkSandboxBank(person);
  const people = await usersByEmail(emails);
  const draft: GroupDraft = {
    name: spec.name,
    memberCount: 3,
    contributionCents: spec.contributionCents,
    payoutOrder: "fixed",
    schedule: { frequency: "weekly", dayOfWeek: dayOfWeekOf(lastPaidDueDay(todayIn("America/New_York", now))), dayOfMonth: null },
    startOn: null,
    timeZone: "America/New_York",
    inviteeEmails: [amina.email, omar.email],
  };
  const startedAt = new Date(now.getTime() - ACTIVE_GROUP_STARTED_DAYS_AGO * 86_400_000);
  const result = await createGroup(people.get(spec.adminEmail.toLowerCase())!, draft, {
    idempotencyKey: `seed:${spec.name.replaceAll(" ", "-")}`,
    now: startedAt,
  });
  if (!result.ok) throw new Error(`seed: ${spec.name}: ${result.error}`);
  const [group] = await db().select().from(groups).where(eq(groups.id, result.groupId));
  const join = async (email: string) => {
    const joined = await joinGroup(people.get(email)!, group!.inviteCode, startedAt);
    if (!joined.ok) throw new Error(`seed: ${email} joining ${spec.name}: ${joined.reason}`);
  };
  await join(amina.email);
  if (spec.adminPosition === 2) {
    const [adminMember] = await db()
      .select({ id: groupMembers.id })
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, group!.id), eq(groupMembers.userId, admin.id)));
    await moveMember(admin.id, group!.id, adminMember!.id, "down", startedAt);
  }
  await join(omar.email);
  // Replay the days since the start through the sandbox bank: debits, settlement, the first payout.
  await processGroup(group!.id, now);
  return true;
}

export async function seedDemoGroups(now = new Date()): Promise<{ created: number }> {
  // Groups need linked banks; without the sandbox bank (real Plaid configured) there is nothing honest to seed.
  if (!env().PLAID_SANDBOX_URL) return { created: 0 };
  const [, , lena, marcus] = SAMPLE_MEMBERS;
  const demo = (await usersByEmail([DEMO_ACCOUNT.email])).get(DEMO_ACCOUNT.email)!;
  let created = 0;

  if (await seedActiveGroup({ name: DEMO_ACTIVE_GROUP, adminEmail: DEMO_ACCOUNT.email, contributionCents: 10_000, adminPosition: 2 }, now))
    created += 1;
  // A second one, run by the platform admin, for the sandbox-clock walkthrough (and its end-to-end test), so moving
  // its clock never disturbs the demo user's group.
  if (await seedActiveGroup({ name: CLOCK_DEMO_GROUP, adminEmail: ADMIN_ACCOUNT.email, contributionCents: 5_000, adminPosition: 1 }, now))
    created += 1;

  if (!(await existingGroup(DEMO_FORMING_GROUP, demo.id))) {
    const draft: GroupDraft = {
      name: DEMO_FORMING_GROUP,
      memberCount: 5,
      contributionCents: 20_000,
      payoutOrder: "random",
      schedule: { frequency: "biweekly", dayOfWeek: 1, dayOfMonth: null },
      startOn: todayIn("America/New_York", now),
      timeZone: "America/New_York",
      inviteeEmails: [lena.email, marcus.email],
    };
    const result = await createGroup(demo, draft, { idempotencyKey: "seed-demo-forming-group", now });
    if (!result.ok) throw new Error(`seed: ${DEMO_FORMING_GROUP}: ${result.error}`);
    created += 1;
  }
  return { created };
}

export const BENCH_GROUP = "Neighborhood Circle";
/** The bench group's nine other members; never in the demo seed (`npm start` does not create them). */
export const BENCH_MEMBERS = Array.from({ length: 9 }, (_, index) => ({
  email: `neighbor${index + 1}@bench.rosca.example`,
  name: `Neighbor ${index + 1}`,
}));
/**
 * Started five weeks and a day ago, weekly on the weekday of `lastPaidDueDay`: five of its ten turns paid out (the
 * fifth has arrived by today), the sixth due within the week.
 */
const BENCH_GROUP_STARTED_DAYS_AGO = 36;

/**
 * A page as members live on it (issue 15): an active weekly group of ten, mid-cycle, with the demo user as its admin
 * and nine bench members, every day since its start replayed through the sandbox bank. For `npm run bench` and the
 * queries-per-page test, not the demo. Idempotent: returns the group's id either way.
 */
export async function seedBenchGroup(now = new Date()): Promise<string> {
  const demo = (await usersByEmail([DEMO_ACCOUNT.email])).get(DEMO_ACCOUNT.email)!;
  const existing = await existingGroup(BENCH_GROUP, demo.id);
  if (existing) return existing;
  // They never sign in: one hash of a random password for all nine.
  const passwordHash = await hashPassword(crypto.randomUUID());
  await db()
    .insert(users)
    .values(
      BENCH_MEMBERS.map((member) => ({
        email: member.email,
        name: member.name,
        passwordHash,
        emailConfirmedAt: now,
        isPlaidSandboxAuthorized: true,
      })),
    )
    .onConflictDoNothing();
  const emails = [DEMO_ACCOUNT.email, ...BENCH_MEMBERS.map((member) => member.email)];
  for (const person of (await usersByEmail(emails)).values()) await linkSandboxBank(person);
  const people = await usersByEmail(emails);
  const startedAt = new Date(now.getTime() - BENCH_GROUP_STARTED_DAYS_AGO * 86_400_000);
  const draft: GroupDraft = {
    name: BENCH_GROUP,
    memberCount: 10,
    contributionCents: 10_000,
    payoutOrder: "fixed",
    schedule: { frequency: "weekly", dayOfWeek: dayOfWeekOf(lastPaidDueDay(todayIn("America/New_York", now))), dayOfMonth: null },
    startOn: null,
    timeZone: "America/New_York",
    inviteeEmails: [],
  };
  const created = await createGroup(people.get(DEMO_ACCOUNT.email)!, draft, { idempotencyKey: "seed:bench-group", now: startedAt });
  if (!created.ok) throw new Error(`seed: ${BENCH_GROUP}: ${created.error}`);
  const [group] = await db().select().from(groups).where(eq(groups.id, created.groupId));
  for (const member of BENCH_MEMBERS) {
    const joined = await joinGroup(people.get(member.email)!, group!.inviteCode, startedAt);
    if (!joined.ok) throw new Error(`seed: ${member.email} joining ${BENCH_GROUP}: ${joined.reason}`);
  }
  await processGroup(group!.id, now);
  return group!.id;
}
