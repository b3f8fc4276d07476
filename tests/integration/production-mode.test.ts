/**
 * Production keeps the demo out: no "Demo — no real money" banner (there is money), no demo account on the login page,
 * Secure cookies, and the sandbox bank's Link pages never served. (A deployed demo: demo-deployment.test.ts; the
 * refusal to start without real secrets: app/server/platform/env.server.test.ts.)
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
// A complete production configuration. Nothing here sends email or calls Plaid.
Object.assign(process.env, {
  APP_ENV: "production",
  SESSION_SECRET: "p".repeat(48),
  ENCRYPTION_KEY: Buffer.alloc(32, 5).toString("base64"),
  APP_URL: "https://rosca.example",
  POSTMARK_SERVER_TOKEN: "server-token",
  PLAID_ENV: "production",
  PLAID_CLIENT_ID: "client-id",
  PLAID_SECRET: "plaid-secret",
});
delete process.env.MAIL_SANDBOX_URL;
delete process.env.PLAID_SANDBOX_URL;

const root = await import("../../app/root");
const login = await import("../../app/routes/login");
const { env, sandboxLinkPagesUrl } = await import("../../app/server/platform/env.server");
const { call, get } = await import("../support/routes");

describe("production", () => {
  it("has no demo banner and no demo account", async () => {
    expect(env().APP_ENV).toBe("production");
    expect((await call(root.loader, get("/"))).data.demo).toBeNull();
    expect((await call(login.loader, get("/login"))).data).toMatchObject({ demo: null });
  });

  it("sets Secure session cookies", async () => {
    const { createUser } = await import("../support/users");
    const { createSession } = await import("../../app/server/auth/session.server");
    const user = await createUser();
    expect(await createSession(user.id, new Request("https://rosca.example/login"), { remember: false })).toMatch(/;\s*Secure/i);
  });

  it("never points a browser at sandbox Link pages", () => {
    expect(sandboxLinkPagesUrl()).toBeUndefined();
  });
});
