/**
 * Demo data, seeded idempotently: rows are keyed by email and left alone when present, so running `npm start`
 * twice changes nothing and a demo user's own changes survive restarts.
 */
import { sql } from "drizzle-orm";
import { ADMIN_ACCOUNT, DEMO_ACCOUNT, SAMPLE_MEMBERS } from "../../app/domain/demo-accounts.ts";
import { hashPassword } from "../../app/server/auth/password.server.ts";
import { db } from "../../app/server/db/client.server.ts";
import { users } from "../../app/server/db/schema/index.ts";

type SeedUser = {
  email: string;
  name: string;
  password: string;
  isAdmin?: boolean;
  sandbox?: boolean;
  profile?: Partial<typeof users.$inferInsert>;
};

const SEED_USERS: SeedUser[] = [
  {
    ...DEMO_ACCOUNT,
    sandbox: true,
    profile: { firstName: "Dana", lastName: "Demo", phone: "(555) 201-3344", city: "Dearborn", state: "MI", zipCode: "48126" },
  },
  { ...ADMIN_ACCOUNT, isAdmin: true, sandbox: true, profile: { firstName: "Avery", lastName: "Admin" } },
  { ...SAMPLE_MEMBERS[0], sandbox: true },
  { ...SAMPLE_MEMBERS[1], sandbox: true },
  { ...SAMPLE_MEMBERS[2] },
  { ...SAMPLE_MEMBERS[3] },
];

/**
 * `adminPassword`: the demo admin's password when it must not be the public one (a deployed demo, ADR 011). It applies
 * when the admin is created; an existing admin keeps the password it has.
 */
export async function seedDemoData(options: { adminPassword?: string } = {}) {
  const existing = await db()
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(sql`lower(${users.email}) in ${SEED_USERS.map((user) => user.email.toLowerCase())}`);
  const present = new Set(existing.map((row) => row.email));
  let created = 0;
  for (const seed of SEED_USERS) {
    if (present.has(seed.email.toLowerCase())) continue;
    const [first, ...rest] = seed.name.split(" ");
    const inserted = await db()
      .insert(users)
      .values({
        email: seed.email.toLowerCase(),
        name: seed.name,
        firstName: first ?? null,
        lastName: rest.join(" ") || null,
        passwordHash: await hashPassword(seed.isAdmin && options.adminPassword ? options.adminPassword : seed.password),
        emailConfirmedAt: new Date(),
        isAdmin: seed.isAdmin ?? false,
        isPlaidSandboxAuthorized: seed.sandbox ?? false,
        ...seed.profile,
      })
      .onConflictDoNothing()
      .returning({ id: users.id });
    created += inserted.length;
  }
  return { created };
}
