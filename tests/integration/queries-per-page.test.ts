/**
 * Issue 15: what each page a member lives on asks of the database, counted the way React Router serves a document
 * request — the root loader and the page's loader together, with one Request — on the bench's 10-member group in
 * mid-cycle. The counts are fixed whatever the number of members, groups or notifications: one session query (the
 * header's bell comes with it), and one statement per panel (the group page is one statement in all).
 */
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

const NOW = new Date("2026-11-22T15:00:00Z");

let groupId = "";
let cookie = "";

beforeAll(async () => {
  await seedDemoData();
  await seedDemoGroups(NOW);
  groupId = await seedBenchGroup(NOW);
  const [demo] = await db().select().from(users).where(eq(users.email, "demo@rosca.example"));
  cookie = (await sessionJarFor(demo!.id)).header();
}, 240_000);

type Loader = Parameters<typeof call>[0];

/** One document request's loaders, as React Router runs them: the root's and the page's, side by side. */
async function documentRequest(path: string, page: { loader: Loader }, params: Record<string, string> = {}) {
  const request = () => new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } });
  // Once to warm: the session's idle-timeout touch (an UPDATE at most once a minute) is not part of a page's reads.
  await Promise.all([call(root.loader, request()), call(page.loader, request(), params)]);
  const shared = request();
  const { result, log } = await queryLog(() => Promise.all([call(root.loader, shared, {}, context()), call(page.loader, shared, params, context())]));
  return { root: result[0], page: result[1], log };
}

describe("queries per page", () => {
  it("seeds the bench's group: ten members, five of ten turns paid out, the sixth period under way", async () => {
    const { page } = await documentRequest(`/groups/${groupId}`, groupPage, { groupId });
    expect(page.status).toBe(200);
    const group = page.data.group;
    expect([group.name, group.status, group.members.length]).toEqual([BENCH_GROUP, "active", 10]);
    expect(group.schedule.map((row: { status: string }) => row.status)).toEqual([...Array(5).fill("completed"), ...Array(5).fill("pending")]);
  });

  it("/dashboard: the session with the bell, and one statement per panel (groups with their savings, activity, invitations)", async () => {
    const { page, log } = await documentRequest("/dashboard", dashboard);
    expect(page.data.cards.length).toBe(3);
    expect([log.queries.length, log.checkouts]).toEqual([4, 4]);
  });

  it("a group page: the session with the bell, and the page in one statement", async () => {
    const { page, log } = await documentRequest(`/groups/${groupId}`, groupPage, { groupId });
    expect(page.data.sentInvitations).toEqual([]);
    expect(page.data.pool).not.toBeNull();
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
