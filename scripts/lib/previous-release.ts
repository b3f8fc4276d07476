/**
 * The previous release, for the expand/contract check (ADR 043): does the code still serving during a rolling deploy
 * keep working once this release's migrations have run?
 *
 * - **Which release.** The newest commit on HEAD's first-parent history (main's merges, not a branch's insides) whose
 *   `drizzle/` differs from this checkout's: the code as it was just before the newest migration(s). When the working
 *   tree's `drizzle/` has changes not committed yet, that is HEAD itself. Found with git alone, so it needs the
 *   history (`.ci/run` works in a full clone; a shallow one is refused with the command that fixes it).
 * - **Its code** (preparePreviousRelease): `git archive` of that commit into `.data/previous-release/<commit>/`, with
 *   this checkout's node_modules linked in when both lockfiles are the same (else `npm install` there), built with its
 *   own Vite config minus the pre-compression of assets (about half of the build's CPU; the smoke test fetches pages, not
 *   assets). Kept between runs: a second run on the same previous release starts at once.
 * - **Run** (startPreviousRelease): its own `scripts/start.ts` (the README's `npm start` stack: mail double, sandbox
 *   bank, demo seed, job worker, the built server) against the given database, which it migrates to its own schema and
 *   seeds, as a database is before the release command runs.
 * - **The check** (checkAgainstPreviousRelease): this release's migrations applied while it serves (the release
 *   command), then a smoke test as a person without JavaScript would walk it (smokeTest); every answer as expected,
 *   and no error logged by the previous release's server or worker after the migration.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import type { MigrationLog } from "../../app/server/db/migrate.server.ts";

export type PreviousRelease = {
  commit: string;
  subject: string;
  /** Tags of the migrations this checkout has and the previous release has not (what the release command applies). */
  newMigrations: string[];
};

function git(args: string[], options: { cwd?: string; input?: string } = {}): string {
  return execFileSync("git", args, { cwd: options.cwd, input: options.input, encoding: "utf8", maxBuffer: 256 * 1024 * 1024 }).trim();
}

type Journal = { entries: Array<{ idx: number; tag: string; when: number }> };

/** The previous release's migrations journal, and its newest drizzle snapshot (the schema it runs on). */
export function previousSchema(commit: string, repoDir = process.cwd()): { journal: Journal; snapshot: DrizzleSnapshot } {
  const journal = JSON.parse(git(["show", `${commit}:drizzle/meta/_journal.json`], { cwd: repoDir })) as Journal;
  const last = journal.entries.at(-1);
  if (!last) throw new Error(`the previous release (${commit}) has no migrations`);
  const snapshotFile = `drizzle/meta/${String(last.idx).padStart(4, "0")}_snapshot.json`;
  return { journal, snapshot: JSON.parse(git(["show", `${commit}:${snapshotFile}`], { cwd: repoDir })) as DrizzleSnapshot };
}

/** The parts of drizzle-kit's snapshot (drizzle/meta/NNNN_snapshot.json) the checks read. */
export type DrizzleSnapshot = {
  tables: Record<string, { name: string; schema: string; columns: Record<string, { name: string; notNull?: boolean }> }>;
};

