/**
 * Money-movement test helpers: members with a linked sandbox bank, a started group, funding a member's sandbox
 * account, and the ledger's figures. Import dynamically after useTestDatabase({ bank: true }).
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { exchangePublicToken } from "../../app/server/bank/bank.server";
import { ownLinkSession } from "./bank";
import { db } from "../../app/server/db/client.server";
import { bankAccounts, bankTransfers, groups, ledgerAccounts, ledgerTransfers, users } from "../../app/server/db/schema";
import { createGroup, joinGroup } from "../../app/server/groups/groups.server";
import type { GroupDraft } from "../../app/domain/groups";
import { type CalendarDay, daysBetween, todayIn } from "../../app/domain/schedule";
import { groupToday, processPage } from "../../app/server/money/cycle.server";
import { createUser } from "./users";

let counter = 0;

/** A sandbox-authorised user with First Platypus Bank linked (checking starts at $100 available). */
export async function bankedMember(name = "Member") {
  counter += 1;
  const user = await createUser({ email: `banked${counter}.${Date.now()}@example.com`, name: `${name} ${counter}`, isPlaidSandboxAuthorized: true });
  const linked = await exchangePublicToken(user, await ownLinkSession(user));
  if (!linked.ok) throw new Error(`exchange: ${linked.code}`);
  const [fresh] = await db().select().from(users).where(eq(users.id, user.id));
  return fresh!;
}

/** A group's rows in bank_transfers, optionally of one kind, member or period; by kind, period and attempt. */
export async function transfersOf(groupId: string, where: { kind?: "contribution" | "payout" | "fee"; userId?: string; periodNumber?: number } = {}) {
  return db()
    .select()
    .from(bankTransfers)
    .where(
      and(
        eq(bankTransfers.groupId, groupId),
        where.kind ? eq(bankTransfers.kind, where.kind) : undefined,
        where.userId ? eq(bankTransfers.userId, where.userId) : undefined,
        where.periodNumber !== undefined ? eq(bankTransfers.periodNumber, where.periodNumber) : undefined,
      ),
    )
    .orderBy(asc(bankTransfers.kind), asc(bankTransfers.periodNumber), asc(bankTransfers.attempt));
}

/** Set the available and current balance of a member's sandbox checking account (the double's own state). */
export async function setSandboxBalance(userId: string, cents: number) {
  const [account] = await db()
    .select({ providerAccountId: bankAccounts.providerAccountId })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.subtype, "checking")));
  await db().execute(
    sql`update sandbox_plaid.accounts set available_cents = ${cents}, current_cents = ${cents} where account_id = ${account!.providerAccountId}`,
  );
}

export async function sandboxBalance(userId: string) {
  const [account] = await db()
    .select({ providerAccountId: bankAccounts.providerAccountId })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.userId, userId), eq(bankAccounts.subtype, "checking")));
  const { rows } = await db().execute<{ available_cents: string }>(
    sql`select available_cents from sandbox_plaid.accounts where account_id = ${account!.providerAccountId}`,
  );
  return Number(rows[0]!.available_cents);
}

/** Create a group and have everyone join, so it starts. Returns the group row and its members (creator first). */
export async function startedGroup(options: { size?: number; draft?: Partial<GroupDraft>; now: Date; balanceCents?: number }) {
  const size = options.size ?? 3;
  const members = [];
  for (let i = 0; i < size; i++) members.push(await bankedMember(i === 0 ? "Admin" : "Member"));
  if (options.balanceCents !== undefined) for (const m of members) await setSandboxBalance(m.id, options.balanceCents);
  const draft: GroupDraft = {
    name: `Group ${counter}`,
    memberCount: size,
    contributionCents: 10_000,
    payoutOrder: "fixed",
    schedule: { frequency: "weekly", dayOfWeek: 5, dayOfMonth: null },
    startOn: null,
    timeZone: "America/New_York",
    inviteeEmails: [],
    ...options.draft,
  };
  const created = await createGroup(members[0]!, draft, { now: options.now });
  if (!created.ok) throw new Error(created.error);
  const [group] = await db().select().from(groups).where(eq(groups.id, created.groupId));
  for (const member of members.slice(1)) {
    const joined = await joinGroup(member, group!.inviteCode, options.now);
    if (!joined.ok) throw new Error(joined.reason);
  }
  const [started] = await db().select().from(groups).where(eq(groups.id, created.groupId));
  return { group: started!, members };
}

/**
 * `count` groups of `size`, started 6 days ago, weekly on today's weekday (in New York): their first due day is today,
 * so the next due date processed debits every member once. With $1,000 in each member's sandbox account.
 */
