/**
 * A static check of this release's new migrations against the expand/contract rule (ADR 043): the previous release
 * keeps serving while they run and after, so they may add, never take away or change what it reads and writes.
 * `npm run lint:migrations` (and `npm test`'s lint stage) runs it on the migrations the previous release does not have
 * (scripts/lib/previous-release.ts), with the previous release's drizzle snapshot as the schema it runs on.
 *
 * Errors (each can be allowed, deliberately, with a comment in the same statement block, reason required:
 * `-- migration-lint: allow <rule> <why this is safe>`):
 * - add-column-not-null: a NOT NULL column without a DEFAULT on an existing table (the old code's INSERTs fail; on a
 *   table with rows the migration itself fails);
 * - set-not-null: SET NOT NULL on a column the previous release does not have (so does not write): 0012's mistake;
 * - drop-default: DROP DEFAULT on a NOT NULL column (the old code's INSERTs relied on it);
 * - drop-column, drop-table: the previous release still reads them;
 * - rename: a table, column, constraint, type or view renamed under the previous release's feet;
 * - alter-type: ALTER COLUMN ... TYPE (rewrites the table under an exclusive lock, and the old code's values may not fit);
 * - concurrently-in-transaction: CREATE/DROP INDEX CONCURRENTLY in a migration without `-- migration: no-transaction`
 *   (PostgreSQL refuses it inside a transaction);
 * - released-migration-edited: a migration the previous release has, changed (databases that ran it never see the edit).
 * Warnings (printed, not failing):
 * - index-not-concurrently: CREATE INDEX without CONCURRENTLY on a table that grows with use (GROWING_TABLES): it
 *   blocks writes to the table while it builds;
 * - constraint-validates: ADD CONSTRAINT CHECK/FOREIGN KEY without NOT VALID, or UNIQUE/PRIMARY KEY without USING INDEX,
 *   on such a table: validated or indexed under a lock that blocks writes.
 * On the other tables (a row per user, group or setting) the same statements take milliseconds and pass.
 *
 * A regular-expression reader of PostgreSQL DDL, not a parser: comments, string literals and dollar-quoted bodies are
 * blanked first, so function bodies and data never trip it; what it does not recognise, it passes.
 */
import type { DrizzleSnapshot } from "./previous-release.ts";

export type Rule =
  | "add-column-not-null"
  | "set-not-null"
  | "drop-default"
  | "drop-column"
  | "drop-table"
  | "rename"
  | "alter-type"
  | "concurrently-in-transaction"
  | "released-migration-edited"
  | "index-not-concurrently"
  | "constraint-validates"
  | "allow-without-reason";

export type Finding = {
  migration: string;
  rule: Rule;
  severity: "error" | "warning";
  /** The statement, shortened. */
  statement: string;
  message: string;
  /** Set when an allow comment covers it (then it fails nothing). */
  allowed?: string;
};

const WARNINGS = new Set<Rule>(["index-not-concurrently", "constraint-validates"]);

/**
 * Tables whose rows grow with members, cycles or traffic: an index built, or a constraint validated, on one of these
 * under a lock blocks its writes for as long as that takes. Add a table here when it starts to grow that way.
 */
export const GROWING_TABLES = new Set([
  "public.audit_log",
  "public.bank_foreign_transfers",
  "public.bank_transfers",
  "public.daily_reminders",
  "public.email_delivery_events",
  "public.email_outbox",
  "public.group_events",
  "public.group_reminders",
  "public.known_devices",
  "public.ledger_transfers",
  "public.notifications",
  "public.rate_limits",
  "public.sessions",
  "public.weekly_summaries",
  "sandbox_plaid.transfer_events",
  "sandbox_plaid.transfers",
  "sandbox_postmark.messages",
]);

const IDENT = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const QNAME = String.raw`${IDENT}(?:\s*\.\s*${IDENT})?`;

function unquote(identifier: string) {
  const trimmed = identifier.trim();
  return trimmed.startsWith('"') ? trimmed.slice(1, -1).replaceAll('""', '"') : trimmed.toLowerCase();
}

