/**
 * Expand/contract, checked (ADR 043): the previous release (the code just before this checkout's newest migrations,
 * scripts/lib/previous-release.ts) is started on a database at its own schema with its demo data, as production is
 * when a deploy begins; this release's migrations are applied while it serves, as Fly's release command does; then it
 * must still pass its smoke test (every page and form as expected, nothing logged at error level). Then the check is
 * shown to fail for the two ways a migration breaks a rolling deploy: a column the old code does not write made NOT
 * NULL (what 0012 did), and a NOT NULL column without a default on a table that has rows.
 *
 * The previous release's build is kept in .data/previous-release/ between runs (a fresh clone builds it once, about
 * 10 s of CPU).
 */
import { randomUUID } from "node:crypto";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_ACCOUNT } from "../../app/domain/demo-accounts";
import {
  checkAgainstPreviousRelease,
  describeSteps,
  findPreviousRelease,
  InstallError,
  preparePreviousRelease,
  type RunningRelease,
  startPreviousRelease,
} from "../../scripts/lib/previous-release";
import { createTestDatabase } from "../support/test-db";

const release = findPreviousRelease();
const scratch = mkdtempSync(path.join(os.tmpdir(), "rosca-previous-release-"));
const quiet = { info: () => {}, warn: (_fields: object, message: string) => console.warn(message) };

let running: RunningRelease | undefined;
let databaseUrl = "";
/** Set when the previous release could not be installed (its lockfile differs and npm could not install it). */
let cannotInstall: string | null = null;

beforeAll(async () => {
  const started = performance.now();
  try {
    const prepared = await preparePreviousRelease(release, { log: (line) => console.log(line) });
    console.log(
      `previous release ${release.commit.slice(0, 10)} (${prepared.reused ? "reused" : `prepared in ${prepared.seconds.toFixed(1)} s`}, ` +
        `node_modules ${prepared.nodeModules}); this release's new migrations: ${release.newMigrations.join(", ")}`,
    );
    databaseUrl = await createTestDatabase({ empty: true });
    running = await startPreviousRelease({ dir: prepared.dir, databaseUrl });
    console.log(`previous release serving in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  } catch (error) {
    if (!(error instanceof InstallError)) throw error;
    cannotInstall = error.message;
    console.warn(
      `\n${"!".repeat(100)}\nTHE PREVIOUS-RELEASE CHECK DID NOT RUN: its package-lock.json differs from this checkout's and npm could not ` +
        `install it.\n${error.message}\n${"!".repeat(100)}\n`,
    );
  }
}, 600_000);

afterAll(async () => {
  await running?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

/** This checkout's migrations plus `extra`, each newer than the last, in a scratch folder. */
function withExtraMigrations(extra: Array<{ tag: string; sql: string }>): string {
  const dir = path.join(scratch, randomUUID());
  cpSync(path.resolve("drizzle"), dir, { recursive: true });
  const journalPath = path.join(dir, "meta", "_journal.json");
  const journal = JSON.parse(readFileSync(journalPath, "utf8")) as {
    entries: Array<{ idx: number; version: string; when: number; tag: string; breakpoints: boolean }>;
  };
  for (const { tag, sql } of extra) {
    const last = journal.entries.at(-1)!;
    journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1000, tag, breakpoints: true });
    writeFileSync(path.join(dir, `${tag}.sql`), sql);
  }
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

/** The check with this folder's migrations. */
function check(migrationsFolder: string) {
  return checkAgainstPreviousRelease(running!, { databaseUrl, migrationsFolder, account: DEMO_ACCOUNT, log: quiet });
}

describe(`the previous release (${release.commit.slice(0, 10)}: ${release.subject.slice(0, 60)}) against this release's schema`, () => {
  it("keeps passing its smoke test after this release's migrations ran while it served", async (context) => {
    if (cannotInstall) context.skip(cannotInstall);
    const result = await check(path.resolve("drizzle"));
    console.log(`previous release on the new schema:\n${describeSteps(result.steps)}`);
    expect(result.migrationError).toBeNull();
    expect(result.applied).toEqual(release.newMigrations);
    expect(release.newMigrations.length).toBeGreaterThan(0);
    expect(result.failed, describeSteps(result.steps)).toEqual([]);
    expect(result.steps.map((step) => step.step)).toContain("GET /groups/<id>/statement");
    expect(result.errors, result.errors.join("\n")).toEqual([]);
    expect(result.passed).toBe(true);
  }, 120_000);

  it("fails when a migration adds a NOT NULL column without a default to a table with rows: the release command fails, nothing changes", async (context) => {
    if (cannotInstall) context.skip(cannotInstall);
    const result = await check(
      withExtraMigrations([{ tag: "9000_users_nickname", sql: `ALTER TABLE "users" ADD COLUMN "nickname" text NOT NULL;` }]),
    );
    expect(result.passed).toBe(false);
    expect(result.migrationError).toBe(
      'Migration 9000_users_nickname failed (23502): column "nickname" of relation "users" contains null values. It was rolled back.',
    );
    // Rolled back: the previous release serves on as before.
    expect(result.failed).toEqual([]);
  }, 120_000);

  it("fails when a migration makes NOT NULL a column the previous release does not write (as 0012 did): its sign-in answers 500", async (context) => {
    if (cannotInstall) context.skip(cannotInstall);
    // Add, backfill, SET NOT NULL in one release: fine for the rows there, fatal for the old code's next INSERT.
    const result = await check(
      withExtraMigrations([
        {
          tag: "9000_sessions_device_label",
          sql: `ALTER TABLE "sessions" ADD COLUMN "device_label" text;--> statement-breakpoint
UPDATE "sessions" SET "device_label" = 'unknown';--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "device_label" SET NOT NULL;`,
        },
      ]),
    );
    expect(result.passed).toBe(false);
    expect(result.migrationError).toBeNull();
    expect(result.applied).toEqual(["9000_sessions_device_label"]);
    expect(result.failed).toEqual([
      { step: "POST /login (the demo user signs in)", status: 500, expected: "redirect", ok: false, ms: expect.any(Number) },
    ]);
    expect(result.errors.join("\n")).toContain('null value in column \\"device_label\\" of relation \\"sessions\\" violates not-null constraint');
  }, 120_000);
});
