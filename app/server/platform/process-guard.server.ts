/**
 * The process guard: what happens to an error nothing handled (issue 42). Installed first thing by every entry point
 * that runs the app's code for long: the web server (scripts/serve.ts, build/host/serve.js), the worker
 * (scripts/worker.ts, build/host/worker.js) and `npm start` / `npm run dev` (scripts/lib/stack.ts).
 *
 * - An unhandled promise rejection (a call whose promise nobody awaited failed, e.g. a library's fire-and-forget
 *   query while the database restarts) is logged at error level with its stack, counted
 *   (rosca_process_errors_total{kind="unhandled_rejection"}) and reported, and the process serves on. Node's default
 *   (since 15) is to exit, which turned a database restart into a dead worker in the middle of a due date. A rejected
 *   promise leaves no half-run synchronous code behind: whatever awaited nothing simply did not happen, and every
 *   piece of work here is retried or idempotent (ADR 008, ADR 044).
 * - An uncaught exception (a synchronous throw from a callback or an event with no listener) may have left any state
 *   half-changed, so the process does not go on: it is logged at fatal level with the reason, counted, reported, the
 *   caller's `onFatal` gets up to FATAL_CLEANUP_MS to release what it holds (the worker stops fetching; its jobs are
 *   redelivered after expiry), and the process exits with 1 so that the platform restarts it.
 *
 * Idempotent per process (the module is loaded twice: from source by the scripts and bundled in the server build).
 */
import { flushErrorReports, reportError } from "./error-reporting.server";
import { logger } from "./log.server";
import { processErrorsTotal } from "./metrics.server";

/** How long an exiting process gives its cleanup and the error report before it exits anyway. */
export const FATAL_CLEANUP_MS = 3_000;

export type ProcessGuardOptions = {
  /** Which process this is, in the logs ("web", "worker", "stack"). */
  role: string;
  /** Before exiting on an uncaught exception: release what can be released (bounded by FATAL_CLEANUP_MS). */
  onFatal?: () => Promise<void> | void;
  /** How to end the process (tests pass their own). Default process.exit. */
  exit?: (code: number) => void;
};

type Installed = { role: string; onFatal?: () => Promise<void> | void };
const KEY = Symbol.for("rosca.processGuard");
const globals = globalThis as typeof globalThis & { [KEY]?: Installed };

function describe(reason: unknown): string {
  if (reason instanceof Error) return `${reason.name}: ${reason.message}`;
  return typeof reason === "string" ? reason : (JSON.stringify(reason) ?? String(reason));
}

/** Handle an unhandled rejection: log, count, report, serve on. Exported for tests. */
export function onUnhandledRejection(reason: unknown, role: string) {
  processErrorsTotal.inc({ kind: "unhandled_rejection" });
  logger.error({ err: reason, role }, `unhandled promise rejection (serving on): ${describe(reason)}`);
  void reportError(reason, { role, kind: "unhandled_rejection" }).catch(() => {});
}

/** Handle an uncaught exception: log why, count, report, clean up (bounded), exit 1. Exported for tests. */
export async function onUncaughtException(error: unknown, options: ProcessGuardOptions) {
  processErrorsTotal.inc({ kind: "uncaught_exception" });
  logger.fatal({ err: error, role: options.role }, `uncaught exception: exiting so that the process is restarted: ${describe(error)}`);
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const giveUp = new Promise<void>((resolve) => setTimeout(resolve, FATAL_CLEANUP_MS).unref());
  const cleanup = (async () => {
    await reportError(error, { role: options.role, kind: "uncaught_exception" }).catch(() => {});
    await Promise.resolve()
      .then(() => options.onFatal?.())
      .catch((cleanupError) => logger.error({ err: cleanupError, role: options.role }, "uncaught exception: cleanup failed"));
    await flushErrorReports(1_000).catch(() => {});
  })();
  await Promise.race([cleanup, giveUp]);
  exit(1);
}

/**
 * Install the guard for this process (once; a second call only updates the role and onFatal). Returns whether this call
 * installed it.
 */
export function installProcessGuard(options: ProcessGuardOptions): boolean {
  const existing = globals[KEY];
  if (existing) {
    existing.role = options.role;
    existing.onFatal = options.onFatal;
    return false;
  }
  const installed: Installed = { role: options.role, onFatal: options.onFatal };
  globals[KEY] = installed;
  process.on("unhandledRejection", (reason) => onUnhandledRejection(reason, installed.role));
  let exiting = false;
  process.on("uncaughtException", (error) => {
    if (exiting) {
      logger.fatal({ err: error, role: installed.role }, "uncaught exception while exiting");
      return;
    }
    exiting = true;
    void onUncaughtException(error, { role: installed.role, onFatal: installed.onFatal, exit: options.exit });
  });
  return true;
}
