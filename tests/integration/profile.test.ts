import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";
import { call, CookieJar, get, post } from "../support/routes";

await useTestDatabase();

const profileLayout = await import("../../app/routes/profile");
const profile = await import("../../app/routes/profile._index");
const security = await import("../../app/routes/profile.security");
const notifications = await import("../../app/routes/profile.notifications");
const testUsers = await import("../support/users");
const { takeToasts } = await import("../../app/server/notifications/toast.server");
const { visibleProfile } = await import("../../app/server/profile/profile.server");
const { db } = await import("../../app/server/db/client.server");
const { users } = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");

function signedInUser(values: Parameters<typeof testUsers.signedInUser>[0] = {}) {
  return testUsers.signedInUser({ name: "Amina Yusuf", firstName: "Amina", lastName: "Yusuf", ...values });
}

async function reload(id: string) {
  const [row] = await db().select().from(users).where(eq(users.id, id));
  return row!;
}

async function toastsOf(setCookies: string[]) {
  const jar = new CookieJar();
  jar.store(setCookies);
  return (await takeToasts(get("/", jar))).toasts.map(({ type, title, description }) => ({ type, title, description }));
}

// Every loader and action of the profile pages, as [label, handler, request factory].
const endpoints = [
  ["profile layout loader", profileLayout.loader, (jar?: CookieJar) => get("/profile", jar), "/profile"],
  ["profile loader", profile.loader, (jar?: CookieJar) => get("/profile", jar), "/profile"],
  ["profile action", profile.action, (jar?: CookieJar) => post("/profile?index", { name: "X" }, jar), "/profile?index"],
  ["security loader", security.loader, (jar?: CookieJar) => get("/profile/security", jar), "/profile/security"],
  ["security action", security.action, (jar?: CookieJar) => post("/profile/security", { intent: "sign-out-others" }, jar), "/profile/security"],
  ["notifications loader", notifications.loader, (jar?: CookieJar) => get("/profile/notifications", jar), "/profile/notifications"],
  ["notifications action", notifications.action, (jar?: CookieJar) => post("/profile/notifications", {}, jar), "/profile/notifications"],
] as const;

describe("guards", () => {
  it.each(endpoints)("%s: anonymous → /login with redirectTo", async (_label, handler, request, path) => {
    const result = await call(handler, request());
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
  });

  it.each(endpoints)("%s: a signed-in user is served", async (_label, handler, request) => {
    const { jar } = await signedInUser();
    const result = await call(handler, request(jar));
    expect([200, 302]).toContain(result.status);
    if (result.status === 302) expect(result.location).not.toMatch(/^\/login/);
  });

  it("a broken session cookie → /login with 'Authentication Error'", async () => {
    const jar = new CookieJar();
    jar.store(["rosca_session=forged"]);
    const result = await call(profile.action, post("/profile?index", { name: "X" }, jar));
    expect(result).toMatchObject({ status: 302, location: "/login" });
    expect((await toastsOf(result.setCookies))[0]?.title).toBe("Authentication Error");
  });
});

