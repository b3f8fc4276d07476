import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { emailPausedLine } from "~/server/email/outbox.server";

/**
 * Readiness: the database answers. 503 when it does not, so a load balancer stops sending traffic here.
 *
 * A paused email outbox (ADR 010's amendment) is reported on a second line, "Email paused: <reason> (<n> emails
 * waiting)", with the status still 200: this machine serves pages as well as ever, and taking it out of rotation would
 * not send one email more. Monitors that watch for it match the line (or alert on rosca_email_attempts_total{outcome=
 * "account"}, ADR 013).
 */
export async function loader() {
  const headers = { "Content-Type": "text/plain", "Cache-Control": "no-store" };
  try {
    await db().execute(sql`select 1`);
  } catch {
    return new Response("database unavailable", { status: 503, headers });
  }
  const email = await emailPausedLine().catch(() => null);
  return new Response(email ? `ready\n${email}` : "ready", { headers });
}
