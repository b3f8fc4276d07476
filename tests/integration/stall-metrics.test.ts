/**
 * The stall gauges (app/server/health/stalls.server.ts, metrics.server.ts "Stalls"): read from the database at scrape
 * time, they tell a job active for ten minutes from one that just started, a due job nobody fetched, a bank transfer
 * written twenty minutes ago and never sent (but not one waiting for its member), a paused outbox and an email overdue.
 */
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
const { watchStalls } = await import("../../app/server/health/stalls.server");
const { metricsText, setStallsSource } = await import("../../app/server/platform/metrics.server");
const { createBoss } = await import("../../app/server/jobs/queue.server");
const { createGroup } = await import("../../app/server/groups/groups.server");
const { queueEmail } = await import("../../app/server/email/outbox.server");
const { createUser } = await import("../support/users");
const { db } = await import("../../app/server/db/client.server");
const { bankTransfers, emailOutboxPause } = await import("../../app/server/db/schema");
const { sql } = await import("drizzle-orm");

const boss = await createBoss("producer");
afterAll(async () => {
  setStallsSource(undefined);
  await boss.stop({ graceful: false });
});

/** A fresh scrape (the gauges read at most once a second). */
async function scrape() {
  await new Promise((resolve) => setTimeout(resolve, 1_100));
  return (await metricsText()).body;
}

function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** A value measured at scrape time: at least `seconds`, and not a minute more. */
function about(seconds: number) {
  return expect.toSatisfy((actual: number | undefined) => actual !== undefined && actual >= seconds && actual < seconds + 60);
}

describe("the stall gauges", () => {
  it("are absent from a process that does not watch, and zeros when nothing waits", async () => {
    expect(await scrape()).not.toContain("rosca_transfer_oldest_created_seconds ");
    watchStalls();
    const text = await scrape();
    expect(value(text, "rosca_transfer_oldest_created_seconds")).toBe(0);
    expect(value(text, "rosca_email_outbox_paused")).toBe(0);
    expect(value(text, "rosca_email_oldest_due_seconds")).toBe(0);
    expect(text).toContain("# TYPE rosca_job_oldest_active_seconds gauge");
  });

  it("tell a job active for ten minutes from one that just started, and show the oldest due job nobody fetched", async () => {
    await boss.createQueue("ops.stuck");
    await boss.createQueue("ops.busy");
    await boss.createQueue("ops.waiting");
    const stuck = await boss.send("ops.stuck", {});
    await boss.send("ops.busy", {});
    await boss.send("ops.waiting", {});
    await boss.send("ops.waiting", {}, { startAfter: 3_600 }); // not due for an hour: not waiting yet
    expect(await boss.fetch("ops.stuck")).toHaveLength(1);
    expect(await boss.fetch("ops.busy")).toHaveLength(1);
    await db().execute(sql`update pgboss_v12.job set started_on = now() - interval '10 minutes' where id = ${stuck}::uuid`);
    await db().execute(sql`update pgboss_v12.job set start_after = now() - interval '4 minutes' where name = 'ops.waiting' and start_after <= now()`);

    const text = await scrape();
    expect(value(text, 'rosca_job_oldest_active_seconds{queue="ops.stuck"}')).toEqual(about(600));
    expect(value(text, 'rosca_job_oldest_active_seconds{queue="ops.busy"}')).toBeLessThan(60);
    expect(value(text, 'rosca_job_oldest_active_seconds{queue="ops.waiting"}')).toBe(0);
    expect(value(text, 'rosca_job_oldest_waiting_seconds{queue="ops.waiting"}')).toEqual(about(240));
    expect(value(text, 'rosca_job_oldest_waiting_seconds{queue="ops.stuck"}')).toBe(0);
    // pg-boss's own queues are its business, not an operator's.
    // (pg-boss 12's queue rows have many required settings: a copy of one of ours under pg-boss's own prefix.)
    await db().execute(sql`insert into pgboss_v12.queue
      select (jsonb_populate_record(q, jsonb_build_object('name', '__pgboss__send-it'))).* from pgboss_v12.queue q where q.name = 'ops.waiting'
      on conflict do nothing`);
    expect(await scrape()).not.toContain('queue="__pgboss__');
  });

  it("show the oldest bank transfer written and not sent, leaving out those waiting for their member", async () => {
    const creator = await createUser({ isPlaidSandboxAuthorized: true });
    const created = await createGroup(creator, {
      name: "Stall Circle",
      memberCount: 3,
      contributionCents: 10_000,
      payoutOrder: "fixed",
      schedule: { frequency: "weekly", dayOfWeek: 5, dayOfMonth: null },
      startOn: null,
      timeZone: "America/New_York",
      inviteeEmails: [],
    });
    if (!created.ok) throw new Error(created.error);
    const row = (attempt: number, minutesAgo: number, waiting: boolean) => ({
      idempotencyKey: `stall-${attempt}`,
      kind: "contribution" as const,
      groupId: created.groupId,
      periodNumber: 1,
      userId: creator.id,
      attempt,
      amountCents: 10_000,
      initiatedOn: "2026-01-09",
      statusOn: "2026-01-09",
      createdAt: new Date(Date.now() - minutesAgo * 60_000),
      waitingForMemberAt: waiting ? new Date() : null,
    });
    await db()
      .insert(bankTransfers)
      .values([row(1, 120, true), row(2, 20, false), row(3, 1, false)]);
    expect(value(await scrape(), "rosca_transfer_oldest_created_seconds")).toEqual(about(1_200));
    await db().execute(sql`update bank_transfers set status = 'pending', status_on = '2026-01-09' where idempotency_key = 'stall-2'`);
    expect(value(await scrape(), "rosca_transfer_oldest_created_seconds")).toEqual(about(60));
  });

  it("show a paused outbox and the oldest email due", async () => {
    await queueEmail(
      db(),
      "late@example.com",
      { template: "welcome", data: { name: "Late", dashboardUrl: "http://localhost:3000/dashboard" } },
      {
        now: new Date(Date.now() - 40 * 60_000),
      },
    );
    await queueEmail(
      db(),
      "later@example.com",
      { template: "welcome", data: { name: "Later", dashboardUrl: "http://localhost:3000/dashboard" } },
      {
        now: new Date(Date.now() + 60 * 60_000),
      },
    );
    await db().insert(emailOutboxPause).values({ pausedAt: new Date(), reason: "the Postmark account is pending approval", nextProbeAt: new Date() });
    const text = await scrape();
    expect(value(text, "rosca_email_outbox_paused")).toBe(1);
    expect(value(text, "rosca_email_oldest_due_seconds")).toEqual(about(2_400));
  });
});
