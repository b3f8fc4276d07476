/**
 * Sandbox access (SPEC.md sections 1 and 6): users ask for it, admins grant, revoke or decline. Each admin command
 * changes the user, resolves the open request, writes the audit row and the in-app notification in one transaction;
 * the email goes out after commit and a failure to send only logs a warning (SPEC.md section 7).
 */
import { and, eq } from "drizzle-orm";
import { db, type Db } from "../db/client.server";
import { auditLog, sandboxAccessRequests, users } from "../db/schema";
import { deliverEmails, queueEmail } from "../email/email.server";
import { appUrl, env } from "../platform/env.server";
import { notify } from "../notifications/notifications.server";
import { logger } from "../platform/log.server";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export const SANDBOX_REQUEST_MESSAGE_MAX = 500;

/** Audit actions written by this module and admin.server.ts; the admin page labels them. */
export const AUDIT_ACTIONS = {
  grant: "sandbox.grant",
  revoke: "sandbox.revoke",
  decline: "sandbox.request.decline",
  invite: "user.invite",
} as const;

export type SandboxRequestResult = { status: "created" | "already-open" | "already-authorized" | "not-found" };

/**
 * Record a request. Idempotent: a user has at most one open request (the partial unique index decides between two
 * concurrent clicks), and an authorised user has nothing to ask for.
 */
export async function requestSandboxAccess(userId: string, message?: string | null, now = new Date()): Promise<SandboxRequestResult> {
  const [user] = await db().select({ authorized: users.isPlaidSandboxAuthorized }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) return { status: "not-found" };
  if (user.authorized) return { status: "already-authorized" };
  const text = message?.trim().slice(0, SANDBOX_REQUEST_MESSAGE_MAX) || null;
  const inserted = await db()
    .insert(sandboxAccessRequests)
    .values({ userId, message: text, createdAt: now })
    .onConflictDoNothing()
    .returning({ id: sandboxAccessRequests.id });
  return { status: inserted.length > 0 ? "created" : "already-open" };
}

/** The user's open request, or null. */
export async function openRequestFor(userId: string) {
  const [row] = await db()
    .select({ id: sandboxAccessRequests.id, message: sandboxAccessRequests.message, createdAt: sandboxAccessRequests.createdAt })
    .from(sandboxAccessRequests)
    .where(and(eq(sandboxAccessRequests.userId, userId), eq(sandboxAccessRequests.status, "open")))
    .limit(1);
  return row ?? null;
}

/** What the request-access card (components/sandbox-request-card.tsx) needs. */
export async function sandboxCardState(userId: string): Promise<{ hasOpenRequest: boolean; requestedAt?: string; supportEmail: string }> {
  const open = await openRequestFor(userId);
  return {
    hasOpenRequest: open !== null,
    ...(open ? { requestedAt: open.createdAt.toISOString() } : {}),
    supportEmail: env().SUPPORT_EMAIL,
  };
}

export type SandboxChangeResult = { status: "changed" | "unchanged" | "not-found" };

async function audit(
  tx: Tx,
  entry: { actorId: string; action: string; targetUserId: string; targetEmail: string; details?: Record<string, unknown> },
  now: Date,
) {
  await tx.insert(auditLog).values({ ...entry, details: entry.details ?? null, createdAt: now });
}

async function resolveOpenRequest(tx: Tx, userId: string, status: "granted" | "declined", actorId: string, now: Date) {
  await tx
    .update(sandboxAccessRequests)
    .set({ status, resolvedAt: now, resolvedBy: actorId })
    .where(and(eq(sandboxAccessRequests.userId, userId), eq(sandboxAccessRequests.status, "open")));
}

/**
 * Set the flag. Locks the user row so two admins clicking at once record one change; a click that changes nothing is
 * still audited (it was an admin action) but sends no notification or email.
 */
async function setSandboxAccess(actorId: string, userId: string, authorized: boolean, details: Record<string, unknown> | undefined, now: Date) {
  const outcome = await db().transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, name: users.name, authorized: users.isPlaidSandboxAuthorized })
      .from(users)
      .where(eq(users.id, userId))
      .for("update")
      .limit(1);
    if (!user) return null;
    const changed = user.authorized !== authorized;
    if (changed) {
      await tx.update(users).set({ isPlaidSandboxAuthorized: authorized, updatedAt: now }).where(eq(users.id, userId));
    }
    if (authorized) await resolveOpenRequest(tx, userId, "granted", actorId, now);
    await audit(
      tx,
      {
        actorId,
        action: authorized ? AUDIT_ACTIONS.grant : AUDIT_ACTIONS.revoke,
        targetUserId: userId,
        targetEmail: user.email,
        details: { ...details, ...(changed ? {} : { unchanged: true }) },
      },
      now,
    );
    if (changed) {
      await notify(userId, authorized ? { message: "sandboxGranted", link: "/profile/bank-accounts" } : { message: "sandboxRevoked" }, tx);
    }
    // The email is part of the grant (the outbox, ADR 010): committed together, or not at all.
    const emailId =
      changed && authorized
        ? await queueEmail(
            tx,
            user.email,
            { template: "sandbox-granted", data: { name: user.name, bankAccountsUrl: `${appUrl()}/profile/bank-accounts` } },
            { userId, now },
          )
        : null;
    return { user, changed, emailId };
  });
  if (!outcome) return { status: "not-found" } as const;
  if (outcome.emailId) {
    const sent = (await deliverEmails([outcome.emailId])).get(outcome.emailId)!;
    if (!sent.ok) logger.warn({ userId, reason: sent.error }, "grantSandboxAccess: the sandbox-granted email failed (ignored)");
  }
  return { status: outcome.changed ? "changed" : "unchanged" } as const;
}

export function grantSandboxAccess(
  actorId: string,
  userId: string,
  options: { details?: Record<string, unknown>; now?: Date } = {},
): Promise<SandboxChangeResult> {
  return setSandboxAccess(actorId, userId, true, options.details, options.now ?? new Date());
}

/** Revoking leaves an open request open (there is none after a grant); admins may revoke their own access too. */
export function revokeSandboxAccess(actorId: string, userId: string, options: { now?: Date } = {}): Promise<SandboxChangeResult> {
  return setSandboxAccess(actorId, userId, false, undefined, options.now ?? new Date());
}

/** Decline an open request. Not found when the request does not exist or is no longer open. */
export async function declineRequest(actorId: string, requestId: string, now = new Date()): Promise<{ status: "declined" | "not-found" }> {
  return db().transaction(async (tx) => {
    const [row] = await tx
      .update(sandboxAccessRequests)
      .set({ status: "declined", resolvedAt: now, resolvedBy: actorId })
      .where(and(eq(sandboxAccessRequests.id, requestId), eq(sandboxAccessRequests.status, "open")))
      .returning({ userId: sandboxAccessRequests.userId });
    if (!row) return { status: "not-found" } as const;
    const [user] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.userId)).limit(1);
    await audit(
      tx,
      { actorId, action: AUDIT_ACTIONS.decline, targetUserId: row.userId, targetEmail: user?.email ?? "", details: { requestId } },
      now,
    );
    await notify(row.userId, { message: "sandboxDeclined" }, tx);
    return { status: "declined" } as const;
  });
}