export function findPreviousRelease(repoDir = process.cwd()): PreviousRelease {
  let inside = false;
  try {
    inside = git(["rev-parse", "--is-inside-work-tree"], { cwd: repoDir }) === "true";
  } catch {}
  if (!inside) {
    throw new Error(
      "The previous-release check needs this project's git history (it compares with the code before the newest migration), " +
        "and this directory is not a git checkout. Run the tests from a clone.",
    );
  }
  const currentJournal = JSON.parse(readFileSync(path.join(repoDir, "drizzle/meta/_journal.json"), "utf8")) as Journal;
  const describe = (commit: string): PreviousRelease => {
    const { journal } = previousSchema(commit, repoDir);
    const before = new Set(journal.entries.map((entry) => entry.tag));
    return {
      commit,
      subject: git(["log", "-1", "--format=%s", commit], { cwd: repoDir }),
      newMigrations: currentJournal.entries.map((entry) => entry.tag).filter((tag) => !before.has(tag)),
    };
  };

  // Migrations not committed yet (changed or new files under drizzle/): the previous release is HEAD.
  if (git(["status", "--porcelain", "--", "drizzle"], { cwd: repoDir }) !== "") return describe(git(["rev-parse", "HEAD"], { cwd: repoDir }));

  const head = git(["rev-parse", "HEAD:drizzle"], { cwd: repoDir });
  const commits = git(["rev-list", "--first-parent", "HEAD"], { cwd: repoDir }).split("\n");
  // One git process for every commit's drizzle/ tree ("<commit>:drizzle missing" where it did not exist yet).
  const trees = git(["cat-file", "--batch-check=%(objectname)"], {
    cwd: repoDir,
    input: `${commits.map((commit) => `${commit}:drizzle`).join("\n")}\n`,
  }).split("\n");
  // A release this checkout can follow has a journal ours continues: the same migrations with the same `when`, in the
  // same order, and ours after them (the migrator applies only what is newer than the newest recorded `when`). A commit
  // whose journal ours does not continue (a merge on main that brought a later-numbered migration before an earlier one
  // landed) was never a release: no database can go from it to here, so it is passed over for the one before it.
  const continues = (commit: string) => {
    const journal = JSON.parse(git(["show", `${commit}:drizzle/meta/_journal.json`], { cwd: repoDir })) as Journal;
    return journal.entries.every((entry, at) => currentJournal.entries[at]?.tag === entry.tag && currentJournal.entries[at]?.when === entry.when);
  };
  const index = trees.findIndex((tree, at) => tree !== head && tree !== `${commits[at]}:drizzle missing` && continues(commits[at]!));
  if (index === -1) {
    const shallow = git(["rev-parse", "--is-shallow-repository"], { cwd: repoDir }) === "true";
    throw new Error(
      shallow
        ? "The previous-release check needs the commits before the newest migration, and this clone is shallow: run `git fetch --unshallow`."
        : "No commit in HEAD's first-parent history has other migrations than this checkout: there is no previous release to check against.",
    );
  }
  return describe(commits[index]!);
}

export type PreparedRelease = { dir: string; reused: boolean; nodeModules: "linked" | "installed"; seconds: number };

type Lockfile = { packages?: Record<string, { version?: string; resolved?: string; integrity?: string; link?: boolean }> };

/**
 * Whether node_modules installed from lockfile `ours` holds every package lockfile `theirs` installs, each at the same
 * path with the same version, source and integrity (the root entry, the project itself, aside). Packages only `ours`
 * has are extra and unused by their code.
 */
export function lockfileServes(ours: string, theirs: string): boolean {
  const mine = (JSON.parse(ours) as Lockfile).packages;
  const wanted = (JSON.parse(theirs) as Lockfile).packages;
  if (!mine || !wanted) return false;
  return Object.entries(wanted).every(([where, entry]) => {
    if (where === "") return true;
    const have = mine[where];
    return (
      have !== undefined &&
      have.version === entry.version &&
      have.resolved === entry.resolved &&
      have.integrity === entry.integrity &&
      have.link === entry.link
    );
  });
}

/** npm install failed where the lockfiles differ (no registry): the caller may skip the check, saying so loudly. */
export class InstallError extends Error {}

const ROOT = path.resolve(".data/previous-release");

/** The wrapper config: the previous release's own Vite config, without the plugin that pre-compresses the assets. */
const VITE_CONFIG = `// Written by the previous-release check (scripts/lib/previous-release.ts): this release's own config, minus the
// assets' pre-compression (its CPU buys nothing for a smoke test of pages).
import base from "./vite.config.ts";

const strip = (plugins) => (plugins ?? []).flat(Number.POSITIVE_INFINITY).filter((plugin) => plugin?.name !== "rosca:precompress");
export default typeof base === "function"
  ? async (env) => {
      const config = await base(env);
      return { ...config, plugins: strip(config.plugins) };
    }
  : { ...base, plugins: strip(base.plugins) };
`;

function run(command: string, args: string[], cwd: string, log: (line: string) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const output: string[] = [];
    const child = spawn(command, args, { cwd, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NODE_ENV: "production" } });
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk.toString()));
    child.on("error", reject);
    child.on("exit", (code) => {
      if (code === 0) resolve();
      else {
        const tail = output.join("").split("\n").slice(-40).join("\n");
        log(tail);
        reject(new Error(`${path.basename(command)} ${args.join(" ")} exited with ${code} in ${cwd}:\n${tail}`));
      }
    });
  });
}

/**
 * The previous release's code, ready to run, under .data/previous-release/<commit>/ (reused when already there and
 * still matching this checkout's node_modules). Other commits' directories are removed.
 */