export async function groupsDueToday(count: number, size: number) {
  const now = new Date();
  const today = todayIn("America/New_York", now);
  const dayOfWeek = new Date(`${today}T12:00:00Z`).getUTCDay();
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const { group } = await startedGroup({
      now: new Date(now.getTime() - 6 * 86_400_000),
      size,
      balanceCents: 100_000,
      draft: { schedule: { frequency: "weekly", dayOfWeek, dayOfMonth: null } },
    });
    if (group.firstDueOn !== today) throw new Error(`group ${group.id} is first due on ${group.firstDueOn}, not today (${today})`);
    ids.push(group.id);
  }
  return { ids, today };
}

/** Ledger balance per account key ("member_bank:<userId>", "group_pool:<groupId>", "platform_fees", …). */
export async function ledgerBalances() {
  const { rows } = await db().execute<{ kind: string; user_id: string | null; group_id: string | null; balance: string }>(sql`
    select a.kind, a.user_id, a.group_id,
      coalesce((select sum(amount_cents) from ${ledgerTransfers} t where t.credit_account_id = a.id), 0)
      - coalesce((select sum(amount_cents) from ${ledgerTransfers} t where t.debit_account_id = a.id), 0) as balance
    from ${ledgerAccounts} a`);
  const result = new Map<string, number>();
  for (const row of rows) result.set([row.kind, row.user_id ?? row.group_id].filter(Boolean).join(":"), Number(row.balance));
  return result;
}

/**
 * Set a group's sandbox clock so that its today, on the real clock the pages read, is `day` (a negative offset for a
 * day in the past): a test can then run a cycle on fixed days and read the pages as members do.
 */
export async function setGroupToday(groupId: string, day: CalendarDay, timeZone = "America/New_York") {
  const real = new Date();
  let offsetDays = daysBetween(todayIn(timeZone, real), day);
  // Whole days of 24 hours across a change of daylight saving time may land an hour off, on the day before or after.
  for (let tries = 0; tries < 3; tries++) {
    const today = groupToday({ clockOffsetSeconds: offsetDays * 86_400, timeZone }, real);
    if (today === day) break;
    offsetDays += daysBetween(today, day);
  }
  await db()
    .update(groups)
    .set({ clockOffsetSeconds: offsetDays * 86_400 })
    .where(eq(groups.id, groupId));
}

/**
 * Set-up for many sandbox groups at once: move each group's clock forward to its own `day`, a day at a time, as
 * `advanceClock` does for one group (the offset and the processed day move together; a group behind its today is
 * caught up first), but with the groups' days run as one page of the engine's (`processPage`, production's batch)
 * instead of a page per group and day. For a file whose tests each start from a group in the same state: its set-up
 * costs one page-day per day instead of one per group and day. Not for a test about the days themselves (those drive
 * `advanceClock`). Throws unless every group was processed on every day.
 */
export async function advanceGroupsTo(targets: Array<{ groupId: string; day: CalendarDay }>) {
  const ids = targets.map((t) => t.groupId);
  const check = (outcome: Map<string, { status: string }>, expected: string[]) => {
    const unprocessed = expected.filter((id) => outcome.get(id)?.status !== "processed");
    if (unprocessed.length > 0)
      throw new Error(`advanceGroupsTo: not processed: ${unprocessed.map((id) => `${id} (${outcome.get(id)?.status})`).join(", ")}`);
  };
  check(await processPage(ids, new Date()), ids);
  const rows = await db().select().from(groups).where(inArray(groups.id, ids));
  const now = new Date();
  const left = new Map(rows.map((row) => [row.id, daysBetween(groupToday(row, now), targets.find((t) => t.groupId === row.id)!.day)]));
  for (let step = 1; ; step++) {
    const moving = ids.filter((id) => left.get(id)! >= step);
    if (moving.length === 0) break;
    await db()
      .update(groups)
      .set({ clockOffsetSeconds: sql`${groups.clockOffsetSeconds} + 86400`, updatedAt: new Date() })
      .where(and(inArray(groups.id, moving), eq(groups.status, "active")));
    check(await processPage(moving, new Date()), moving);
  }
}

/**
 * `counts[day]` groups made one after another by `make`, then all moved to their days together (`advanceGroupsTo`):
 * a file's set-up for tests that each start, on a group of their own, from one of those days. The made values by day.
 */
export async function groupsPreparedByDay<T extends { group: { id: string } }>(counts: Record<CalendarDay, number>, make: () => Promise<T>) {
  const byDay = new Map<CalendarDay, T[]>();
  const targets: Array<{ groupId: string; day: CalendarDay }> = [];
  for (const [day, count] of Object.entries(counts)) {
    const made: T[] = [];
    for (let i = 0; i < count; i++) made.push(await make());
    byDay.set(day, made);
    for (const one of made) targets.push({ groupId: one.group.id, day });
  }
  await advanceGroupsTo(targets);
  return byDay;
}
