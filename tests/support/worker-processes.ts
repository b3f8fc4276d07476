/**
 * Worker processes for the tests that disrupt a due date (money-workers, money-disruptions, money-race, money-crash):
 * `scripts/worker.ts` as production runs it, compiled once per run to one JavaScript file as build/host/worker.js is
 * (tests/support/global-setup.ts), its output collected line by line.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { inject } from "vitest";

/**
 * The command line of a worker process: `node <scripts/worker.ts bundled>`, as fly.toml runs build/host/worker.js. (With tsx, every process compiled the app
 * as it started: about 1.8 s of CPU, 30-45 s by the clock at a load of 25-34; ADR 060.) Loaded after a module that
 * turns on Node's compile cache for the run (tests/support/global-setup.ts; ADR 060 part nine (x)).
 */
export const workerArgs = (): string[] => ["--import", inject("workerPreload"), inject("workerEntry")];

export type WorkerProcess = {
  child: ChildProcess;
  lines: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
};

const children: ChildProcess[] = [];

/** Start a worker (scripts/worker.ts) with this environment added to the test's. */
export function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, workerArgs(), {
    env: { ...process.env, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  children.push(child);
  const lines: string[] = [];
  const collect = (prefix: string) => (chunk: Buffer) =>
    lines.push(
      ...chunk
        .toString()
        .split("\n")
        .filter(Boolean)
        .map((line) => `${prefix}${line}`),
    );
  child.stdout!.on("data", collect(""));
  child.stderr!.on("data", collect("stderr: "));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.on("exit", (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, lines, exited };
}

/** SIGKILL every worker process still running (afterAll). */
export function killWorkerProcesses() {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

export const workerStarted = (worker: WorkerProcess) => worker.lines.some((line) => line.includes("working money.tick"));
export const workerOutput = (...workers: WorkerProcess[]) => workers.map((w, i) => w.lines.map((line) => `[${i + 1}] ${line}`).join("\n")).join("\n");

export async function waitFor<T>(
  what: string,
  read: () => Promise<T> | T,
  done: (value: T) => boolean,
  timeoutMs: number,
  log: () => string,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}; last: ${JSON.stringify(value)}\n--- worker output ---\n${log()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
