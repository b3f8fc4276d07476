/**
 * The sandbox clock on /groups/{id}: who may move it, what the form accepts, what moves (the group's offset and the day
 * processed through the sandbox bank), the toast, and what the page shows afterwards. The action reads the real clock
 * (`new Date()`), so the groups start now and expected days are derived from the clock here too.
 */
import { describe, expect, it } from "vitest";
import { call, CookieJar, get, post } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
const groupPage = await import("../../app/routes/groups.$groupId");
const money = await import("../support/money");
const { createUser, sessionJarFor, toastTitles } = await import("../support/users");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { formatCalendarDay } = await import("../../app/domain/format");
const { addDays, todayIn } = await import("../../app/domain/schedule");
const { db } = await import("../../app/server/db/client.server");
const schema = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");
const { getPool } = await import("../../app/server/db/client.server");
const { advanceClock, CLOCK_BUSY, groupToday } = await import("../../app/server/money/cycle.server");

const NEW_YORK = "America/New_York";

async function groupRow(groupId: string) {
  const [row] = await db().select().from(schema.groups).where(eq(schema.groups.id, groupId));
  return row!;
}

/** The clock fields the action may move. */
async function clockOf(groupId: string) {
  const row = await groupRow(groupId);
  return { clockOffsetSeconds: row.clockOffsetSeconds, processedThrough: row.processedThrough, status: row.status };
}

