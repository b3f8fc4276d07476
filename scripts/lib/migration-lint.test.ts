import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { type Finding, lintMigrations, statementsOf } from "./migration-lint.ts";
import type { DrizzleSnapshot } from "./previous-release.ts";

/** The previous release's schema for these cases: users (with a nullable payday), and bank_transfers, which grows. */
const PREVIOUS: DrizzleSnapshot = {
  tables: {
    "public.users": {
      name: "users",
      schema: "",
      columns: { id: { name: "id", notNull: true }, email: { name: "email", notNull: true }, payday: { name: "payday", notNull: false } },
    },
    "public.bank_transfers": {
      name: "bank_transfers",
      schema: "",
      columns: { id: { name: "id", notNull: true }, status: { name: "status", notNull: true } },
    },
  },
};

const lint = (sql: string) =>
  lintMigrations([{ tag: "0100_change", sql }], PREVIOUS).map(({ rule, severity, allowed }) => ({ rule, severity, allowed }));
const error = (rule: Finding["rule"]) => ({ rule, severity: "error", allowed: undefined });
const warning = (rule: Finding["rule"]) => ({ rule, severity: "warning", allowed: undefined });

describe("the migration lint (ADR 043)", () => {
  it.each([
    ["a nullable column on an existing table", `ALTER TABLE "users" ADD COLUMN "nickname" text;`, []],
    ["a NOT NULL column with a DEFAULT", `ALTER TABLE "users" ADD COLUMN "credits" integer DEFAULT 0 NOT NULL;`, []],
    ["a NOT NULL identity column", `ALTER TABLE "users" ADD COLUMN "n" bigint GENERATED ALWAYS AS IDENTITY NOT NULL;`, []],
    ["a NOT NULL column without a DEFAULT", `ALTER TABLE "users" ADD COLUMN "nickname" text NOT NULL;`, [error("add-column-not-null")]],
    ["a NOT NULL column without a DEFAULT, lower case and unquoted", `alter table users add nickname text not null;`, [error("add-column-not-null")]],
    [
      "a NOT NULL column on a table this release creates",
      `CREATE TABLE "pets" ("id" integer PRIMARY KEY);--> statement-breakpoint\nALTER TABLE "pets" ADD COLUMN "name" text NOT NULL;`,
      [],
    ],
    [
      "add, backfill, SET NOT NULL in one release (0012's mistake)",
      `ALTER TABLE "users" ADD COLUMN "nickname" text;--> statement-breakpoint\nUPDATE "users" SET "nickname" = '';--> statement-breakpoint\nALTER TABLE "users" ALTER COLUMN "nickname" SET NOT NULL;`,
      [error("set-not-null")],
    ],
    ["SET NOT NULL on a column an earlier release added", `ALTER TABLE "users" ALTER COLUMN "payday" SET NOT NULL;`, []],
    [
      "ADD NOT NULL DEFAULT, then DROP DEFAULT",
      `ALTER TABLE "users" ADD COLUMN "nickname" text DEFAULT '' NOT NULL;--> statement-breakpoint\nALTER TABLE "users" ALTER COLUMN "nickname" DROP DEFAULT;`,
      [error("drop-default")],
    ],
    ["DROP DEFAULT of an existing NOT NULL column", `ALTER TABLE "bank_transfers" ALTER COLUMN "status" DROP DEFAULT;`, [error("drop-default")]],
    ["DROP DEFAULT of a nullable column", `ALTER TABLE "users" ALTER COLUMN "payday" DROP DEFAULT;`, []],
    ["DROP COLUMN", `ALTER TABLE "users" DROP COLUMN "payday";`, [error("drop-column")]],
    ["DROP without COLUMN, IF EXISTS", `ALTER TABLE users DROP IF EXISTS payday;`, [error("drop-column")]],
    ["DROP COLUMN among other actions", `ALTER TABLE "users" ADD COLUMN "a" integer, DROP COLUMN "email";`, [error("drop-column")]],
    ["DROP CONSTRAINT", `ALTER TABLE "users" DROP CONSTRAINT "users_payday";`, []],
    ["RENAME COLUMN", `ALTER TABLE "users" RENAME COLUMN "email" TO "email_address";`, [error("rename")]],
    ["RENAME TO", `ALTER TABLE "users" RENAME TO "people";`, [error("rename")]],
    ["an enum value renamed", `ALTER TYPE "status" RENAME VALUE 'a' TO 'b';`, [error("rename")]],
    ["ALTER COLUMN TYPE", `ALTER TABLE "users" ALTER COLUMN "payday" SET DATA TYPE varchar(32);`, [error("alter-type")]],
    ["ALTER COLUMN TYPE, short form", `ALTER TABLE "users" ALTER "payday" TYPE text;`, [error("alter-type")]],
    ["DROP TABLE of an existing table", `DROP TABLE "bank_transfers" CASCADE;`, [error("drop-table")]],
    ["DROP TABLE of one this release created", `CREATE TABLE "tmp" ("id" integer);--> statement-breakpoint\nDROP TABLE "tmp";`, []],
    [
      "an index on a growing table",
      `CREATE INDEX "bank_transfers_status_idx" ON "bank_transfers" USING btree ("status");`,
      [warning("index-not-concurrently")],
    ],
    ["an index on a small table", `CREATE INDEX "users_payday_idx" ON "users" USING btree ("payday");`, []],
    [
      "CREATE INDEX CONCURRENTLY in a transaction",
      `CREATE INDEX CONCURRENTLY "bank_transfers_status_idx" ON "bank_transfers" ("status");`,
      [error("concurrently-in-transaction")],
    ],
    [
      "CREATE INDEX CONCURRENTLY in a no-transaction migration",
      `-- migration: no-transaction\nDROP INDEX CONCURRENTLY IF EXISTS "bank_transfers_status_idx";--> statement-breakpoint\nCREATE INDEX CONCURRENTLY "bank_transfers_status_idx" ON "bank_transfers" ("status");`,
      [],
    ],
    [
      "a CHECK constraint on a growing table",
      `ALTER TABLE "bank_transfers" ADD CONSTRAINT "c" CHECK ("status" <> '');`,
      [warning("constraint-validates")],
    ],
    ["a CHECK constraint NOT VALID, then VALIDATE", `ALTER TABLE "bank_transfers" ADD CONSTRAINT "c" CHECK ("status" <> '') NOT VALID;`, []],
    ["VALIDATE CONSTRAINT", `ALTER TABLE "bank_transfers" VALIDATE CONSTRAINT "c";`, []],
    [
      "a UNIQUE constraint on a growing table",
      `ALTER TABLE "bank_transfers" ADD CONSTRAINT "u" UNIQUE ("id", "status");`,
      [warning("constraint-validates")],
    ],
    ["a UNIQUE constraint USING INDEX", `ALTER TABLE "bank_transfers" ADD CONSTRAINT "u" UNIQUE USING INDEX "u_idx";`, []],
    [
      "words in a function body, a string and a comment",
      `-- ALTER TABLE users DROP COLUMN email\nCREATE FUNCTION f() RETURNS trigger AS $fn$ BEGIN EXECUTE 'ALTER TABLE users DROP COLUMN email'; END $fn$ LANGUAGE plpgsql;--> statement-breakpoint\nINSERT INTO "users" ("email") VALUES ('ALTER TABLE users RENAME TO x; DROP TABLE users');`,
      [],
    ],
  ] as const)("%s", (_name, sql, expected) => {
    expect(lint(sql)).toEqual(expected);
  });

  it("lets an allow comment with a reason through, in its statement block only, and refuses one without a reason", () => {
    expect(
      lint(`-- migration-lint: allow drop-column the code stopped reading it in the release before this one
ALTER TABLE "users" DROP COLUMN "payday";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "email";`),
    ).toEqual([
      { rule: "drop-column", severity: "error", allowed: "the code stopped reading it in the release before this one" },
      error("drop-column"),
    ]);
    expect(lint(`-- migration-lint: allow drop-column\nALTER TABLE "users" DROP COLUMN "payday";`)).toEqual([
      error("allow-without-reason"),
      error("drop-column"),
    ]);
  });

  it("splits statements at top-level semicolons only, without comments, literals or bodies", () => {
    expect(statementsOf(`/* a; b */ SELECT 'x;y' ; CREATE FUNCTION g() RETURNS int AS $$ SELECT 1; $$ LANGUAGE sql; -- c;\nSELECT "a;b"`)).toEqual([
      "SELECT ''",
      "CREATE FUNCTION g() RETURNS int AS $$ LANGUAGE sql",
      'SELECT "a;b"',
    ]);
  });

  it("would have refused 0012 (the NOT NULL column the previous release did not write), and nothing else in the project's history", () => {
    const journal = JSON.parse(readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: Array<{ idx: number; tag: string }> };
    const errors = journal.entries.slice(1).flatMap((entry) => {
      const previous = JSON.parse(readFileSync(`drizzle/meta/${String(entry.idx - 1).padStart(4, "0")}_snapshot.json`, "utf8")) as DrizzleSnapshot;
      return lintMigrations([{ tag: entry.tag, sql: readFileSync(`drizzle/${entry.tag}.sql`, "utf8") }], previous).filter(
        (finding) => finding.severity === "error" && !finding.allowed,
      );
    });
    expect(errors.map(({ migration, rule, statement }) => ({ migration, rule, statement }))).toEqual([
      {
        migration: "0012_invitations_and_email_outbox",
        rule: "set-not-null",
        statement: 'ALTER TABLE "group_invitations" ALTER COLUMN "expires_at" SET NOT NULL',
      },
    ]);
    expect(errors[0]!.message).toBe(
      "makes public.group_invitations.expires_at NOT NULL in the release that adds it: the previous release does not write it; make it NOT NULL in a later release, once the code writing it is out",
    );
  });
});
