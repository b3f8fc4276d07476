import { sql } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { lastPlaidSettings, plaidSettingsLine } from "~/server/bank/plaid-settings.server";
import { emailPausedLine } from "~/server/email/outbox.server";

/**
 * Readiness: the database answers and takes writes. 503 when it does not, so a load balancer stops sending traffic
 * here, with the reason on the first line:
 * - "database unavailable": no answer (down, unreachable, or slower than the statement timeout).
 * - "database is read-only: a standby in recovery": the connection reached a replica (a failover that pointed
 *   DATABASE_URL's host at a standby, or a standby not yet promoted). Reads work there; every write would fail.
 * - "database is read-only: transaction_read_only is on": the server (or this database, or role) refuses writes by
 *   setting, as some hosts do when a disk fills up.
 * Both come from one statement that writes nothing: a standby reports itself, and `transaction_read_only` is what
 * every write of this connection would be refused by.
 *
 * A paused email outbox (ADR 010's amendment) is reported on a second line, "Email paused: <reason> (<n> emails
 * waiting)", with the status still 200: this machine serves pages as well as ever, and taking it out of rotation would
 * not send one email more. Monitors that watch for it match the line (or alert on rosca_email_attempts_total{outcome=
 * "account"}, ADR 013; ops/prometheus/alerts.yml).
 *
 * A Plaid setting found missing at boot (ADR 057) is reported the same way, "Plaid settings missing: <what to ask
 * Plaid for>" (or "Plaid settings unchecked: …" when Plaid could not be asked), status still 200: the check ran once
 * at boot and runs again whenever the admin console is opened; /readyz itself never calls Plaid.
 */
export async function loader() {
  const headers = { "Content-Type": "text/plain", "Cache-Control": "no-store" };
  let state: { in_recovery: boolean; read_only: boolean } | undefined;
  try {
    const { rows } = await db().execute<{ in_recovery: boolean; read_only: boolean }>(
      sql`select pg_is_in_recovery() as in_recovery, current_setting('transaction_read_only') = 'on' as read_only`,
    );
    state = rows[0];
  } catch {
    return new Response("database unavailable", { status: 503, headers });
  }
  if (state?.in_recovery) return new Response("database is read-only: a standby in recovery", { status: 503, headers });
  if (state?.read_only) return new Response("database is read-only: transaction_read_only is on", { status: 503, headers });
  const email = await emailPausedLine().catch(() => null);
  const plaid = plaidSettingsLine(lastPlaidSettings());
  return new Response(["ready", email, plaid].filter(Boolean).join("\n"), { headers });
}
