/**
 * Issue 32, finding 6: every field that holds a name refuses control, direction and invisible characters with its own
 * message, on the server (the forms' schemas run in the browser too), and stores names in NFC. A name stored before the
 * rule still reads and shows.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";
import { BASE, call, context, get, post } from "../support/routes";

await useTestDatabase();
const register = await import("../../app/routes/register");
const profile = await import("../../app/routes/profile._index");
const wizard = await import("../../app/routes/groups.create");
const api = await import("../../app/routes/api.groups.create");
const contact = await import("../../app/routes/contact");
const dashboard = await import("../../app/routes/dashboard");
const groupPage = await import("../../app/routes/groups.$groupId");
const { signedInUser } = await import("../support/users");
const { db } = await import("../../app/server/db/client.server");
const { groups, users } = await import("../../app/server/db/schema");
const { createGroup } = await import("../../app/server/groups/groups.server");
const { eq } = await import("drizzle-orm");

/** One sample per refused kind, each inside an otherwise ordinary name. */
const REFUSED = {
  control: ["Amina\nYusuf", "Family\r\nFund", "Amina\tYusuf"],
  direction: ["\u202Efasuy anima", "Amina\u2066Yusuf\u2069", "Amina\u200F"],
  invisible: ["\u200B\u200B", "Ami\u200Dna", "\u3164"],
} as const;

const messages = (label: string) => ({
  control: `${label} can't contain line breaks, tabs or other control characters`,
  direction: `${label} can't contain characters that change the direction of the text`,
  invisible: `${label} can't contain invisible characters, such as zero-width spaces`,
});

/** Every (kind, sample) pair. */
const samples = Object.entries(REFUSED).flatMap(([kind, values]) => values.map((value) => [kind as keyof typeof REFUSED, value] as const));

let counter = 0;
const ip = () => {
  counter += 1;
  return context(`198.18.200.${counter}`);
};

describe("every name field refuses each kind, with its own message", () => {
  it("registration: full name", async () => {
    for (const [kind, value] of samples) {
      counter += 1;
      const result = await call(
        register.action,
        post("/register", {
          fullName: value,
          email: `names${counter}@example.com`,
          password: "Secret123",
          confirmPassword: "Secret123",
          terms: "on",
        }),
        {},
        ip(),
      );
      expect([JSON.stringify(value), result.status, result.data.result.error.fullName]).toEqual([
        JSON.stringify(value),
        400,
        [messages("Full name")[kind]],
      ]);
    }
    expect(
      await db()
        .select()
        .from(users)
        .where(eq(users.email, `names${counter}@example.com`)),
    ).toEqual([]);
  });

  it("profile: display name (first and last name come from it)", async () => {
    const { user, jar } = await signedInUser({ name: "Amina Yusuf" });
    for (const [kind, value] of samples) {
      const result = await call(profile.action, post("/profile?index", { name: value }, jar));
      expect([JSON.stringify(value), result.status, result.data.result.error.name]).toEqual([
        JSON.stringify(value),
        400,
        [messages("Display name")[kind]],
      ]);
    }
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect([row!.name, row!.firstName]).toEqual(["Amina Yusuf", null]);
  });

  it("group creation: the wizard's group name and the API's name", async () => {
    const { user, jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    const settings = { memberCount: "3", contributionAmount: "100", frequency: "monthly", dayOfMonth: "5", payoutOrder: "fixed", intent: "next" };
    for (const [kind, value] of samples) {
      const step = await call(wizard.action, post("/groups/create", { ...settings, groupName: value }, jar));
      expect([JSON.stringify(value), step.status, step.data.view.errors.groupName]).toEqual([
        JSON.stringify(value),
        400,
        [messages("Group name")[kind]],
      ]);
      const created = await call(
        api.action,
        new Request(`${BASE}/api/groups/create`, {
          method: "POST",
          headers: { "Content-Type": "application/json", Cookie: jar.header() },
          body: JSON.stringify({
            name: value,
            memberCount: 3,
            contributionAmount: 100,
            frequency: "monthly",
            dayOfMonth: 5,
            memberEmails: ["a@example.com"],
          }),
        }),
      );
      expect([JSON.stringify(value), created.status, created.data.error]).toEqual([JSON.stringify(value), 422, messages("Group name")[kind]]);
    }
    expect(await db().select().from(groups).where(eq(groups.createdBy, user.id))).toEqual([]);
  });

  it("the contact form: name", async () => {
    for (const [kind, value] of samples) {
      const result = await call(
        contact.action,
        post("/contact", { name: value, email: "someone@example.com", topic: "groups", message: "A question about groups, please." }),
        {},
        ip(),
      );
      expect([JSON.stringify(value), result.status, result.data.error.name]).toEqual([JSON.stringify(value), 400, [messages("Name")[kind]]]);
    }
  });
});

describe("accepted names", () => {
  it("are stored in NFC: the same name typed two ways is one name", async () => {
    const { user, jar } = await signedInUser();
    const saved = await call(profile.action, post("/profile?index", { name: "  Jose\u0301 Álvarez  " }, jar));
    expect(saved.status).toBe(302);
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect([row!.name, row!.firstName, row!.lastName]).toEqual(["José Álvarez", "José", "Álvarez"]);
    expect(row!.name).toBe("José Álvarez".normalize("NFC"));
  });

  it("keep emoji whole, joiners and variation selectors included", async () => {
    const { jar } = await signedInUser({ isPlaidSandboxAuthorized: true });
    const name = "\u{1F468}\u200D\u{1F469}\u200D\u{1F467} Family ❤️";
    const step = await call(
      wizard.action,
      post(
        "/groups/create",
        { groupName: name, memberCount: "3", contributionAmount: "100", frequency: "monthly", dayOfMonth: "5", intent: "next" },
        jar,
      ),
    );
    expect([step.status, step.data.view.step, step.data.view.settings.groupName]).toEqual([200, 2, name]);
  });
});

describe("names stored before the rule", () => {
  it("still read and show: the dashboard and the group page of a member and a group with refused characters", async () => {
    const { user, jar } = await signedInUser({ name: "\u202Efasuy anima\u200B", isPlaidSandboxAuthorized: true });
    const created = await createGroup(user, {
      name: "Old\nGroup",
      memberCount: 3,
      contributionCents: 10_000,
      payoutOrder: "fixed",
      schedule: { frequency: "monthly", dayOfWeek: null, dayOfMonth: 5 },
      startOn: null,
      timeZone: "America/New_York",
      inviteeEmails: [],
    });
    expect(created.ok).toBe(true);
    const groupId = (created as { groupId: string }).groupId;
    const board = await call(dashboard.loader, get("/dashboard", jar));
    expect(board.status).toBe(200);
    const page = await call(groupPage.loader, get(`/groups/${groupId}`, jar), { groupId });
    expect([page.status, page.data.group.name, page.data.group.members[0].profile.name]).toEqual([200, "Old\nGroup", "\u202Efasuy anima\u200B"]);
  });
});