/** "schema.table", public by default. */
function tableKey(qualified: string) {
  const parts = qualified.match(new RegExp(IDENT, "g"))!.map(unquote);
  return parts.length === 2 ? `${parts[0]}.${parts[1]}` : `public.${parts[0]}`;
}

/**
 * The SQL with comments removed and string literals and dollar-quoted bodies emptied (quoted identifiers kept),
 * split into statements at top-level semicolons, whitespace collapsed.
 */
export function statementsOf(sql: string): string[] {
  let out = "";
  let i = 0;
  const dollarTag = /\$([A-Za-z_]\w*)?\$/y;
  while (i < sql.length) {
    if (sql.startsWith("--", i)) {
      const end = sql.indexOf("\n", i);
      i = end === -1 ? sql.length : end;
    } else if (sql.startsWith("/*", i)) {
      const end = sql.indexOf("*/", i + 2);
      i = end === -1 ? sql.length : end + 2;
      out += " ";
    } else if (sql[i] === "'" || sql[i] === '"') {
      // A literal ('it''s') is blanked; a quoted identifier ("a""b") is kept.
      const quote = sql[i]!;
      let j = i + 1;
      while (j < sql.length && !(sql[j] === quote && sql[j + 1] !== quote)) j += sql[j] === quote ? 2 : 1;
      out += quote === "'" ? "''" : sql.slice(i, j + 1);
      i = j + 1;
    } else {
      dollarTag.lastIndex = i;
      const dollar = dollarTag.exec(sql);
      if (dollar) {
        const end = sql.indexOf(dollar[0], i + dollar[0].length);
        out += "$$";
        i = end === -1 ? sql.length : end + dollar[0].length;
      } else {
        out += sql[i];
        i += 1;
      }
    }
  }
  const statements: string[] = [];
  let depth = 0;
  let current = "";
  let quoted = false;
  for (const char of out) {
    if (char === '"') quoted = !quoted;
    if (!quoted && char === "(") depth += 1;
    if (!quoted && char === ")") depth -= 1;
    if (!quoted && depth === 0 && char === ";") {
      statements.push(current);
      current = "";
    } else current += char;
  }
  statements.push(current);
  return statements.map((statement) => statement.replace(/\s+/g, " ").trim()).filter((statement) => statement !== "");
}

/** Splits at top-level commas (outside parentheses and quoted identifiers). */
function splitActions(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    if (!quoted && char === "(") depth += 1;
    if (!quoted && char === ")") depth -= 1;
    if (!quoted && depth === 0 && char === ",") {
      parts.push(current.trim());
      current = "";
    } else current += char;
  }
  parts.push(current.trim());
  return parts.filter((part) => part !== "");
}

/** The previous release's schema as the rules need it: table -> column -> NOT NULL. */
type Schema = Map<string, Map<string, boolean>>;

export function schemaOf(snapshot: DrizzleSnapshot): Schema {
  const schema: Schema = new Map();
  for (const table of Object.values(snapshot.tables)) {
    schema.set(
      `${table.schema || "public"}.${table.name}`,
      new Map(Object.values(table.columns).map((column) => [column.name, column.notNull === true])),
    );
  }
  return schema;
}

/**
 * Lints new migrations, in order, against the previous release's schema. Columns added NOT NULL by an earlier one of
 * them count as NOT NULL for the later ones (ADD ... NOT NULL DEFAULT then DROP DEFAULT is refused).
 */
