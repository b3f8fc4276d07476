/**
 * The admin console's queries and commands (SPEC.md sections 2 /admin, 6 and 7 Admin). Every caller has already
 * passed requireAdminPage; these functions trust the actor id they are given.
 */
import { asc, desc, eq, ilike, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { ADMIN_MESSAGES, addUserSchema } from "~/domain/admin";
import { normalizeEmail } from "~/domain/auth";
import { lookupSession } from "../auth/session.server";
import { requireAdmin } from "../auth/guards.server";
import { db } from "../db/client.server";
import { auditLog, sandboxAccessRequests, users } from "../db/schema";
import { deliverEmails, queueEmail } from "../email/email.server";
import { appUrl } from "../platform/env.server";
import { AUDIT_ACTIONS, grantSandboxAccess } from "./sandbox-access.server";
import { redirectWithToast } from "../notifications/toast.server";
import { logger } from "../platform/log.server";
import { pageLocation } from "../platform/page-location.server";

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_SEARCH_MAX = 200;
export { ADMIN_MESSAGES };

/**
 * The admin guard for /admin (SPEC.md section 2): no session at all → /login with 'Authentication Required';
 * anything else is requireAdmin's (expired or broken sessions keep their own messages; non-admins → /dashboard
 * with 'Access Denied').
 */
export async function requireAdminPage(request: Request) {
  const lookup = await lookupSession(request);
  if (lookup.status === "none") {
    // A POST has no page to come back to but the console itself.
    const target = request.method === "GET" ? pageLocation(request) : "/admin";
    throw await redirectWithToast(request, `/login?${new URLSearchParams({ redirectTo: target })}`, {
      type: "error",
      title: "Authentication Required",
      description: "Please log in to access the admin dashboard.",
    });
  }
  return requireAdmin(request);
}

/** The three stat cards, in one pass over users. */
export async function adminStats() {
  const [row] = await db()
    .select({
      totalUsers: sql<number>`count(*)`.mapWith(Number),
      sandboxUsers: sql<number>`count(*) filter (where ${users.isPlaidSandboxAuthorized})`.mapWith(Number),
      admins: sql<number>`count(*) filter (where ${users.isAdmin})`.mapWith(Number),
    })
    .from(users);
  return row ?? { totalUsers: 0, sandboxUsers: 0, admins: 0 };
}

/** Escape LIKE wildcards so a search for "a_b%" matches those characters literally (backslash is LIKE's escape). */
export function likePattern(q: string) {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  createdAt: string;
  isAdmin: boolean;
  isPlaidSandboxAuthorized: boolean;
};

/** One page of users, newest first, matching q in email or name (case-insensitive), with the total match count. */
export async function searchUsers({ q = "", page = 1, pageSize = ADMIN_PAGE_SIZE }: { q?: string; page?: number; pageSize?: number }) {
  const term = q.trim().slice(0, ADMIN_SEARCH_MAX);
  const where = term ? or(ilike(users.email, likePattern(term)), ilike(users.name, likePattern(term))) : undefined;
  const safePage = Number.isSafeInteger(page) && page > 0 ? page : 1;
  const [rows, [total]] = await Promise.all([
    db()
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        createdAt: users.createdAt,
        isAdmin: users.isAdmin,
        isPlaidSandboxAuthorized: users.isPlaidSandboxAuthorized,
      })
      .from(users)
      .where(where)
      .orderBy(desc(users.createdAt), desc(users.id))
      .limit(pageSize)
      .offset((safePage - 1) * pageSize),
    db()
      .select({ value: sql<number>`count(*)`.mapWith(Number) })
      .from(users)
      .where(where),
  ]);
  const totalCount = total?.value ?? 0;
  return {
    q: term,
    page: safePage,
    pageSize,
    total: totalCount,
    pageCount: Math.max(1, Math.ceil(totalCount / pageSize)),
    users: rows.map((row): AdminUserRow => ({ ...row, createdAt: row.createdAt.toISOString() })),
  };
}

