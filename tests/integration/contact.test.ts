import { describe, expect, it } from "vitest";
import { call, context, post } from "../support/routes";
import { useTestDatabase } from "../support/test-db";

const { databaseUrl, stopMail } = await useTestDatabase();
const contact = await import("../../app/routes/contact");
const { latestMessageTo } = await import("../../sandbox/postmark/store");
const { db } = await import("../../app/server/db/client.server");
const { contactMessages } = await import("../../app/server/db/schema");
const { eq } = await import("drizzle-orm");

const fields = { name: "Omar Haddad", email: "omar@example.com", topic: "groups", message: "How do I change my payout position?" };

describe("contact form", () => {
  it("records the message and emails support", async () => {
    const response = await call(contact.action, post("/contact", { ...fields, email: "first@example.com" }), {}, context("192.0.2.1"));
    expect(response).toMatchObject({ status: 302, location: "/contact" });
    const rows = await db().select().from(contactMessages).where(eq(contactMessages.email, "first@example.com"));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "Omar Haddad", topic: "groups", message: "How do I change my payout position?", userId: null });
    const email = await latestMessageTo(databaseUrl, "support@rosca.example");
    expect(email!.textBody).toContain("How do I change my payout position?");
  });

  it("refuses bad input with 400 and stores nothing", async () => {
    const response = await call(
      contact.action,
      post("/contact", { name: "", email: "nope", topic: "groups", message: "" }),
      {},
      context("192.0.2.2"),
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.data.error).sort()).toEqual(["email", "message", "name"]);
    const rows = await db().select().from(contactMessages).where(eq(contactMessages.email, "nope"));
    expect(rows).toEqual([]);
  });

  it("limits one IP to 10 messages an hour", async () => {
    const ip = "192.0.2.3";
    for (let index = 0; index < 10; index += 1) {
      expect((await call(contact.action, post("/contact", fields), {}, context(ip))).status).toBe(302);
    }
    const blocked = await call(contact.action, post("/contact", fields), {}, context(ip));
    expect(blocked.status).toBe(429);
    expect(blocked.data.error[""]).toEqual(["You've sent several messages in a short time. Please wait an hour, or email us directly."]);
  });

  // Last: it stops the mail double.
  it("keeps the message when the support email cannot be sent", async () => {
    await stopMail();
    const { submitContactMessage } = await import("../../app/server/admin/contact.server");
    const result = await submitContactMessage({ userId: null, ...fields, email: "outage@example.com", topicLabel: "Groups" });
    expect(result.emailed).toBe(false);
    const rows = await db().select().from(contactMessages).where(eq(contactMessages.email, "outage@example.com"));
    expect(rows).toHaveLength(1);
  });
});
