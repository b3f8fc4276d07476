/**
 * Every job handler runs through runJob(): one log line when it ends (job name, id, the savings group when the job is
 * about one, worker, duration, outcome), rosca_jobs_total and rosca_job_duration_seconds by job name and outcome,
 * and the failure reported to Sentry when that is on. Lines logged by the work itself carry jobName and jobId too
 * (the log context, app/server/platform/log.server.ts). New queues should call it from their boss.work() handler.
 */
import { reportError } from "../platform/error-reporting.server";
import { logger, withLogContext } from "../platform/log.server";
import { observeJob } from "../platform/metrics.server";

export type JobInfo = {
  /** The queue's name, e.g. "money.tick". */
  name: string;
  id: string;
  /** The job's data; a string `groupId` in it is logged as the job's group. */
  data?: unknown;
  /** The worker running it (WorkerOptions.name). */
  worker?: string;
};

function groupIdOf(data: unknown): string | undefined {
  if (data && typeof data === "object" && "groupId" in data && typeof data.groupId === "string") return data.groupId;
  return undefined;
}

/** Run `work` as job `job`: logged, measured, failures reported and rethrown (so pg-boss retries per the queue). */
export async function runJob<T>(job: JobInfo, work: () => Promise<T>): Promise<T> {
  const startedAt = process.hrtime.bigint();
  const groupId = groupIdOf(job.data);
  const fields = { jobName: job.name, jobId: job.id, ...(groupId ? { groupId } : {}), ...(job.worker ? { worker: job.worker } : {}) };
  const elapsed = () => Number(process.hrtime.bigint() - startedAt) / 1e9;
  return withLogContext({ jobName: job.name, jobId: job.id }, async () => {
    try {
      const result = await work();
      const seconds = elapsed();
      observeJob(job.name, "completed", seconds);
      logger.info({ ...fields, durationMs: Math.round(seconds * 1000), outcome: "completed", result }, `job ${job.name} completed`);
      return result;
    } catch (error) {
      const seconds = elapsed();
      observeJob(job.name, "failed", seconds);
      logger.error({ ...fields, durationMs: Math.round(seconds * 1000), outcome: "failed", err: error }, `job ${job.name} failed`);
      void reportError(error, { jobName: job.name, jobId: job.id, groupId });
      throw error;
    }
  });
}