/** Open sandbox access requests, oldest first (first come, first served). */
export async function pendingRequests() {
  const rows = await db()
    .select({
      id: sandboxAccessRequests.id,
      userId: users.id,
      name: users.name,
      email: users.email,
      message: sandboxAccessRequests.message,
      createdAt: sandboxAccessRequests.createdAt,
    })
    .from(sandboxAccessRequests)
    .innerJoin(users, eq(users.id, sandboxAccessRequests.userId))
    .where(eq(sandboxAccessRequests.status, "open"))
    .orderBy(asc(sandboxAccessRequests.createdAt), asc(sandboxAccessRequests.id));
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/** The newest audit entries with the actor's and target's current names. */
export async function recentAudit(limit = 20) {
  const actor = alias(users, "actor");
  const target = alias(users, "target");
  const rows = await db()
    .select({
      id: auditLog.id,
      action: auditLog.action,
      actorName: actor.name,
      actorEmail: actor.email,
      targetName: target.name,
      targetEmail: sql<string | null>`coalesce(${target.email}, ${auditLog.targetEmail})`,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
    })
    .from(auditLog)
    .leftJoin(actor, eq(actor.id, auditLog.actorId))
    .leftJoin(target, eq(target.id, auditLog.targetUserId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

export type AddUserResult =
  | { status: "invalid" }
  | { status: "exists" }
  | { status: "granted"; userId: string }
  | { status: "invited" }
  /** The invitation is recorded and its email waits in the outbox: the mail service did not answer yet. */
  | { status: "invitation-queued" }
  | { status: "email-failed" }
  | { status: "failed" };

/**
 * Add a user by email (SPEC.md section 2 /admin): an account that already has sandbox access is "already in the
 * list"; an account without it is granted access; an unknown address is invited (recorded in user_invitations, so
 * registering with it grants access at once) and emailed.
 */
export async function addUserByEmail(actorId: string, rawEmail: string, now = new Date()): Promise<AddUserResult> {
  const parsed = addUserSchema.safeParse({ email: rawEmail });
  if (!parsed.success) return { status: "invalid" };
  const email = normalizeEmail(parsed.data.email);
  try {
    const [existing] = await db()
      .select({ id: users.id, authorized: users.isPlaidSandboxAuthorized })
      .from(users)
      .where(sql`lower(${users.email}) = ${email}`)
      .limit(1);
    if (existing?.authorized) return { status: "exists" };
    if (existing) {
      const granted = await grantSandboxAccess(actorId, existing.id, { details: { via: "add-user" }, now });
      return granted.status === "not-found" ? { status: "failed" } : { status: "granted", userId: existing.id };
    }

    const emailId = await db().transaction(async (tx) => {
      // One invitation per address: inviting again refreshes it (and re-opens one accepted by a since-deleted account).
      await tx.execute(sql`
        insert into user_invitations (email, invited_by, created_at)
        values (${email}, ${actorId}, ${now})
        on conflict (lower(email)) do update set invited_by = excluded.invited_by, created_at = excluded.created_at, accepted_at = null`);
      await tx.insert(auditLog).values({ actorId, action: AUDIT_ACTIONS.invite, targetEmail: email, createdAt: now });
      const [row] = await tx.select({ name: users.name }).from(users).where(eq(users.id, actorId)).limit(1);
      // The email is part of the invitation (the outbox, ADR 010).
      return queueEmail(tx, email, {
        template: "invitation",
        // No account, so no name: a neutral greeting, never the address's local part.
        data: { name: null, invitedBy: row?.name ?? "An administrator", registerUrl: `${appUrl()}/register` },
      });
    });

    const sent = (await deliverEmails([emailId])).get(emailId)!;
    if (!sent.ok) {
      logger.warn({ reason: sent.error }, "addUserByEmail: the invitation email failed");
      return { status: "email-failed" };
    }
    return { status: sent.status === "sent" ? "invited" : "invitation-queued" };
  } catch (error) {
    logger.error({ err: error }, "addUserByEmail: could not add the user");
    return { status: "failed" };
  }
}
