/**
 * The accounts members' money is taken from, as members recognise them (institution, name, mask): for notices about
 * a failed contribution (issue 44) and for the group page's "Paid from" line.
 */
import { eq, inArray } from "drizzle-orm";
import type { DebitAccount } from "~/domain/failed-contribution";
import { db } from "../db/client.server";
import { bankAccounts, bankItems } from "../db/schema";

/** Our bank_accounts rows by id, as members read them; ids not found (unlinked since) are absent. */
export async function debitAccountsById(ids: readonly (string | null)[]): Promise<Map<string, DebitAccount>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db()
    .select({ id: bankAccounts.id, institution: bankItems.institutionName, name: bankAccounts.name, mask: bankAccounts.mask })
    .from(bankAccounts)
    .innerJoin(bankItems, eq(bankItems.id, bankAccounts.itemId))
    .where(inArray(bankAccounts.id, wanted));
  return new Map(rows.map((row) => [row.id, { institution: row.institution, name: row.name, mask: row.mask }]));
}
