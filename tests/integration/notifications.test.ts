import { describe, expect, it } from "vitest";
import { call, CookieJar, get } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
const apiList = await import("../../app/routes/api.notifications");
const apiRead = await import("../../app/routes/api.notifications.$id.read");
const page = await import("../../app/routes/notifications");
const root = await import("../../app/root");
const { notify } = await import("../../app/server/notifications/notifications.server");
const { createSession } = await import("../../app/server/auth/session.server");
const { db } = await import("../../app/server/db/client.server");
const { notifications, users } = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");

async function signedInUser(email: string) {
  const [user] = await db()
    .insert(users)
    .values({ email, name: email.split("@")[0]!, emailConfirmedAt: new Date() })
    .returning();
  const jar = new CookieJar();
  jar.store([await createSession(user!.id, get("/"), { remember: false })]);
  return { user: user!, jar };
}

function postRead(id: string, jar: CookieJar | null, accept = "application/json") {
  return new Request(`http://localhost:3000/api/notifications/${id}/read`, {
    method: "POST",
    headers: { Accept: accept, ...(jar ? { Cookie: jar.header() } : {}) },
  });
}

describe("in-app notifications", () => {
  it("lists only the owner's notifications, newest first, with the unread count", async () => {
    const alice = await signedInUser("alice@example.com");
    const bob = await signedInUser("bob@example.com");
    await notify(alice.user.id, { title: "First", link: "/dashboard" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await notify(alice.user.id, { title: "Second" });
    await notify(bob.user.id, { title: "Bob's own" });

    const list = await call(apiList.loader, get("/api/notifications", alice.jar));
    expect(list.status).toBe(200);
    expect(list.data.unreadCount).toBe(2);
    expect(list.data.notifications.map((item: { title: string }) => item.title)).toEqual(["Second", "First"]);
  });

  it("gives every page's bell the 8 newest of the owner's notifications and their unread count, with the session", async () => {
    const hana = await signedInUser("hana@example.com");
    const other = await signedInUser("other-bell@example.com");
    for (let index = 1; index <= 10; index++) {
      await notify(hana.user.id, { title: `Notice ${index}`, link: index === 10 ? "/groups" : null });
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
    await notify(other.user.id, { title: "Not Hana's" });
    await db().update(notifications).set({ readAt: new Date() }).where(eq(notifications.title, "Notice 9"));

    const { data } = await call(root.loader, get("/dashboard", hana.jar));
    expect(data.feed.unreadCount).toBe(9);
    expect(data.feed.notifications.map((item: { title: string }) => item.title)).toEqual([10, 9, 8, 7, 6, 5, 4, 3].map((n) => `Notice ${n}`));
    expect(data.feed.notifications[0]).toMatchObject({ link: "/groups", read: false, body: null });
    expect(data.feed.notifications[1].read).toBe(true);
    expect(data.feed.notifications[0].createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

    const newcomer = await signedInUser("newcomer@example.com");
    expect((await call(root.loader, get("/dashboard", newcomer.jar))).data.feed).toEqual({ unreadCount: 0, notifications: [] });
  });

  it("answers 401 to an anonymous request", async () => {
    const list = await call(apiList.loader, get("/api/notifications"));
    expect(list).toMatchObject({ status: 401, data: { error: "Session expired. Please log in again." } });
    const read = await call(apiRead.action, postRead("00000000-0000-0000-0000-000000000000", null), { id: "00000000-0000-0000-0000-000000000000" });
    expect(read.status).toBe(401);
  });

  it("marks one read, and refuses another user's notification with 404 (no existence leak)", async () => {
    const carol = await signedInUser("carol@example.com");
    const dave = await signedInUser("dave@example.com");
    const carols = await notify(carol.user.id, { title: "Sandbox access granted", link: "/profile/bank-accounts" });

    const probe = await call(apiRead.action, postRead(carols, dave.jar), { id: carols });
    expect(probe).toMatchObject({ status: 404, data: { error: "Notification not found" } });
    const missing = await call(apiRead.action, postRead("3f0c8a3e-6d0b-4c8e-9b7a-2a1f0e6d5c4b", dave.jar), {
      id: "3f0c8a3e-6d0b-4c8e-9b7a-2a1f0e6d5c4b",
    });
    expect(missing).toMatchObject({ status: 404, data: { error: "Notification not found" } });
    const garbage = await call(apiRead.action, postRead("not-a-uuid", dave.jar), { id: "not-a-uuid" });
    expect(garbage.status).toBe(404);
    const [untouched] = await db().select().from(notifications).where(eq(notifications.id, carols));
    expect(untouched!.readAt).toBeNull();

    const read = await call(apiRead.action, postRead(carols, carol.jar), { id: carols });
    expect(read).toMatchObject({ status: 200, data: { ok: true, id: carols, link: "/profile/bank-accounts" } });
    const [after] = await db().select().from(notifications).where(eq(notifications.id, carols));
    expect(after!.readAt).toBeInstanceOf(Date);
  });

  it("follows the link after a plain form post (no JavaScript)", async () => {
    const erin = await signedInUser("erin@example.com");
    const id = await notify(erin.user.id, { title: "Go somewhere", link: "/profile" });
    const response = await call(apiRead.action, postRead(id, erin.jar, "text/html"), { id });
    expect(response).toMatchObject({ status: 302, location: "/profile" });
    const noLink = await notify(erin.user.id, { title: "Nowhere" });
    expect(await call(apiRead.action, postRead(noLink, erin.jar, "text/html"), { id: noLink })).toMatchObject({
      status: 302,
      location: "/notifications",
    });
  });

  it("never stores an off-site link", async () => {
    const frank = await signedInUser("frank@example.com");
    const id = await notify(frank.user.id, { title: "Phish", link: "https://evil.example/" });
    const [row] = await db().select().from(notifications).where(eq(notifications.id, id));
    expect(row!.link).toBeNull();
  });

  it("marks all read from the notifications page, which requires a user", async () => {
    const gina = await signedInUser("gina@example.com");
    await notify(gina.user.id, { title: "One" });
    await notify(gina.user.id, { title: "Two" });
    const anonymous = await call(page.loader, get("/notifications"));
    expect(anonymous).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fnotifications" });
    const form = new Request("http://localhost:3000/notifications", {
      method: "POST",
      body: new URLSearchParams({ intent: "mark-all-read" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: gina.jar.header() },
    });
    expect((await call(page.action, form)).status).toBe(302);
    const feed = await call(page.loader, get("/notifications", gina.jar));
    expect(feed.data.unreadCount).toBe(0);
    const bad = new Request("http://localhost:3000/notifications", {
      method: "POST",
      body: new URLSearchParams({ intent: "delete-everything" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: gina.jar.header() },
    });
    expect((await call(page.action, bad)).status).toBe(400);
  });

  it("pages /notifications 25 at a time, newest first, with links to older and newest; the unread count on every page", async () => {
    const ivy = await signedInUser("ivy@example.com");
    const stranger = await signedInUser("stranger@example.com");
    const strangers = await notify(stranger.user.id, { title: "Not Ivy's" });
    const start = Date.parse("2026-11-01T12:00:00Z");
    // 30 notifications a minute apart, and two at the same instant (the id breaks the tie, in the list's order).
    await db()
      .insert(notifications)
      .values(
        Array.from({ length: 30 }, (_, index) => ({
          userId: ivy.user.id,
          title: `Notice ${index + 1}`,
          createdAt: new Date(start + index * 60_000),
        })),
      );
    await db()
      .insert(notifications)
      .values(["Tie A", "Tie B"].map((title) => ({ userId: ivy.user.id, title, createdAt: new Date(start - 60_000), readAt: new Date() })));

    const first = await call(page.loader, get("/notifications", ivy.jar));
    const titles = (result: typeof first) => result.data.notifications.map((item: { title: string }) => item.title);
    expect(first.status).toBe(200);
    expect(titles(first)).toEqual(Array.from({ length: 25 }, (_, index) => `Notice ${30 - index}`));
    expect(first.data).toMatchObject({ unreadCount: 30, isFirstPage: true, olderBefore: first.data.notifications[24].id });

    const second = await call(page.loader, get(`/notifications?before=${first.data.olderBefore}`, ivy.jar));
    const ties = (
      await db().select({ id: notifications.id, title: notifications.title }).from(notifications).where(eq(notifications.userId, ivy.user.id))
    )
      .filter((row) => row.title.startsWith("Tie"))
      .sort((a, b) => (a.id < b.id ? 1 : -1))
      .map((row) => row.title);
    expect(titles(second)).toEqual(["Notice 5", "Notice 4", "Notice 3", "Notice 2", "Notice 1", ...ties]);
    expect(second.data).toMatchObject({ unreadCount: 30, isFirstPage: false, olderBefore: null });

    // Past the end, or after someone else's notification: nothing listed, nothing leaked, the count still right.
    const last = second.data.notifications.at(-1).id;
    expect((await call(page.loader, get(`/notifications?before=${last}`, ivy.jar))).data).toEqual({
      unreadCount: 30,
      notifications: [],
      olderBefore: null,
      isFirstPage: false,
    });
    expect((await call(page.loader, get(`/notifications?before=${strangers}`, ivy.jar))).data.notifications).toEqual([]);

    const malformed = await call(page.loader, get("/notifications?before=not-an-id", ivy.jar));
    expect(malformed.status).toBe(400);
  });
});