describe("Profile Information", () => {
  it("shows the account card: completeness, member since, last login, status, bank", async () => {
    const { jar } = await signedInUser({
      phone: "(313) 555-0142",
      city: "Dearborn",
      state: "MI",
      createdAt: new Date("2025-03-04T15:00:00Z"),
      lastSignInAt: new Date("2026-11-21T14:30:00Z"),
      hasBankAccount: true,
    });
    const page = await call(profile.loader, get("/profile", jar));
    expect(page.status).toBe(200);
    // name, email, phone, city, state: 5 of 8.
    expect(page.data.account).toEqual({
      completeness: 63,
      tone: "amber",
      memberSince: "March 4, 2025",
      lastLogin: "Nov 21, 2026, 9:30 AM EST",
      bankConnected: true,
      bankInstitutions: [],
    });
    expect(page.data.editing).toBe(false);
    expect((await call(profile.loader, get("/profile?edit=1", jar))).data.editing).toBe(true);
  });

  it("saves normalised values, splits the name and answers 'Profile Updated'", async () => {
    const { user, jar } = await signedInUser();
    const result = await call(
      profile.action,
      post(
        "/profile?index",
        {
          name: "  Layla   Haddad Nasser ",
          phone: "313.555.0142",
          address: "12 Elm St",
          city: "Dearborn",
          state: "michigan",
          zipCode: "481261234",
          dateOfBirth: "1990-04-02",
          email: "attacker@example.com",
        },
        jar,
      ),
    );
    expect(result).toMatchObject({ status: 302, location: "/profile" });
    expect(await toastsOf(result.setCookies)).toEqual([
      { type: "success", title: "Profile Updated", description: "Your profile information has been saved successfully." },
    ]);
    const saved = await reload(user.id);
    expect(saved).toMatchObject({
      name: "Layla Haddad Nasser",
      firstName: "Layla",
      lastName: "Haddad Nasser",
      phone: "(313) 555-0142",
      address: "12 Elm St",
      city: "Dearborn",
      state: "MI",
      zipCode: "48126-1234",
      dateOfBirth: "1990-04-02",
      email: user.email, // email cannot be changed
    });
  });

  it("falls back to 'User' and nulls when the name and fields are emptied", async () => {
    const { user, jar } = await signedInUser({ phone: "(313) 555-0142", city: "Dearborn" });
    const result = await call(profile.action, post("/profile?index", { name: "   ", phone: "", city: "" }, jar));
    expect(result.status).toBe(302);
    expect(await reload(user.id)).toMatchObject({ name: "User", firstName: null, lastName: null, phone: null, city: null });
  });

  it.each([
    ["phone", "555-0142", "Please enter a valid US phone number, e.g. (313) 555-0142"],
    ["zipCode", "1234", "Please enter a valid ZIP code: 5 digits (12345) or ZIP+4 (12345-6789)"],
    ["state", "Ontario", "Please enter a US state as its two-letter code or name, e.g. MI or Michigan"],
    ["dateOfBirth", "2015-01-01", "You must be at least 18 years old to use Rosca."],
  ])("refuses %s=%j with its message and changes nothing", async (field, value, message) => {
    const { user, jar } = await signedInUser();
    const result = await call(profile.action, post("/profile?index", { name: "Changed Name", [field]: value }, jar));
    expect(result.status).toBe(400);
    expect(result.data.result.error[field]).toEqual([message]);
    expect((await reload(user.id)).name).toBe("Amina Yusuf");
  });

  it("sets the date of birth once; the server refuses a change afterwards", async () => {
    const { user, jar } = await signedInUser({ dateOfBirth: "1990-04-02" });
    const changed = await call(profile.action, post("/profile?index", { name: "Amina Yusuf", dateOfBirth: "1985-01-01" }, jar));
    expect(changed.status).toBe(400);
    expect(changed.data.result.error.dateOfBirth).toEqual(["Date of birth cannot be changed once set"]);
    expect((await reload(user.id)).dateOfBirth).toBe("1990-04-02");

    // Leaving it out (the page shows it read-only) keeps it; other fields save.
    const other = await call(profile.action, post("/profile?index", { name: "Amina Y", city: "Detroit" }, jar));
    expect(other.status).toBe(302);
    expect(await reload(user.id)).toMatchObject({ dateOfBirth: "1990-04-02", city: "Detroit", name: "Amina Y" });
  });
});

describe("visibleProfile", () => {
  it("shows only the name when the user hides their profile", async () => {
    const { user } = await signedInUser({ phone: "(313) 555-0142", city: "Dearborn", state: "MI" });
    expect(visibleProfile(user)).toEqual({
      id: user.id,
      name: "Amina Yusuf",
      email: user.email,
      phone: "(313) 555-0142",
      city: "Dearborn",
      state: "MI",
    });
    expect(visibleProfile({ ...user, profileVisible: false })).toEqual({
      id: user.id,
      name: "Amina Yusuf",
      email: null,
      phone: null,
      city: null,
      state: null,
    });
  });
});

describe("updateProfile", () => {
  it("reports a failure instead of throwing when the row cannot be saved", async () => {
    const { updateProfile } = await import("../../app/server/profile/profile.server");
    expect(await updateProfile("00000000-0000-4000-8000-000000000000", { name: "Nobody" })).toEqual({ status: "error" });
  });
});