export async function preparePreviousRelease(release: PreviousRelease, options: { log?: (line: string) => void } = {}): Promise<PreparedRelease> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const dir = path.join(ROOT, release.commit);
  const marker = path.join(dir, ".prepared.json");
  // This checkout's node_modules serve the previous release when it was installed from the same lockfile: the same
  // file as here, or the same as HEAD's committed one while package.json is as committed (`npm install` may rewrite
  // the lockfile it installs from, ENVIRONMENT.md, and would rewrite theirs the same way).
  // Also when every package their lockfile installs is in this checkout's lockfile at the same place, version and
  // integrity (`lockfileServes`): a release whose lockfile differs only by packages added since (two dev dependencies
  // between 70ca11f and main, 2026-11-29) runs on exactly its own packages, and an `npm install` of its whole tree
  // (about 31 s of CPU, more than the rest of its preparation) buys nothing (ADR 060 part nine (x)).
  const theirLock = git(["rev-parse", `${release.commit}:package-lock.json`]);
  const sameLock =
    theirLock === git(["hash-object", "package-lock.json"]) ||
    (theirLock === git(["rev-parse", "HEAD:package-lock.json"]) && git(["status", "--porcelain", "--", "package.json"]) === "") ||
    lockfileServes(readFileSync("package-lock.json", "utf8"), git(["show", `${release.commit}:package-lock.json`]));
  const nodeModules = sameLock ? "linked" : "installed";
  const wanted = { commit: release.commit, nodeModules, lock: sameLock ? git(["hash-object", "package-lock.json"]) : theirLock };

  if (existsSync(marker)) {
    const prepared = JSON.parse(readFileSync(marker, "utf8")) as typeof wanted;
    if (prepared.commit === wanted.commit && prepared.nodeModules === wanted.nodeModules && prepared.lock === wanted.lock) {
      return { dir, reused: true, nodeModules, seconds: (performance.now() - started) / 1000 };
    }
  }

  mkdirSync(ROOT, { recursive: true });
  // Older previous releases, and half-prepared directories of interrupted runs.
  for (const entry of readdirSync(ROOT)) rmSync(path.join(ROOT, entry), { recursive: true, force: true });
  const work = `${dir}.tmp-${process.pid}`;
  mkdirSync(work, { recursive: true });

  log(`previous release ${release.commit.slice(0, 10)} ("${release.subject.slice(0, 80)}"): extracting`);
  const tar = await import("tar");
  await new Promise<void>((resolve, reject) => {
    const archive = spawn("git", ["archive", "--format=tar", release.commit], { stdio: ["ignore", "pipe", "inherit"] });
    const extract = tar.x({ cwd: work });
    archive.stdout.pipe(extract);
    archive.on("error", reject);
    extract.on("error", reject);
    extract.on("finish", resolve);
  });
  // A repository of its own (empty): Tailwind's scanner honours .gitignore only inside one, and would otherwise read
  // all of node_modules for class names (80 s instead of 2).
  git(["init", "-q"], { cwd: work });

  if (nodeModules === "linked") {
    symlinkSync(path.resolve("node_modules"), path.join(work, "node_modules"), "dir");
  } else {
    log("previous release: its package-lock.json differs from this checkout's; npm install there…");
    try {
      await run("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--include=dev"], work, log);
    } catch (error) {
      rmSync(work, { recursive: true, force: true });
      throw new InstallError(`npm install of the previous release (${release.commit}) failed: ${(error as Error).message}`);
    }
  }

  log("previous release: building");
  writeFileSync(path.join(work, "vite.config.previous-release.mjs"), VITE_CONFIG);
  await run(path.join(work, "node_modules/.bin/react-router"), ["build", "--config", "vite.config.previous-release.mjs"], work, log);
  writeFileSync(path.join(work, ".prepared.json"), JSON.stringify(wanted));
  try {
    renameSync(work, dir);
  } catch (error) {
    // Another run in this checkout prepared the same release meanwhile: use its copy.
    if (!existsSync(marker)) throw error;
    rmSync(work, { recursive: true, force: true });
  }
  const seconds = (performance.now() - started) / 1000;
  log(`previous release: ready in ${seconds.toFixed(1)} s`);
  return { dir, reused: false, nodeModules, seconds };
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

export type RunningRelease = {
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output: () => string;
  /** Error lines (pino level 50 and above, or anything on stderr but Node's process warnings) written after `mark()`. */
  errorsSince: (mark: number) => string[];
  mark: () => number;
  stop: () => Promise<void>;
};

