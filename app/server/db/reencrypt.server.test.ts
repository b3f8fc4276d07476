import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { ENCRYPTED_COLUMNS } from "./reencrypt.server";
import * as schema from "./schema";

describe("ENCRYPTED_COLUMNS", () => {
  it("lists every *_encrypted column of the app's schema, each in a table keyed by a uuid id", () => {
    const tables = (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => value instanceof PgTable)
      .map((table) => getTableConfig(table));
    const encrypted = tables.flatMap((table) =>
      table.columns.filter((column) => column.name.endsWith("_encrypted")).map((column) => ({ table: table.name, column: column.name })),
    );
    expect([...ENCRYPTED_COLUMNS].sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`))).toEqual(
      encrypted.sort((a, b) => `${a.table}.${a.column}`.localeCompare(`${b.table}.${b.column}`)),
    );
    for (const { table } of ENCRYPTED_COLUMNS) {
      const id = tables.find((config) => config.name === table)?.columns.find((column) => column.name === "id");
      expect({ table, id: id?.primary && id.getSQLType() }).toEqual({ table, id: "uuid" });
    }
  });
});
