/**
 * The group page's statement as the bench runs it (ADR 059 part ten (p)): the bench group seeded as scripts/bench.ts
 * seeds it, the statement captured from groupPageWithPanels for the bench's viewer (the demo user, its admin), then on
 * one connection of its own: N executions of the named statement (the backend's CPU from /proc, per execution), and
 * EXPLAIN (ANALYZE, BUFFERS, TIMING) of it M times (median execution time), the last plan written to a file.
 *
 *   npx tsx scripts/explain-group-page.ts [N=1000] [M=50]
 *   EXPLAIN_OLD=file.json: also run the statement saved in that file (EXPLAIN_SAVE=file.json writes one) for every member
 *   of every group, panels on and off, and compare its rows with this source's: they must be equal.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { isDeepStrictEqual } from "node:util";
import pg from "pg";

process.env.NODE_ENV = "production";
process.env.APP_ENV = "test";
delete process.env.DATABASE_URL;
delete process.env.POSTMARK_SERVER_TOKEN;

const N = Number(process.argv[2] ?? 1000);
const M = Number(process.argv[3] ?? 50);

const { freePort } = await import("./lib/postgres.ts");
const { startStack } = await import("./lib/stack.ts");
const { seedBenchGroup } = await import("./lib/seed-groups.ts");
const { DEMO_ACCOUNT } = await import("../app/domain/demo-accounts.ts");

const stack = await startStack({ dataDir: ".data/explain", port: await freePort(), host: "127.0.0.1", seed: true, worker: false });
try {
  const groupId = await seedBenchGroup();
  const { db } = await import("../app/server/db/client.server.ts");
  const { users } = await import("../app/server/db/schema/index.ts");
  const { eq } = await import("drizzle-orm");
  const [demo] = await db().select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNT.email));
  const userId = demo!.id;

  // Capture the statement's text and values as drizzle hands them to pg.
  let captured: { text: string; values: unknown[] } | null = null;
  const original = pg.Pool.prototype.query;
  pg.Pool.prototype.query = function (this: pg.Pool, config: unknown, values?: unknown, ...rest: unknown[]) {
    if (config && typeof config === "object" && (config as { name?: string }).name === "group_page") {
      captured = { text: (config as { text: string }).text, values: values as unknown[] };
    }
    return (original as (...args: unknown[]) => unknown).call(this, config, values, ...rest);
  } as typeof original;
  const { groupPageWithPanels } = await import("../app/server/groups/group-views.server.ts");
  const page = await groupPageWithPanels(userId, groupId, new Date(), { panels: true });
  if (!page || !captured) throw new Error("no group page");
  const statement = captured as { text: string; values: unknown[] };
  // Which value is which, to run the statement for other viewers.
  const roles = statement.values.map((value) =>
    value === groupId ? "groupId" : value === userId ? "userId" : value === true ? "panels" : JSON.stringify(value),
  );
  if (process.env.EXPLAIN_SAVE) writeFileSync(process.env.EXPLAIN_SAVE, JSON.stringify({ text: statement.text, roles }));

  const client = new pg.Client({ connectionString: stack.databaseUrl });
  await client.connect();
  const valuesFor = (roleList: string[], args: { groupId: string; userId: string; panels: boolean }) =>
    roleList.map((role) =>
      role === "groupId" ? args.groupId : role === "userId" ? args.userId : role === "panels" ? args.panels : JSON.parse(role),
    );
  try {
    const { pid } = (await client.query("select pg_backend_pid() as pid")).rows[0] as { pid: number };
    const cpu = () => {
      const fields = readFileSync(`/proc/${pid}/stat`, "utf8")
        .replace(/^.*\) /, "")
        .split(" ");
      return ((Number(fields[11]) + Number(fields[12])) / 100) * 1000;
    };
    const measure = async (name: string, text: string, values: unknown[]) => {
      const run = () => client.query({ name, text, values, rowMode: "array" });
      for (let i = 0; i < 50; i++) await run();
      const cpuBefore = cpu();
      const started = performance.now();
      for (let i = 0; i < N; i++) await run();
      const wall = performance.now() - started;
      const cpuMs = cpu() - cpuBefore;
      console.log(
        `${name}: ${N} executions; backend CPU ${(cpuMs / N).toFixed(3)} ms each; round trip ${(wall / N).toFixed(3)} ms each; load ${readFileSync("/proc/loadavg", "utf8").trim()}`,
      );
    };
    const old = process.env.EXPLAIN_OLD ? (JSON.parse(readFileSync(process.env.EXPLAIN_OLD, "utf8")) as { text: string; roles: string[] }) : null;
    const rounds = Number(process.env.EXPLAIN_ROUNDS ?? 1);
    for (let round = 0; round < rounds; round++) {
      if (old) await measure("before", old.text, valuesFor(old.roles, { groupId, userId, panels: true }));
      await measure("group_page", statement.text, statement.values);
    }
    const literal = (value: unknown) => (typeof value === "boolean" ? String(value) : client.escapeLiteral(String(value)));
    const explain = `explain (analyze, buffers, timing) execute group_page(${statement.values.map(literal).join(", ")})`;
    const times: number[] = [];
    let plan = "";
    for (let i = 0; i < M; i++) {
      const { rows } = await client.query(explain);
      plan = rows.map((row: Record<string, string>) => row["QUERY PLAN"]).join("\n");
      times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)![1]));
    }
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3);
    console.log(`EXPLAIN ANALYZE ×${M}: execution min ${at(0)}, median ${at(0.5)}, p90 ${at(0.9)} ms`);
    writeFileSync(".data/explain/plan.txt", plan);
    console.log("plan: .data/explain/plan.txt");

    if (old) {
      const pairs = (await client.query("select group_id, user_id from group_members order by group_id, user_id")).rows as Array<{
        group_id: string;
        user_id: string;
      }>;
      let compared = 0;
      let differ = 0;
      let exact = 0;
      // Arrays compared as multisets (elements sorted by their JSON): an order the statement never fixed (json_agg
      // without ORDER BY follows the plan) is not a difference the page can see.
      const normal = (value: unknown): unknown =>
        Array.isArray(value)
          ? value.map(normal).sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))
          : value && typeof value === "object"
            ? Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, normal(inner)]))
            : value;
      for (const pair of pairs) {
        for (const panels of [true, false]) {
          const args = { groupId: pair.group_id, userId: pair.user_id, panels };
          const before = (await client.query({ text: old.text, values: valuesFor(old.roles, args), rowMode: "array" })).rows;
          const after = (await client.query({ text: statement.text, values: valuesFor(roles, args), rowMode: "array" })).rows;
          compared++;
          if (isDeepStrictEqual(before, after)) exact++;
          if (!isDeepStrictEqual(normal(before), normal(after))) {
            differ++;
            if (differ <= 3) {
              writeFileSync(`.data/explain/differ-${differ}.json`, JSON.stringify({ args, before, after }, null, 1));
              console.log(`DIFFERENT: ${JSON.stringify(args)} (.data/explain/differ-${differ}.json)`);
            }
          }
        }
      }
      console.log(`compared ${compared} (group, viewer, panels): ${exact} identical, ${differ} different as multisets`);
    }
  } finally {
    await client.end();
  }
} finally {
  await stack.stop();
}