/**
 * Starts the previous release as `npm start` would (its own scripts/start.ts on its own build) against `databaseUrl`,
 * and waits until /readyz answers. It migrates the database to its own schema and seeds the demo data first.
 */
/**
 * How long the previous release may take to answer /readyz: its start compiles the app with tsx, migrates and seeds.
 * 20-50 s beside a whole `npm test`; one run of the previous-release test failed its set-up at a load of about 18 (two
 * `npm test`s and more beside it, its preparation 137.8 s against 16-43 s), most likely on the former 180 s. 420 s keeps
 * a loaded machine slower rather than red, within the test's 600 s set-up (ADR 060).
 */
const START_TIMEOUT_MS = 420_000;

export async function startPreviousRelease(options: { dir: string; databaseUrl: string; timeoutMs?: number }): Promise<RunningRelease> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // Only what the stack needs from this environment: nothing of the test runner's (its DATABASE_URL, doubles, flags).
  const inherited = Object.fromEntries(
    ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "TZ", "CI"].flatMap((name) => (process.env[name] === undefined ? [] : [[name, process.env[name]!]])),
  );
  const chunks: Array<{ stream: "stdout" | "stderr"; text: string }> = [];
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    cwd: options.dir,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...inherited,
      NODE_ENV: "production",
      // Production mode on plain HTTP with the doubles (APP_ENV=test: no Secure cookies, no real secrets), as the e2e
      // server runs; the demo seed, and one IP's sign-ins unlimited.
      APP_ENV: "test",
      PORT: String(port),
      APP_URL: url,
      DATABASE_URL: options.databaseUrl,
      METRICS_PORT: "off",
      LOG_LEVEL: "warn",
      LOGIN_RATE_LIMIT_PER_IP: "1000",
    },
  });
  child.stdout!.on("data", (chunk: Buffer) => chunks.push({ stream: "stdout", text: chunk.toString() }));
  child.stderr!.on("data", (chunk: Buffer) => chunks.push({ stream: "stderr", text: chunk.toString() }));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const output = () => chunks.map((chunk) => chunk.text).join("");

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const stopped = await Promise.race([exited.then(() => true), sleep(20_000).then(() => false)]);
      if (!stopped) {
        child.kill("SIGKILL");
        await exited;
      }
    }
  };

  const deadline = Date.now() + (options.timeoutMs ?? START_TIMEOUT_MS);
  let ready = false;
  while (!ready) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The previous release exited (${child.exitCode ?? child.signalCode}) before it was ready:\n${output().slice(-4000)}`);
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The previous release was not ready within ${(options.timeoutMs ?? START_TIMEOUT_MS) / 1000} s:\n${output().slice(-4000)}`);
    }
    ready = await fetch(`${url}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (!ready) await sleep(250);
  }

  return {
    url,
    output,
    mark: () => chunks.length,
    errorsSince: (mark) =>
      chunks
        .slice(mark)
        .flatMap((chunk) => chunk.text.split("\n").map((line) => ({ stream: chunk.stream, line })))
        .filter(({ stream, line }) => {
          if (line.trim() === "") return false;
          // Node's own process warnings (a dependency's deprecation, on first use) are not the release failing.
          if (stream === "stderr") return !/^\(node:\d+\) \[?\w*\]? ?\w*Warning\b|^\(Use `node --trace-/.test(line);
          try {
            return ((JSON.parse(line) as { level?: number }).level ?? 0) >= 50;
          } catch {
            return false;
          }
        })
        .map(({ line }) => line),
    stop,
  };
}

export type SmokeStep = { step: string; status: number; expected: string; ok: boolean; ms: number };

/**
 * A person's walk through the previous release, without JavaScript: public pages, sign-in as the seeded demo user,
 * the dashboard, a group and its statement, the profile and a profile update. Signed-in pages must answer 200 (a
 * redirect to /login would mean the session was lost), forms their redirect. Signed-in steps are skipped when the
 * sign-in failed (each would only repeat that failure).
 */
