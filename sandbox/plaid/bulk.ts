/**
 * The sandbox bank's hot path (batch.ts) in plain prepared statements: one fixed query text per table, rows passed as
 * one array per column (`unnest`), keys as one array (`= any($1)`). Drizzle builds a new statement for every batch
 * size, one parameter per value, and that building was a third of the bank's CPU on a due date; PostgreSQL then
 * planned each new text afresh (ADR 009). Rows come back in the schema's own shape (camelCase, bigint as number).
 */
import { getTableColumns, getTableName, type Table } from "drizzle-orm";
import type pg from "pg";
import type { BankDb } from "./context";

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const camel = (column: string) => column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const SQL_TYPES: Record<string, string> = {
  PgText: "text",
  PgBigInt53: "int8",
  PgJsonb: "jsonb",
  PgTimestamp: "timestamptz",
};

type Shape = { name: string; table: string; columns: Array<{ key: string; column: string; type: string | null }>; numeric: Set<string> };

const shapes = new WeakMap<Table, Shape>();

function shapeOf(table: Table): Shape {
  let shape = shapes.get(table);
  if (!shape) {
    const columns = Object.entries(getTableColumns(table)).map(([key, column]) => {
      // A serial is the database's to fill; any other type this module does not know is a mistake to fix here.
      const type = column.columnType === "PgBigSerial53" ? null : SQL_TYPES[column.columnType];
      if (type === undefined) throw new Error(`bulk.ts: no SQL type for ${getTableName(table)}.${key} (${column.columnType})`);
      return { key, column: snake(key), type };
    });
    const numeric = new Set(
      Object.entries(getTableColumns(table))
        .filter(([, column]) => column.columnType === "PgBigInt53" || column.columnType === "PgBigSerial53")
        .map(([key]) => snake(key)),
    );
    shape = { name: `sandbox_plaid.${getTableName(table)}`, table: getTableName(table), columns, numeric };
    shapes.set(table, shape);
  }
  return shape;
}

function reader<T>(shape: Shape) {
  return (row: Record<string, unknown>): T => {
    const out: Record<string, unknown> = {};
    for (const [column, value] of Object.entries(row)) out[camel(column)] = shape.numeric.has(column) && value !== null ? Number(value) : value;
    return out as T;
  };
}

/** Rows of `table` whose `column` is one of `keys` (and, when given, whose client_id is `clientId`). */
export async function selectWhereIn<T>(db: BankDb, table: Table, column: string, keys: string[], clientId?: string): Promise<T[]> {
  if (keys.length === 0) return [];
  const shape = shapeOf(table);
  // Statement names are cut at 63 bytes by PostgreSQL: keep them short and distinct.
  const name = `sb:s:${shape.table}:${column}${clientId ? ":c" : ""}`;
  const text = `select * from ${shape.name} where ${snake(column)} = any($1::text[])${clientId ? " and client_id = $2" : ""}`;
  const { rows } = await db.$client.query({ name, text, values: clientId ? [keys, clientId] : [keys] });
  return rows.map(reader<T>(shape));
}

/**
 * INSERT … SELECT FROM unnest(one array per column) ON CONFLICT DO NOTHING RETURNING *: the rows written (not those
 * another writer had already). Columns with a database default (the event id) are left to it. `client`: a
 * transaction's connection.
 */
export async function insertMany<T>(db: BankDb, table: Table, rows: Array<Record<string, unknown>>, client?: pg.PoolClient): Promise<T[]> {
  if (rows.length === 0) return [];
  const shape = shapeOf(table);
  const columns = shape.columns.filter((c) => c.type !== null);
  const text =
    `insert into ${shape.name} (${columns.map((c) => `"${c.column}"`).join(", ")}) ` +
    `select * from unnest(${columns.map((c, i) => `$${i + 1}::${c.type}[]`).join(", ")}) on conflict do nothing returning *`;
  const values = columns.map((c) =>
    rows.map((row) => {
      const value = row[c.key] ?? null;
      return c.type === "jsonb" && value !== null ? JSON.stringify(value) : value;
    }),
  );
  const query = { name: `sb:i:${shape.table}`, text, values };
  const { rows: written } = client ? await client.query(query) : await db.$client.query(query);
  return written.map(reader<T>(shape));
}
