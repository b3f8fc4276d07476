/**
 * /metrics (app/server/platform/metrics.server.ts) on its own port: after a request through the app's middleware and a job run
 * by the worker through the queue, the named series are there with the request's route id and the job's name.
 */
import type { AddressInfo } from "node:net";
import type { ServerBuild } from "react-router";
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const queue = await import("../../app/server/jobs/queue.server");
const { startWorker } = await import("../../app/server/jobs/worker.server");
const { serveMetrics, recordDebit, recordPayout } = await import("../../app/server/platform/metrics.server");
const { createApp } = await import("../../host/app");

afterAll(() => queue.stopQueue());

/** The manifest of a build, for route ids (the request below is answered before React Router would need the rest). */
const build = {
  routes: {
    root: { id: "root", path: "" },
    "routes/profile": { id: "routes/profile", parentId: "root", path: "profile" },
    "routes/profile.bank-accounts": { id: "routes/profile.bank-accounts", parentId: "routes/profile", path: "bank-accounts" },
  },
} as unknown as ServerBuild;

async function scrape(url: string) {
  const response = await fetch(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toContain("text/plain");
  return response.text();
}

/** The value of one series ("name{label="value",...}") in an exposition, or undefined. */
function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("/metrics", () => {
  it("serves the HTTP, job, queue and money series after a request and a job", async () => {
    const metrics = await serveMetrics({ port: 0, host: "127.0.0.1", production: false });
    expect(metrics).not.toBeNull();
    const app = createApp({ build, production: false }).listen(0, "127.0.0.1");
    await new Promise((resolve) => app.once("listening", resolve));
    const done: string[] = [];
    const worker = await startWorker({
      name: "metrics-test",
      schedule: false,
      pollingIntervalSeconds: 0.5,
      onJobDone: (job) => done.push(job.queue),
    });
    try {
      const base = `http://127.0.0.1:${(app.address() as AddressInfo).port}`;

      // A request (refused by the CSRF check: a real answer from the real middleware, no build needed).
      const response = await fetch(`${base}/profile/bank-accounts`, { method: "POST", headers: { Origin: "https://evil.example" } });
      expect(response.status).toBe(403);

      // A job, through the queue, run by the worker.
      expect(await queue.enqueueBankSync("metrics test")).toMatchObject({ ok: true });
      const until = Date.now() + 20_000;
      while (!done.includes(queue.BANK_SYNC) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(done).toContain(queue.BANK_SYNC);

      recordDebit("created", "contribution", 10_000);
      recordDebit("settled", "fee", 500);
      recordPayout("submitted", 30_000);

      const text = await scrape(metrics!.url);
      expect(value(text, 'rosca_http_request_duration_seconds_count{method="POST",route="routes/profile.bank-accounts",status_code="403"}')).toBe(1);
      expect(text).toContain("# TYPE rosca_http_request_duration_seconds histogram");
      expect(value(text, 'rosca_jobs_total{job_name="bank.sync",outcome="completed"}')).toBe(1);
      expect(value(text, 'rosca_job_duration_seconds_count{job_name="bank.sync",outcome="completed"}')).toBe(1);
      expect(value(text, 'rosca_job_queue_depth{queue="bank.sync",state="created"}')).toBe(0);
      expect(value(text, 'rosca_job_queue_depth{queue="money.tick",state="active"}')).toBe(0);
      expect(value(text, 'rosca_debits_total{kind="contribution",stage="created"}')).toBe(1);
      expect(value(text, 'rosca_debit_cents_total{kind="contribution",stage="created"}')).toBe(10_000);
      expect(value(text, 'rosca_debits_total{kind="fee",stage="settled"}')).toBe(1);
      expect(value(text, 'rosca_payouts_total{stage="submitted"}')).toBe(1);
      expect(value(text, 'rosca_payout_cents_total{stage="submitted"}')).toBe(30_000);
      expect(text).toContain("process_cpu_seconds_total");

      // Only /metrics, only GET.
      expect((await fetch(metrics!.url.replace("/metrics", "/"))).status).toBe(404);
      expect((await fetch(metrics!.url, { method: "POST" })).status).toBe(404);
    } finally {
      await worker.stop();
      await new Promise((resolve) => app.close(resolve));
      await metrics?.stop();
    }
  });
});
