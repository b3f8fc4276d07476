/**
 * Issue 15: what each page a member lives on asks of the database, counted through React Router's own request handler,
 * so the root loader and the page's loader get the requests React Router really gives them (since React Router 8
 * always the request as received: ADR 027) — on the bench's 10-member group in mid-cycle. The counts are fixed whatever the
 * number of members, groups or notifications: one session query (the header's bell comes with it), and one statement
 * per panel (the group page is one statement in all, the viewer's money included since issue 47).
 *
 * The data request (`.data`, what a client-side navigation fetches) runs the same loaders as the document request
 * without rendering HTML, which needs the client build's manifest.
 */
import type { ServerBuild } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const { seedDemoData } = await import("../../scripts/lib/seed");
const { seedDemoGroups, seedBenchGroup, BENCH_GROUP } = await import("../../scripts/lib/seed-groups");
const { db, queryLog } = await import("../../app/server/db/client.server");
const { users } = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");
const { call, context } = await import("../support/routes");
const { sessionJarFor } = await import("../support/users");
const root = await import("../../app/root");
const dashboard = await import("../../app/routes/dashboard");
const groupPage = await import("../../app/routes/groups.$groupId");
const statement = await import("../../app/routes/groups.$groupId.statement");
const notifications = await import("../../app/routes/notifications");
const entry = await import("../../app/entry.server");
const { createRequestHandler } = await import("react-router");

const NOW = new Date("2026-11-22T15:00:00Z");

type Loader = Parameters<typeof call>[0];

let groupId = "";
let cookie = "";

beforeAll(async () => {
  await seedDemoData();
  await seedDemoGroups(NOW);
  groupId = await seedBenchGroup(NOW);
  const [demo] = await db().select().from(users).where(eq(users.email, "demo@rosca.example"));
  cookie = (await sessionJarFor(demo!.id)).header();
}, 240_000);

/** The four pages under the root layout, as the route config declares them. */
const route = (id: string, path: string, module: object) => ({ id, parentId: "root", path, module });
const build = {
  entry: { module: entry },
  routes: {
    root: { id: "root", path: "", module: root },
    "routes/dashboard": route("routes/dashboard", "dashboard", dashboard),
    "routes/groups.$groupId": route("routes/groups.$groupId", "groups/:groupId", groupPage),
    "routes/groups.$groupId.statement": route("routes/groups.$groupId.statement", "groups/:groupId/statement", statement),
    "routes/notifications": route("routes/notifications", "notifications", notifications),
  },
  future: {},
  ssr: true,
  basename: "/",
  prerender: [],
  publicPath: "/",
  assetsBuildDirectory: "build/client",
  isSpaMode: false,
  routeDiscovery: { mode: "lazy", manifestPath: "/__manifest" },
  assets: { version: "test", url: "/assets/manifest.js", entry: { module: "/assets/entry.js", imports: [] }, routes: {} },
  allowedActionOrigins: false,
} as unknown as ServerBuild;
const handle = createRequestHandler(build, "production");

/**
 * The statements of one request through React Router's handler (the root's and the page's loaders, side by side), and
 * the loaders' data read once more with `call` for the tests' checks (the handler's answer is turbo-stream).
 */
async function documentRequest(path: string, page: { loader: Loader }, params: Record<string, string> = {}) {
  const request = (target = path) => new Request(`http://localhost:3000${target}`, { headers: { Cookie: cookie } });
  // Once to warm: the session's idle-timeout touch (an UPDATE at most once a minute) is not part of a page's reads.
  expect((await handle(request(`${path}.data`), context())).status).toBe(200);
  const { result: response, log } = await queryLog(() => handle(request(`${path}.data`), context()));
  expect(response.status).toBe(200);
  await response.arrayBuffer();
  const [rootResult, pageResult] = await Promise.all([call(root.loader, request(), {}, context()), call(page.loader, request(), params, context())]);
  return { root: rootResult, page: pageResult, log };
}

describe("queries per page", () => {
  it("seeds the bench's group: ten members, five of ten turns paid out, the sixth period under way", async () => {
    const { page } = await documentRequest(`/groups/${groupId}`, groupPage, { groupId });
    expect(page.status).toBe(200);
    const group = page.data.group;
    expect([group.name, group.status, group.members.length]).toEqual([BENCH_GROUP, "active", 10]);
    expect(group.schedule.map((row: { status: string }) => row.status)).toEqual([...Array(5).fill("completed"), ...Array(5).fill("pending")]);
  });

  it("/dashboard: the session with the bell, and the groups with their savings, the activity and the invitations in one", async () => {
    const { page, log } = await documentRequest("/dashboard", dashboard);
    expect(page.data.cards.length).toBe(3);
    expect(page.data.activity.length).toBe(10);
    expect([log.queries.length, log.checkouts]).toEqual([2, 2]);
  });

  it("a group page: the session with the bell, and the page with the viewer's money (issue 44) in one statement (issue 47)", async () => {
    const { page, log } = await documentRequest(`/groups/${groupId}`, groupPage, { groupId });
    expect(page.data.sentInvitations).toEqual([]);
    expect(page.data.pool).not.toBeNull();
    // Which account pays and the late contributions (debit-choice.server.ts groupMoneyJson), read within the page's statement.
    expect(page.data.debitChoice).not.toBeNull();
    expect(page.data.groupLate).toEqual([]);
    expect([log.queries.length, log.checkouts]).toEqual([2, 2]);
  });

  it("a statement: the session with the bell, the group through the viewer's membership, the postings", async () => {
    const { page, log } = await documentRequest(`/groups/${groupId}/statement`, statement, { groupId });
    expect(page.data.rows.length).toBeGreaterThan(50);
    expect([log.queries.length, log.checkouts]).toEqual([3, 3]);
  });

  it("/notifications: the session with the bell, and the page's list with its unread count", async () => {
    const { root: rootResult, log } = await documentRequest("/notifications", notifications);
    expect(rootResult.data.feed.notifications.length).toBeLessThanOrEqual(8);
    expect([log.queries.length, log.checkouts]).toEqual([2, 2]);
  });
});

describe("a signed-out client-side navigation", () => {
  it("is sent to the login with the page's own address, not React Router's data URL", async () => {
    const target = `/groups/${groupId}/statement`;
    const response = await handle(new Request(`http://localhost:3000${target}.data?_routes=routes%2Fgroups.%24groupId.statement`), context());
    const body = await response.text();
    // Single fetch answers a loader's redirect inside its turbo-stream payload.
    expect(body).toContain(JSON.stringify(`/login?${new URLSearchParams({ redirectTo: target })}`));
    expect(body).not.toContain(".data");
  });
});
