/** The group statement page and its CSV: members only, every posting with the running pool balance. */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const statementPage = await import("../../app/routes/groups.$groupId.statement");
const statementCsv = await import("../../app/routes/groups.$groupId.statement-csv");
const { advanceClock } = await import("../../app/server/money/cycle.server");
const money = await import("../support/money");
const { sessionJarFor } = await import("../support/users");
const { call, get } = await import("../support/routes");
const { db } = await import("../../app/server/db/client.server");
const { groups, users } = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");

// Tuesday 2026-01-06; weekly on Friday: the first contributions are due Jan 9.
const NOW = new Date("2026-01-06T17:00:00Z");

describe("group statement", () => {
  it("lists the postings with the running pool balance, and downloads them as CSV", async () => {
    const { group, members } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    // Through Wednesday Jan 14, on the ACH calendar (ADR 040): the contributions made Friday Jan 9 settle Monday 12, when
    // the setup fees are debited with them; the fees settle Tuesday 13, when the contributions are available and the
    // first payout is sent; it arrives Wednesday 14.
    await advanceClock({ id: members[0]!.id, isAdmin: false }, group.id, { days: 8 }, NOW);
    const jar = await sessionJarFor(members[1]!.id);
    const page = await call(statementPage.loader, get(`/groups/${group.id}/statement`, jar), { groupId: group.id });
    expect(page.status).toBe(200);
    const rows = page.data.rows as Array<{
      kind: string;
      amountCents: number;
      poolBalanceCents: number;
      effectiveOn: string;
      memberName: string;
      arrivedOn: string | null;
    }>;
    expect(rows.map((row) => [row.effectiveOn, row.kind, row.amountCents, row.poolBalanceCents, row.arrivedOn])).toEqual([
      ["2026-01-12", "Contribution", 10_000, 10_000, null],
      ["2026-01-12", "Contribution", 10_000, 20_000, null],
      ["2026-01-12", "Contribution", 10_000, 30_000, null],
      ["2026-01-13", "Setup fee", 500, 30_000, null],
      ["2026-01-13", "Setup fee", 500, 30_000, null],
      ["2026-01-13", "Setup fee", 500, 30_000, null],
      ["2026-01-13", "Payout sent", 30_000, 0, "2026-01-14"],
    ]);

    const csv = await statementCsv.loader({ request: get(`/groups/${group.id}/statement.csv`, jar), params: { groupId: group.id } } as never);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="group-\d+-statement\.csv"$/);
    const lines = (await csv.text()).trimEnd().split("\r\n");
    expect(lines[0]).toBe("Date,Member,Kind,Period,Amount (USD),Pool change (USD),Status,Pool balance (USD)");
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toBe(`2026-01-13,${members[0]!.name},Payout sent,1,300.00,-300.00,Settled,0.00`);

    // A member who reads Spanish gets the whole file in Spanish (kinds and statuses too), the name without its accents.
    await db().update(users).set({ locale: "es-US" }).where(eq(users.id, members[1]!.id));
    await db().update(groups).set({ name: "Ahorro Navideño" }).where(eq(groups.id, group.id));
    const spanish = await statementCsv.loader({ request: get(`/groups/${group.id}/statement.csv`, jar), params: { groupId: group.id } } as never);
    expect(spanish.headers.get("content-disposition")).toBe('attachment; filename="ahorro-navideno-statement.csv"');
    const spanishLines = (await spanish.text()).trimEnd().split("\r\n");
    expect(spanishLines[0]).toBe("Fecha,Miembro,Tipo,Período,Monto (USD),Cambio del pozo (USD),Estado,Saldo del pozo (USD)");
    expect(spanishLines[1]).toMatch(/^2026-01-12,[^,]+,Aporte,1,100\.00,100\.00,Disponible,100\.00$/);
    expect(spanishLines[4]).toMatch(/^2026-01-13,[^,]+,Tarifa de inicio,,5\.00,0\.00,Disponible,300\.00$/);
    expect(spanishLines.at(-1)).toBe(`2026-01-13,${members[0]!.name},Pago del pozo enviado,1,300.00,-300.00,Liquidado,0.00`);
  }, 120_000);

  it("is Not Found for non-members, unknown and malformed ids alike", async () => {
    const { group } = await money.startedGroup({ now: NOW, balanceCents: 100_000 });
    const outsider = await money.bankedMember("Outsider");
    const jar = await sessionJarFor(outsider.id);
    for (const id of [group.id, crypto.randomUUID(), "nope"]) {
      const page = await call(statementPage.loader, get(`/groups/${id}/statement`, jar), { groupId: id });
      expect(page.status).toBe(404);
      const csv = await statementCsv.loader({ request: get(`/groups/${id}/statement.csv`, jar), params: { groupId: id } } as never);
      expect(csv.status).toBe(404);
    }
  });
});
