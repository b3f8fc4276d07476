import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";
import { call, CookieJar, get, post } from "../support/routes";

const { databaseUrl } = await useTestDatabase();

const notifications = await import("../../app/routes/profile.notifications");
const login = await import("../../app/routes/login");
const { listMessages } = await import("../../sandbox/postmark/store");
const { sendEmailToUser } = await import("../../app/server/email/user-email.server");
const { getPreferences } = await import("../../app/server/notifications/preferences.server");
const testUsers = await import("../support/users");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { db } = await import("../../app/server/db/client.server");
const { notificationPreferences } = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");

const DEFAULTS = {
  emailContributionReminders: true,
  emailPayoutNotifications: true,
  emailGroupInvitations: false,
  emailWeeklySummary: false,
  pushUrgentAccount: true,
  pushDailyReminders: false,
};

function signedInUser(values: Parameters<typeof testUsers.signedInUser>[0] = {}) {
  return testUsers.signedInUser({ name: "Sara Ahmed", ...values });
}

const reminder = {
  template: "payment-reminder",
  data: { name: "Sara", groupName: "Wedding Fund", amountCents: 50_000, dueOn: "2026-12-01", groupUrl: "http://localhost:3000/groups/1" },
} as const;
const payout = {
  template: "payout-notification",
  data: { name: "Sara", groupName: "Wedding Fund", amountCents: 500_000, payoutOn: "2026-12-15", groupUrl: "http://localhost:3000/groups/1" },
} as const;

async function tagsTo(email: string) {
  return (await listMessages(databaseUrl, { to: email })).map((message) => message.tag).sort();
}

describe("notification preferences page", () => {
  it("shows the spec's defaults before anything is saved", async () => {
    const { jar } = await signedInUser();
    const page = await call(notifications.loader, get("/profile/notifications", jar));
    expect(page.data.preferences).toEqual(DEFAULTS);
  });

  it("Save Preferences stores exactly the ticked boxes, and saves again over the first row", async () => {
    const { user, jar } = await signedInUser();
    const saved = await call(
      notifications.action,
      post("/profile/notifications", { emailPayoutNotifications: "on", emailWeeklySummary: "on", pushDailyReminders: "on" }, jar),
    );
    expect(saved).toMatchObject({ status: 302, location: "/profile/notifications" });
    const flash = new CookieJar();
    flash.store(saved.setCookies);
    expect((await takeToasts(get("/", flash))).toasts.map((toast) => [toast.type, toast.title])).toEqual([["success", "Preferences Saved"]]);
    const expected = {
      emailContributionReminders: false,
      emailPayoutNotifications: true,
      emailGroupInvitations: false,
      emailWeeklySummary: true,
      pushUrgentAccount: false,
      pushDailyReminders: true,
    };
    expect(await getPreferences(user.id)).toEqual(expected);
    expect((await call(notifications.loader, get("/profile/notifications", jar))).data.preferences).toEqual(expected);

    await call(notifications.action, post("/profile/notifications", { emailGroupInvitations: "on" }, jar));
    expect(await getPreferences(user.id)).toEqual({
      ...expected,
      emailPayoutNotifications: false,
      emailWeeklySummary: false,
      pushDailyReminders: false,
      emailGroupInvitations: true,
    });
    expect((await db().select().from(notificationPreferences).where(eq(notificationPreferences.userId, user.id))).length).toBe(1);
  });
});

describe("sendEmailToUser consults the preferences", () => {
  it("sends reminders and payouts by default", async () => {
    const { user } = await signedInUser();
    expect(await sendEmailToUser(user, reminder)).toMatchObject({ ok: true, messageId: expect.any(String) });
    expect(await sendEmailToUser(user, payout)).toMatchObject({ ok: true, messageId: expect.any(String) });
    expect(await tagsTo(user.email)).toEqual(["payment-reminder", "payout-notification"]);
  });

  it("suppresses contribution reminders when they are off, and payout emails when those are off", async () => {
    const { user, jar } = await signedInUser();
    await call(notifications.action, post("/profile/notifications", { emailPayoutNotifications: "on" }, jar));
    expect(await sendEmailToUser(user, reminder)).toEqual({ ok: true, skipped: "preference" });
    expect(await sendEmailToUser(user, payout)).toMatchObject({ ok: true, messageId: expect.any(String) });
    expect(await tagsTo(user.email)).toEqual(["payout-notification"]);

    await call(notifications.action, post("/profile/notifications", { emailContributionReminders: "on" }, jar));
    expect(await sendEmailToUser(user, payout)).toEqual({ ok: true, skipped: "preference" });
    expect(await sendEmailToUser(user, reminder)).toMatchObject({ ok: true });
    expect(await tagsTo(user.email)).toEqual(["payment-reminder", "payout-notification"]);
  });

  it("always sends security emails: the login alert goes with every email preference off", async () => {
    const { user, jar } = await signedInUser({ loginNotifications: true });
    await call(notifications.action, post("/profile/notifications", {}, jar));
    expect(await getPreferences(user.id)).toEqual(Object.fromEntries(Object.keys(DEFAULTS).map((key) => [key, false])));
    const signedIn = await call(login.action, post("/login", { intent: "login", email: user.email, password: "Secret123" }));
    expect(signedIn.status).toBe(302);
    expect(await tagsTo(user.email)).toEqual(["login-alert"]);
  });
});
