/**
 * Notification preferences (Profile → Notifications). A user without a row has the defaults (SPEC.md section 2);
 * the row is written on the first save.
 */
import { eq } from "drizzle-orm";
import { DEFAULT_PREFERENCES, PREFERENCE_KEYS, type Preferences } from "~/domain/profile";
import { db, type Db } from "../db/client.server";
import { notificationPreferences } from "../db/schema";

/** Pass a transaction as `executor` to read inside it (no second pooled connection while it holds one). */
export async function getPreferences(userId: string, executor: Pick<Db, "select"> = db()): Promise<Preferences> {
  const [row] = await executor.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId)).limit(1);
  if (!row) return { ...DEFAULT_PREFERENCES };
  return Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, row[key]])) as Preferences;
}

export async function savePreferences(userId: string, preferences: Preferences, now = new Date()) {
  const values = Object.fromEntries(PREFERENCE_KEYS.map((key) => [key, preferences[key]])) as Preferences;
  await db()
    .insert(notificationPreferences)
    .values({ userId, ...values, updatedAt: now })
    .onConflictDoUpdate({ target: notificationPreferences.userId, set: { ...values, updatedAt: now } });
}