async function toastsOf(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  const { toasts } = await takeToasts(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
  return toasts.map(({ type, title, description }) => ({ type, title, description }));
}

function advance(groupId: string, fields: Record<string, string>, jar: CookieJar) {
  return call(groupPage.action, post(`/groups/${groupId}`, fields, jar), { groupId });
}

/** A started 3-member weekly group (Fridays, $100) whose members can afford the whole cycle. */
async function clockGroup() {
  const { group, members } = await money.startedGroup({ now: new Date(), balanceCents: 100_000 });
  const [admin, member] = members;
  return { group, admin: admin!, member: member!, adminJar: await sessionJarFor(admin!.id), memberJar: await sessionJarFor(member!.id) };
}

describe("/groups/{id} action: advance the sandbox clock", () => {
  it("moves the clock to the next event for the group admin: the offset and the processed day move together, with a toast", async () => {
    const { group, adminJar } = await clockGroup();
    expect(group.clockOffsetSeconds).toBe(0);
    const realToday = todayIn(NEW_YORK, new Date());

    const result = await advance(group.id, { intent: "advance-next" }, adminJar);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/groups/${group.id}`);

    const after = await clockOf(group.id);
    expect(after.clockOffsetSeconds).toBeGreaterThan(0);
    expect(after.clockOffsetSeconds % 86_400).toBe(0);
    const days = after.clockOffsetSeconds / 86_400;
    // The group's day is the real day moved forward by the offset, and every day up to it has been processed.
    expect(after.processedThrough).toBe(addDays(realToday, days));
    expect(await toastsOf(result.setCookies)).toEqual([
      {
        type: "success",
        title: "Sandbox clock moved",
        description: `It is now ${formatCalendarDay(addDays(realToday, days), "full")} in this group.`,
      },
    ]);
    // Something happens at least weekly in a weekly group (a reminder, a debit, settlement): never more than 7 days.
    expect(days).toBeGreaterThanOrEqual(1);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("moves the clock by a number of days, and the page shows the sandbox time afterwards", async () => {
    const { group, adminJar, memberJar } = await clockGroup();
    const realToday = todayIn(NEW_YORK, new Date());

    const result = await advance(group.id, { intent: "advance-days", days: "3" }, adminJar);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/groups/${group.id}`);
    expect(await toastsOf(result.setCookies)).toEqual([
      { type: "success", title: "Sandbox clock moved", description: `It is now ${formatCalendarDay(addDays(realToday, 3), "full")} in this group.` },
    ]);
    expect(await clockOf(group.id)).toEqual({ clockOffsetSeconds: 3 * 86_400, processedThrough: addDays(realToday, 3), status: "active" });

    const adminPage = await call(groupPage.loader, get(`/groups/${group.id}`, adminJar), { groupId: group.id });
    expect(adminPage.status).toBe(200);
    expect(adminPage.data.group.today).toBe(addDays(realToday, 3));
    expect(adminPage.data.group.clockOffsetDays).toBe(3);
    expect(adminPage.data.sandboxClock).toBe(true);
    expect(adminPage.data.canAdvanceClock).toBe(true);

    // A plain member sees the same sandbox time, without the buttons.
    const memberPage = await call(groupPage.loader, get(`/groups/${group.id}`, memberJar), { groupId: group.id });
    expect(memberPage.data.group.today).toBe(addDays(realToday, 3));
    expect(memberPage.data.group.clockOffsetDays).toBe(3);
    expect(memberPage.data.sandboxClock).toBe(true);
    expect(memberPage.data.canAdvanceClock).toBe(false);
  });

  it("shows real time (offset 0) before anyone moved the clock", async () => {
    const { group, adminJar } = await clockGroup();
    const page = await call(groupPage.loader, get(`/groups/${group.id}`, adminJar), { groupId: group.id });
    expect(page.data.group.today).toBe(todayIn(NEW_YORK, new Date()));
    expect(page.data.group.clockOffsetDays).toBe(0);
    expect(page.data.sandboxClock).toBe(true);
  });

  it("refuses a member who is not the group admin, and nothing moves", async () => {
    const { group, memberJar } = await clockGroup();
    const before = await clockOf(group.id);
    const attempts: Record<string, string>[] = [
      { intent: "advance-next" },
      { intent: "advance-days", days: "5" },
      { intent: "advance-days", days: "0" },
    ];
    for (const fields of attempts) {
      const result = await advance(group.id, fields, memberJar);
      expect(result.status).toBe(302);
      expect(result.location).toBe(`/groups/${group.id}`);
      expect(await toastTitles(result.setCookies)).toEqual(["Only the group admin can move the sandbox clock."]);
    }
    expect(await clockOf(group.id)).toEqual(before);
    expect(before.clockOffsetSeconds).toBe(0);
  });

  it("lets a platform admin who is a plain member of the group move it", async () => {
    const { group, member } = await clockGroup();
    await db().update(schema.users).set({ isAdmin: true }).where(eq(schema.users.id, member.id));
    const jar = await sessionJarFor(member.id);
    const page = await call(groupPage.loader, get(`/groups/${group.id}`, jar), { groupId: group.id });
    expect(page.data.canAdvanceClock).toBe(true);
    const result = await advance(group.id, { intent: "advance-days", days: "1" }, jar);
    expect(await toastTitles(result.setCookies)).toEqual(["Sandbox clock moved"]);
    expect((await clockOf(group.id)).clockOffsetSeconds).toBe(86_400);
  });

  it("answers a non-member with the 404 page (even a platform admin), and nothing moves", async () => {
    const { group } = await clockGroup();
    const before = await clockOf(group.id);
    const stranger = await createUser({ email: `clock-stranger.${Date.now()}@example.com`, name: "Marcus Reed" });
    const platformAdmin = await createUser({ email: `clock-admin.${Date.now()}@example.com`, name: "Avery Admin", isAdmin: true });
    for (const user of [stranger, platformAdmin]) {
      const jar = await sessionJarFor(user.id);
      for (const groupId of [group.id, "not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
        for (const fields of [{ intent: "advance-next" }, { intent: "advance-days", days: "2" }] as Record<string, string>[]) {
          const result = await call(groupPage.action, post(`/groups/${groupId}`, fields, jar), { groupId });
          expect(result.status).toBe(404);
          expect(result.data).toEqual({ group: null, inviteUrl: null });
        }
      }
    }
    expect(await clockOf(group.id)).toEqual(before);
  });

  it("sends an anonymous visitor to log in", async () => {
    const { group } = await clockGroup();
    const result = await call(groupPage.action, post(`/groups/${group.id}`, { intent: "advance-next" }), { groupId: group.id });
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?redirectTo=${encodeURIComponent(`/groups/${group.id}`)}`);
    expect((await clockOf(group.id)).clockOffsetSeconds).toBe(0);
  });

  it("rejects a day count that is not a whole number from 1 to 400, and nothing moves", async () => {
    const { group, admin, adminJar } = await clockGroup();
    const before = await clockOf(group.id);
    // A 400 back to the field, with what was typed and why; no toast.
    for (const days of ["0", "401", "-3", "1.5", "2e1", "abc", "", "  ", "<b>1</b>"]) {
      const result = await advance(group.id, { intent: "advance-days", days }, adminJar);
      expect(result.status, `days=${JSON.stringify(days)}`).toBe(400);
      expect(result.data).toEqual({ clock: { days, error: "Choose between 1 and 400 days." } });
      expect(await toastsOf(result.setCookies)).toEqual([]);
    }
    // No days field at all.
    const missing = await advance(group.id, { intent: "advance-days" }, adminJar);
    expect(missing.status).toBe(400);
    expect(missing.data).toEqual({ clock: { days: "", error: "Choose between 1 and 400 days." } });
    // In the reader's language.
    await db().update(schema.users).set({ locale: "es-US" }).where(eq(schema.users.id, admin.id));
    const spanish = await advance(group.id, { intent: "advance-days", days: "500" }, adminJar);
    expect(spanish.status).toBe(400);
    expect(spanish.data).toEqual({ clock: { days: "500", error: "Elija entre 1 y 400 días." } });
    expect(await clockOf(group.id)).toEqual(before);
  });

  it("stops once the group has completed: the clock moves only while the group is active", async () => {
    const { group, adminJar } = await clockGroup();
    // Three weekly periods fit in 30 days (with settlement and the last payout).
    const done = await advance(group.id, { intent: "advance-days", days: "30" }, adminJar);
    expect(await toastTitles(done.setCookies)).toEqual(["Sandbox clock moved"]);
    const completed = await clockOf(group.id);
    expect(completed.status).toBe("completed");

    const result = await advance(group.id, { intent: "advance-next" }, adminJar);
    expect(result.status).toBe(302);
    expect(await toastTitles(result.setCookies)).toEqual(["The clock moves only while the group is active."]);
    expect(await clockOf(group.id)).toEqual(completed);

    // The completed group's page no longer offers the clock (the card shows for active groups only).
    const page = await call(groupPage.loader, get(`/groups/${group.id}`, adminJar), { groupId: group.id });
    expect(page.data.group.status).toBe("completed");
  }, 120_000);
  /** Hold the group's page lock (`cycle:<id>`, as a worker's tick running the group does) on a connection of its own. */
  async function holdGroupLock(groupId: string) {
    const client = await getPool().connect();
    await client.query("select pg_advisory_lock(hashtextextended('cycle:' || $1::text, 0))", [groupId]);
    return async () => {
      await client.query("select pg_advisory_unlock(hashtextextended('cycle:' || $1::text, 0))", [groupId]);
      client.release();
    };
  }

  it("waits for a worker holding the group, then runs the day itself: the clock never shows a day whose money work was not done", async () => {
    const { group, admin } = await clockGroup();
    const before = await groupRow(group.id);
    const release = await holdGroupLock(group.id);
    const letGo = new Promise<void>((resolve) => setTimeout(() => resolve(release()), 700));
    const result = await advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 1 });
    await letGo;
    const tomorrow = addDays(groupToday(before, new Date()), 1);
    expect(result).toEqual({ ok: true, today: tomorrow, days: 1 });
    expect(await clockOf(group.id)).toEqual({ clockOffsetSeconds: 86_400, processedThrough: tomorrow, status: "active" });
  }, 120_000);

  it("stops and says so when a worker keeps the group past the wait: the day moved is run by the worker's next tick", async () => {
    const { group, admin } = await clockGroup();
    const release = await holdGroupLock(group.id);
    try {
      const result = await advanceClock({ id: admin.id, isAdmin: false }, group.id, { days: 3 }, new Date(), { waitForWorkerMs: 300 });
      expect(result).toEqual({ ok: false, status: 503, error: CLOCK_BUSY });
      // One day moved (its work left to the holder's next run), not three.
      expect((await clockOf(group.id)).clockOffsetSeconds).toBe(86_400);
    } finally {
      await release();
    }
  }, 120_000);
});
