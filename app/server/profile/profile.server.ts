/**
 * The profile aggregate: what /profile shows and saves, and what other members may see of a user.
 */
import { eq, sql } from "drizzle-orm";
import type { Locale } from "~/domain/locale";
import { parsePayday, paydayValue } from "~/domain/payday";
import { PROFILE_MESSAGES, splitDisplayName, type ProfileInput } from "~/domain/profile";
import { db } from "../db/client.server";
import { isStatementTimeout } from "../db/errors.server";
import { bankAccounts, bankItems, users, type User } from "../db/schema";
import { logger } from "../platform/log.server";

export type UpdateProfileResult = { status: "ok" } | { status: "date-of-birth-locked"; message: string } | { status: "error" };

/**
 * Save the Profile Information form. Empty fields become null; a blank display name becomes 'User' with no first or
 * last name (SPEC.md section 5). Date of birth is set once: while it is unset a value is stored; once set, a
 * different value is refused (the page does not offer the field, but a crafted post must not get through either).
 * The row is locked for the read-check-write so two concurrent first saves cannot both set it.
 */
export async function updateProfile(userId: string, input: ProfileInput, now = new Date()): Promise<UpdateProfileResult> {
  try {
    return await db().transaction(async (tx) => {
      const [current] = await tx.select({ dateOfBirth: users.dateOfBirth }).from(users).where(eq(users.id, userId)).for("update").limit(1);
      if (!current) return { status: "error" } as const;
      const requested = input.dateOfBirth ?? null;
      if (current.dateOfBirth !== null && requested !== null && requested !== current.dateOfBirth) {
        return { status: "date-of-birth-locked", message: PROFILE_MESSAGES.dateOfBirthLocked } as const;
      }
      await tx
        .update(users)
        .set({
          ...splitDisplayName(input.name),
          phone: input.phone ?? null,
          address: input.address ?? null,
          city: input.city ?? null,
          state: input.state ?? null,
          zipCode: input.zipCode ?? null,
          // Keep a stored date; fill an empty one.
          dateOfBirth: current.dateOfBirth ?? requested,
          updatedAt: now,
        })
        .where(eq(users.id, userId));
      return { status: "ok" } as const;
    });
  } catch (error) {
    logger.error({ err: error, userId }, "updateProfile: could not save the profile");
    return { status: "error" };
  }
}

/** Whether the summary of the user's payment record is shown to the members of their groups (ADR 041). */
export async function setShareReliability(userId: string, share: boolean, now = new Date()) {
  // Hiding (ADR 050) takes effect for groups joined from now on: the moment is kept, and only a change from shared to
  // hidden moves it (saving "hidden" again does not widen what the current groups keep seeing).
  await db()
    .update(users)
    .set({
      shareReliability: share,
      reliabilityHiddenAt: share
        ? null
        : sql`case when ${users.shareReliability} then ${now.toISOString()}::timestamptz else ${users.reliabilityHiddenAt} end`,
      updatedAt: now,
    })
    .where(eq(users.id, userId));
}

/** What another member of a group sees of a user. */
export type VisibleProfile = {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  city: string | null;
  state: string | null;
};

/**
 * The one place that decides what of a user other members may see (Security → 'Allow other members to see my
 * profile'). The name is always shown (a group needs to know who its members are); with the choice off, everything
 * else is null. Use it wherever a page shows one user to another (group members, payout schedule, invitations);
 * never pass a User row to such a page directly. The viewer seeing themself should use their own row instead.
 */
export function visibleProfile(user: Pick<User, "id" | "name" | "email" | "phone" | "city" | "state" | "profileVisible">): VisibleProfile {
  if (!user.profileVisible) return { id: user.id, name: user.name, email: null, phone: null, city: null, state: null };
  return { id: user.id, name: user.name, email: user.email, phone: user.phone, city: user.city, state: user.state };
}

export async function findUserById(userId: string) {
  const [user] = await db().select().from(users).where(eq(users.id, userId)).limit(1);
  return user ?? null;
}

export type ProfileLoad =
  | { status: "ok"; user: User; bank: { accounts: number; institutions: string[] } }
  | { status: "timeout" }
  | { status: "error" };

/**
 * The profile page's own read (SPEC.md sections 2 and 8): the user's row as it is now, and their bank connection from
 * the linked accounts themselves. A read that outlives the statement timeout is "timeout", any other failure "error";
 * the page shows each state rather than an error page. One query.
 */
export async function loadProfile(userId: string): Promise<ProfileLoad> {
  try {
    const [row] = await db()
      .select({
        user: users,
        accounts: sql<number>`(select count(*)::int from ${bankAccounts} where ${bankAccounts.userId} = ${users.id})`,
        institutions: sql<
          string[]
        >`array(select distinct coalesce(${bankItems.institutionName}, 'Bank') from ${bankItems} where ${bankItems.userId} = ${users.id} and ${bankItems.status} = 'active' order by 1)`,
      })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    if (!row) return { status: "error" };
    return { status: "ok", user: row.user, bank: { accounts: row.accounts, institutions: row.institutions } };
  } catch (error) {
    if (isStatementTimeout(error)) {
      logger.warn({ userId }, "loadProfile: timed out");
      return { status: "timeout" };
    }
    logger.error({ err: error, userId }, "loadProfile: could not load the profile");
    return { status: "error" };
  }
}

/**
 * The member's payday (app/domain/payday.ts), or none: after a debit fails for want of money, its retry comes the day
 * after it. Only the member's own row; `value` is the form's ("weekly:5", "semimonthly", "monthly:31", or "" for none).
 * False when the value is not one of the choices.
 */
export async function setPayday(userId: string, value: string, now = new Date()): Promise<boolean> {
  const payday = value === "" ? null : parsePayday(value);
  if (value !== "" && !payday) return false;
  await db()
    .update(users)
    .set({ payday: payday ? paydayValue(payday) : null, updatedAt: now })
    .where(eq(users.id, userId));
  return true;
}

/**
 * At sign-in: a language this browser chose (the switch's cookie, set before signing in) becomes the account's when the
 * account has none stored, so the emails that follow are in it too (ADR 056: the recipient's stored language first;
 * found by an exploratory pass, a member who chose Spanish and then signed in got the new-sign-in email in English).
 * A choice already stored is never overwritten: the switch on a signed-in page is how it changes.
 */
export async function adoptBrowserLanguage(user: Pick<User, "id" | "locale">, chosen: Locale | null, now = new Date()): Promise<void> {
  if (user.locale || !chosen) return;
  await db().update(users).set({ locale: chosen, updatedAt: now }).where(sql`${users.id} = ${user.id} and ${users.locale} is null`);
}

/** The member's language (ADR 056): pages and every email to them from now on (null: follow the browser, English mail). */
export async function setAccountLocale(userId: string, locale: Locale, now = new Date()) {
  await db().update(users).set({ locale, updatedAt: now }).where(eq(users.id, userId));
}