export async function smokeTest(origin: string, account: { email: string; password: string; name: string }): Promise<SmokeStep[]> {
  const jar = new Map<string, string>();
  const steps: SmokeStep[] = [];
  const request = async (step: string, method: "GET" | "POST", pathname: string, expected: "200" | "redirect", form?: Record<string, string>) => {
    const started = performance.now();
    const response = await fetch(`${origin}${pathname}`, {
      method,
      redirect: "manual",
      headers: {
        Cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; "),
        ...(form ? { "Content-Type": "application/x-www-form-urlencoded", Origin: origin } : {}),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    const body = await response.text();
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const at = pair!.indexOf("=");
      const name = pair!.slice(0, at).trim();
      const value = pair!.slice(at + 1);
      if (value === "" || /max-age=0\b/i.test(cookie)) jar.delete(name);
      else jar.set(name, value);
    }
    const ok = expected === "200" ? response.status === 200 : response.status >= 300 && response.status < 400;
    steps.push({ step, status: response.status, expected, ok, ms: Math.round(performance.now() - started) });
    return { ok, body, response };
  };

  await request("GET /healthz", "GET", "/healthz", "200");
  await request("GET /readyz", "GET", "/readyz", "200");
  await request("GET /", "GET", "/", "200");
  await request("GET /login", "GET", "/login", "200");
  const signIn = await request("POST /login (the demo user signs in)", "POST", "/login", "redirect", {
    intent: "login",
    email: account.email,
    password: account.password,
  });
  if (!signIn.ok || !jar.has("rosca_session")) {
    if (signIn.ok)
      steps.push({ step: "a session cookie after signing in", status: signIn.response.status, expected: "rosca_session", ok: false, ms: 0 });
    return steps;
  }
  const dashboard = await request("GET /dashboard", "GET", "/dashboard", "200");
  const group = /href="(\/groups\/[0-9a-f-]{36})"/.exec(dashboard.body)?.[1];
  if (group) {
    await request("GET /groups/<id>", "GET", group, "200");
    await request("GET /groups/<id>/statement", "GET", `${group}/statement`, "200");
  } else if (dashboard.ok) {
    steps.push({
      step: "a group on the demo user's dashboard",
      status: dashboard.response.status,
      expected: "a /groups/<id> link",
      ok: false,
      ms: 0,
    });
  }
  await request("GET /groups", "GET", "/groups", "200");
  await request("GET /notifications", "GET", "/notifications", "200");
  await request("GET /profile", "GET", "/profile", "200");
  await request("POST /profile (update)", "POST", "/profile?index", "redirect", { name: account.name, city: "Springfield" });
  await request("GET /profile (after the update)", "GET", "/profile", "200");
  return steps;
}

/** Smoke steps as lines for a failure message or a log. */
export function describeSteps(steps: SmokeStep[]): string {
  return steps.map((step) => `  ${step.ok ? "ok  " : "FAIL"} ${step.step}: ${step.status} (expected ${step.expected}) ${step.ms} ms`).join("\n");
}

export type CheckResult = {
  /** The migrations the release command applied. */
  applied: string[];
  /** Why the release command failed, if it did (then the smoke test shows the previous release on its old schema). */
  migrationError: string | null;
  steps: SmokeStep[];
  failed: SmokeStep[];
  /** Error lines the previous release logged from the migration on. */
  errors: string[];
  /** The verdict: the migrations ran, every smoke step answered as expected, nothing was logged at error level. */
  passed: boolean;
};

/**
 * The check itself: this release's migrations applied to `databaseUrl` while the previous release serves on it (as the
 * release command does during a rolling deploy), then its smoke test, then its error log since the migration began.
 */
export async function checkAgainstPreviousRelease(
  running: RunningRelease,
  options: { databaseUrl: string; migrationsFolder: string; account: { email: string; password: string; name: string }; log?: MigrationLog },
): Promise<CheckResult> {
  // Imported here: the migration lint (scripts/lint-migrations.ts) uses this module without loading the app's database code.
  const { migrateDatabase } = await import("../../app/server/db/migrate.server.ts");
  const mark = running.mark();
  let migrationError: string | null = null;
  let applied: string[] = [];
  try {
    const result = await migrateDatabase(options.databaseUrl, { migrationsFolder: options.migrationsFolder, log: options.log });
    applied = result.applied.map((one) => one.tag);
  } catch (error) {
    migrationError = error instanceof Error ? error.message : String(error);
  }
  const steps = await smokeTest(running.url, options.account);
  // The error line of a failed request is written as its answer goes out: give the last one a moment to arrive.
  await sleep(300);
  const failed = steps.filter((step) => !step.ok);
  const errors = running.errorsSince(mark);
  return { applied, migrationError, steps, failed, errors, passed: migrationError === null && failed.length === 0 && errors.length === 0 };
}
