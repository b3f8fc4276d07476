/**
 * Demo groups, seeded through the same services the app uses (never rows written around them), so the demo shows
 * real figures: the demo user, Amina and Omar link a sandbox bank and run an active weekly group; the demo user also
 * admins a forming group with pending invitations. Idempotent: a group is seeded once, by name and creator.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { Products } from "plaid";
import { DEMO_ACCOUNT, SAMPLE_MEMBERS } from "../../app/domain/demo-accounts.ts";
import type { GroupDraft } from "../../app/domain/groups.ts";
import { todayIn } from "../../app/domain/schedule.ts";
import { exchangePublicToken } from "../../app/server/bank/bank.server.ts";
import { plaidCall } from "../../app/server/bank/plaid.server.ts";
import { db } from "../../app/server/db/client.server.ts";
import { groups, users } from "../../app/server/db/schema.ts";
import { env } from "../../app/server/env.server.ts";
import { createGroup, joinGroup } from "../../app/server/groups/groups.server.ts";

export const DEMO_ACTIVE_GROUP = "Family Savings Circle";
export const DEMO_FORMING_GROUP = "Wedding Fund";

async function usersByEmail(emails: string[]) {
  const rows = await db()
    .select()
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails.map((email) => email.toLowerCase())));
  return new Map(rows.map((row) => [row.email.toLowerCase(), row]));
}

/** Link First Platypus Bank through the sandbox bank, as Plaid's sandbox lets a server do without the Link UI. */
async function linkSandboxBank(user: typeof users.$inferSelect) {
  if (user.hasBankAccount) return;
  const token = await plaidCall((api) =>
    api.sandboxPublicTokenCreate({
      institution_id: "ins_109508",
      initial_products: [Products.Auth, Products.Transfer],
      options: { override_username: "user_good", override_password: "pass_good" },
    }),
  );
  if (!token.ok) throw new Error(`seed: sandbox public token for ${user.email}: ${token.code}`);
  const linked = await exchangePublicToken(user, token.value.public_token, { institution: { institution_id: "ins_109508", name: "First Platypus Bank" } });
  if (!linked.ok) throw new Error(`seed: linking a bank for ${user.email}: ${linked.code}`);
}

async function exists(name: string, createdBy: string) {
  const [row] = await db().select({ id: groups.id }).from(groups).where(and(eq(groups.name, name), eq(groups.createdBy, createdBy)));
  return Boolean(row);
}

export async function seedDemoGroups(now = new Date()): Promise<{ created: number }> {
  // Groups need linked banks; without the sandbox bank (real Plaid configured) there is nothing honest to seed.
  if (!env().PLAID_SANDBOX_URL) return { created: 0 };
  const [amina, omar, lena, marcus] = SAMPLE_MEMBERS;
  const people = await usersByEmail([DEMO_ACCOUNT.email, amina.email, omar.email]);
  const demo = people.get(DEMO_ACCOUNT.email)!;
  let created = 0;

  if (!(await exists(DEMO_ACTIVE_GROUP, demo.id))) {
    for (const person of people.values()) await linkSandboxBank(person);
    const refreshed = await usersByEmail([DEMO_ACCOUNT.email, amina.email, omar.email]);
    const draft: GroupDraft = {
      name: DEMO_ACTIVE_GROUP,
      memberCount: 3,
      contributionCents: 10_000,
      payoutOrder: "fixed",
      schedule: { frequency: "weekly", dayOfWeek: 5, dayOfMonth: null },
      startOn: null,
      timeZone: "America/New_York",
      inviteeEmails: [amina.email, omar.email],
    };
    const result = await createGroup(refreshed.get(DEMO_ACCOUNT.email)!, draft, { idempotencyKey: "seed-demo-active-group", now });
    if (!result.ok) throw new Error(`seed: ${DEMO_ACTIVE_GROUP}: ${result.error}`);
    const [group] = await db().select().from(groups).where(eq(groups.id, result.groupId));
    for (const email of [amina.email, omar.email]) {
      const joined = await joinGroup(refreshed.get(email)!, group!.inviteCode, now);
      if (!joined.ok) throw new Error(`seed: ${email} joining ${DEMO_ACTIVE_GROUP}: ${joined.reason}`);
    }
    created += 1;
  }

  if (!(await exists(DEMO_FORMING_GROUP, demo.id))) {
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