export function lintMigrations(migrations: Array<{ tag: string; sql: string }>, previous: DrizzleSnapshot): Finding[] {
  const before = schemaOf(previous);
  /** NOT NULL columns added by this release's migrations, by table. */
  const addedNotNull = new Map<string, Set<string>>();
  const findings: Finding[] = [];
  for (const { tag, sql } of migrations) {
    const transactional = !sql.trimStart().startsWith("-- migration: no-transaction");
    for (const block of sql.split("--> statement-breakpoint")) {
      const allows = new Map<string, string>();
      for (const match of block.matchAll(/--\s*migration-lint:\s*allow\s+([a-z-]+)[ \t]*(.*)$/gm)) {
        const reason = match[2]!.trim();
        if (reason === "") {
          findings.push({
            migration: tag,
            rule: "allow-without-reason",
            severity: "error",
            statement: match[0].trim(),
            message: `an allow comment needs a reason: \`-- migration-lint: allow ${match[1]} <why this is safe for the release still serving>\``,
          });
        } else allows.set(match[1]!, reason);
      }
      for (const statement of statementsOf(block)) {
        const found = (rule: Rule, message: string) => {
          const allowed = allows.get(rule);
          findings.push({
            migration: tag,
            rule,
            severity: WARNINGS.has(rule) ? "warning" : "error",
            statement: statement.length > 160 ? `${statement.slice(0, 157)}...` : statement,
            message,
            ...(allowed ? { allowed } : {}),
          });
        };
        lintStatement(statement, { before, addedNotNull, transactional, found });
      }
    }
  }
  return findings;
}

