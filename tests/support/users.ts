/**
 * Users for integration tests: created straight in the database (confirmed, password "Secret123") and signed in
 * with a real session cookie. Import dynamically, after useTestDatabase(), like the app modules.
 */
import { eq } from "drizzle-orm";
import { hashPassword } from "../../app/server/auth/password.server";
import { createSession } from "../../app/server/auth/session.server";
import { db } from "../../app/server/db/client.server";
import { users } from "../../app/server/db/schema";
import { takeToasts } from "../../app/server/notifications/toast.server";
import { CookieJar } from "./routes";

export const TEST_PASSWORD = "Secret123";

let counter = 0;
/**
 * TEST_PASSWORD's argon2 hash, made once per file: a hash costs ~25 ms of CPU, and the money suites create hundreds
 * of users. Each user still gets a real hash that the login code verifies.
 */
let testPasswordHash: Promise<string> | undefined;

export async function createUser(values: Partial<typeof users.$inferInsert> = {}) {
  counter += 1;
  testPasswordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db()
    .insert(users)
    .values({
      email: `user${counter}.${Date.now()}@example.com`,
      name: "Amina Yusuf",
      passwordHash: await testPasswordHash,
      emailConfirmedAt: new Date(),
      ...values,
    })
    .returning();
  return user!;
}

export async function sessionJarFor(userId: string, options: { userAgent?: string; ipAddress?: string } = {}) {
  const jar = new CookieJar();
  const request = new Request("http://localhost:3000/login", { headers: options.userAgent ? { "user-agent": options.userAgent } : {} });
  jar.store([await createSession(userId, request, { remember: false, ipAddress: options.ipAddress })]);
  return jar;
}

export async function signedInUser(values: Partial<typeof users.$inferInsert> = {}) {
  const user = await createUser(values);
  return { user, jar: await sessionJarFor(user.id) };
}

export async function reloadUser(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}

/** The titles of the toasts a response queued (its Set-Cookie headers). */
export async function toastTitles(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
  return toasts.map((toast) => toast.title);
}
