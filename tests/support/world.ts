/**
 * A small world of users and objects for the tests that walk every route (request bodies, the authorization matrix):
 * one of each kind of visitor, and objects that belong to exactly one of them. Import dynamically after
 * useTestDatabase({ bank: true }).
 *
 *   unauthorized  signed in, no sandbox access, in no group
 *   member        sandbox access, bank linked; created group A (so is its admin), has a notification, an email-bound
 *                 invitation out (group C, forming) and a second session
 *   coMember      a member of group A, not its admin
 *   outsider      sandbox access, bank linked; a member of group B only
 *   admin         the site's administrator (is_admin), in no group
 */
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { db } from "../../app/server/db/client.server";
import { bankItems, groupInvitations, groups, notifications, sessions } from "../../app/server/db/schema";
import { createGroup } from "../../app/server/groups/groups.server";
import { bankedMember, startedGroup } from "./money";
import type { CookieJar } from "./routes";
import { createUser, sessionJarFor } from "./users";

export const ROLES = ["anonymous", "unauthorized", "member", "coMember", "outsider", "admin"] as const;
export type Role = (typeof ROLES)[number];

export async function buildWorld(now = new Date()) {
  const { group: groupA, members: groupAMembers } = await startedGroup({ size: 3, now });
  const { group: groupB, members: groupBMembers } = await startedGroup({ size: 3, now });
  const member = groupAMembers[0]!;
  const coMember = groupAMembers[1]!;
  const outsider = groupBMembers[1]!;
  const unauthorized = await createUser({ name: "Una Authorised" });
  const admin = await createUser({ name: "Site Admin", isAdmin: true, isPlaidSandboxAuthorized: true });

  // Group C: forming, the member's, with an email-bound invitation out to someone without an account.
  const inviteeEmail = `invitee.${Date.now()}@example.com`;
  const created = await createGroup(
    member,
    {
      name: "Group C",
      memberCount: 3,
      contributionCents: 5_000,
      payoutOrder: "fixed",
      schedule: { frequency: "weekly", dayOfWeek: 5, dayOfMonth: null },
      startOn: null,
      timeZone: "America/New_York",
      inviteeEmails: [inviteeEmail],
    },
    { now },
  );
  if (!created.ok) throw new Error(created.error);
  const [invitation] = await db().select().from(groupInvitations).where(eq(groupInvitations.groupId, created.groupId));
  const [groupC] = await db().select().from(groups).where(eq(groups.id, created.groupId));

  const [notification] = await db()
    .insert(notifications)
    .values({ userId: member.id, title: "For the member only", link: `/groups/${groupA.id}` })
    .returning();
  const [memberBankItem] = await db().select().from(bankItems).where(eq(bankItems.userId, member.id));
  const memberOtherSession = await sessionJarFor(member.id, { userAgent: "Other device" });
  const [memberOtherSessionRow] = await db()
    .select({ id: sessions.id })
    .from(sessions)
    .where(sql`${sessions.userId} = ${member.id} and ${sessions.userAgent} = 'Other device'`);

  const users = { unauthorized, member, coMember, outsider, admin };
  return {
    now,
    users,
    groupA,
    groupB,
    groupC: groupC!,
    invitation: invitation!,
    notification: notification!,
    memberBankItem: memberBankItem!,
    memberOtherSession: { jar: memberOtherSession, id: memberOtherSessionRow!.id },
    /** A fresh session per call, so no test depends on how long an earlier one has been idle. */
    async jar(role: Role): Promise<CookieJar | undefined> {
      return role === "anonymous" ? undefined : sessionJarFor(users[role].id);
    },
    /** Values for every route parameter in app/routes.ts, pointing at the member's objects. */
    params: {
      groupId: groupA.id,
      inviteCode: groupA.inviteCode,
      id: notification!.id,
      messageId: "00000000-0000-4000-8000-000000000000",
    } as Record<string, string>,
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

/**
 * A fingerprint of every row of every table (all schemas but PostgreSQL's own): equal means nothing was written.
 * Of the app's database, or of the database at `url`.
 */
export async function databaseFingerprint(url?: string): Promise<Map<string, string>> {
  const client = url ? new pg.Client({ connectionString: url }) : null;
  await client?.connect();
  const query = async <T extends Record<string, unknown>>(text: string) =>
    client ? (await client.query<T>(text)).rows : (await db().execute<T>(sql.raw(text))).rows;
  try {
    const tables = await query<{ name: string }>(`
      select format('%I.%I', table_schema, table_name) as name from information_schema.tables
      where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
      order by 1`);
    const digests = await query<{ name: string; digest: string }>(
      tables
        .map(
          ({ name }) =>
            `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as digest from ${name} t`,
        )
        .join(" union all "),
    );
    return new Map(digests.map((row) => [row.name, row.digest]));
  } finally {
    await client?.end();
  }
}

/** The tables whose fingerprint differs. */
export function changedTables(before: Map<string, string>, after: Map<string, string>) {
  return [...new Set([...before.keys(), ...after.keys()])].filter((name) => before.get(name) !== after.get(name));
}

export { bankedMember };