function lintStatement(
  statement: string,
  context: { before: Schema; addedNotNull: Map<string, Set<string>>; transactional: boolean; found: (rule: Rule, message: string) => void },
) {
  const { before, addedNotNull, transactional, found } = context;
  const alterTable = new RegExp(String.raw`^ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?(${QNAME})\s+(.*)$`, "is").exec(statement);
  if (alterTable) {
    const table = tableKey(alterTable[1]!);
    const columns = before.get(table);
    const existing = columns !== undefined;
    const actions = alterTable[2]!;
    if (/^RENAME\b/i.test(actions)) {
      if (existing)
        found("rename", `renames in ${table}, which the previous release uses by its old name: add the new name beside the old one instead`);
      return;
    }
    for (const action of splitActions(actions)) {
      const addColumn = new RegExp(
        String.raw`^ADD\s+(?:COLUMN\s+)?(?:IF\s+NOT\s+EXISTS\s+)?(?!(?:CONSTRAINT|PRIMARY|UNIQUE|FOREIGN|CHECK|EXCLUDE)\b)(${IDENT})\s+(.*)$`,
        "is",
      ).exec(action);
      if (addColumn) {
        const column = unquote(addColumn[1]!);
        const definition = addColumn[2]!;
        const notNull = /\bNOT\s+NULL\b|\bPRIMARY\s+KEY\b/i.test(definition);
        const filled = /\bDEFAULT\b|\bGENERATED\b|^\s*(?:small|big)?serial\b/i.test(definition);
        if (notNull) addedNotNull.set(table, (addedNotNull.get(table) ?? new Set()).add(column));
        if (existing && notNull && !filled) {
          found(
            "add-column-not-null",
            `adds ${table}.${column} NOT NULL without a DEFAULT: the previous release's INSERTs do not write it (and a table with rows refuses it); add it nullable or with a DEFAULT, make it NOT NULL in a later release`,
          );
        }
        continue;
      }
      const addConstraint = /^ADD\s+(?:CONSTRAINT\s+\S+\s+)?(CHECK|FOREIGN\s+KEY|UNIQUE|PRIMARY\s+KEY|EXCLUDE)\b/i.exec(action);
      if (addConstraint) {
        const kind = addConstraint[1]!.toUpperCase().replace(/\s+/g, " ");
        const growing = existing && GROWING_TABLES.has(table);
        if (growing && (kind === "CHECK" || kind === "FOREIGN KEY") && !/\bNOT\s+VALID\b/i.test(action)) {
          found(
            "constraint-validates",
            `adds a ${kind} constraint to ${table}, checking every row under a lock that blocks writes: add it NOT VALID, then VALIDATE CONSTRAINT in a later migration`,
          );
        }
        if (growing && (kind === "UNIQUE" || kind === "PRIMARY KEY" || kind === "EXCLUDE") && !/\bUSING\s+INDEX\b/i.test(action)) {
          found(
            "constraint-validates",
            `adds a ${kind} constraint to ${table}, building its index under a lock that blocks writes: CREATE UNIQUE INDEX CONCURRENTLY first, then ADD CONSTRAINT ... USING INDEX`,
          );
        }
        continue;
      }
      if (/^DROP\s+CONSTRAINT\b/i.test(action)) continue;
      const dropColumn = new RegExp(String.raw`^DROP\s+(?:COLUMN\s+)?(?:IF\s+EXISTS\s+)?(${IDENT})`, "is").exec(action);
      if (dropColumn) {
        const column = unquote(dropColumn[1]!);
        if (columns?.has(column)) {
          found(
            "drop-column",
            `drops ${table}.${column}, which the previous release still reads: drop it in a release after the code stopped using it`,
          );
        }
        continue;
      }
      const alterColumn = new RegExp(String.raw`^ALTER\s+(?:COLUMN\s+)?(${IDENT})\s+(.*)$`, "is").exec(action);
      if (alterColumn) {
        const column = unquote(alterColumn[1]!);
        const change = alterColumn[2]!;
        const previouslyThere = columns?.has(column) ?? false;
        if (/^(?:SET\s+DATA\s+)?TYPE\b/i.test(change) && previouslyThere) {
          found(
            "alter-type",
            `changes the type of ${table}.${column} under the previous release: add a new column, backfill, switch the code, drop the old one later`,
          );
        }
        if (/^SET\s+NOT\s+NULL\b/i.test(change) && !previouslyThere) {
          found(
            "set-not-null",
            `makes ${table}.${column} NOT NULL in the release that adds it: the previous release does not write it; make it NOT NULL in a later release, once the code writing it is out`,
          );
        }
        if (/^DROP\s+DEFAULT\b/i.test(change) && (columns?.get(column) === true || addedNotNull.get(table)?.has(column))) {
          found(
            "drop-default",
            `drops the default of NOT NULL ${table}.${column}: the previous release's INSERTs rely on it; drop it in a later release`,
          );
        }
      }
    }
    return;
  }

  const dropTable = new RegExp(String.raw`^DROP\s+TABLE\s+(?:IF\s+EXISTS\s+)?(${QNAME}(?:\s*,\s*${QNAME})*)`, "is").exec(statement);
  if (dropTable) {
    for (const name of splitActions(dropTable[1]!)) {
      const table = tableKey(name);
      if (before.has(table))
        found("drop-table", `drops ${table}, which the previous release still reads: drop it in a release after the code stopped using it`);
    }
    return;
  }

  if (/^ALTER\s+(?:TYPE|VIEW|MATERIALIZED\s+VIEW|SCHEMA)\b.*\bRENAME\b/is.test(statement)) {
    found("rename", "renames something the previous release uses by its old name: add the new one beside it instead");
    return;
  }

  const createIndex = new RegExp(
    String.raw`^CREATE\s+(?:UNIQUE\s+)?INDEX\s+(CONCURRENTLY\s+)?(?:IF\s+NOT\s+EXISTS\s+)?(?:${IDENT}\s+)?ON\s+(?:ONLY\s+)?(${QNAME})`,
    "is",
  ).exec(statement);
  if (createIndex) {
    const table = tableKey(createIndex[2]!);
    if (createIndex[1] && transactional) {
      found(
        "concurrently-in-transaction",
        "CREATE INDEX CONCURRENTLY cannot run in a transaction: start the migration with `-- migration: no-transaction`",
      );
    }
    if (!createIndex[1] && before.has(table) && GROWING_TABLES.has(table)) {
      found(
        "index-not-concurrently",
        `builds an index on ${table} without CONCURRENTLY, blocking its writes while it builds: use CREATE INDEX CONCURRENTLY in a no-transaction migration`,
      );
    }
    return;
  }
  if (/^DROP\s+INDEX\s+CONCURRENTLY\b/i.test(statement) && transactional) {
    found(
      "concurrently-in-transaction",
      "DROP INDEX CONCURRENTLY cannot run in a transaction: start the migration with `-- migration: no-transaction`",
    );
  }
}

/** Lines for a person: errors first, allowed ones marked. */
export function formatFindings(findings: Finding[]): string {
  return findings
    .map(
      (finding) =>
        `  ${finding.allowed ? "allowed" : finding.severity} [${finding.rule}] ${finding.migration}: ${finding.message}\n      ${finding.statement}` +
        (finding.allowed ? `\n      allowed because: ${finding.allowed}` : ""),
    )
    .join("\n");
}
