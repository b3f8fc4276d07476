/**
 * A deployed demo (APP_ENV=demo, DEMO_DEPLOYMENT=true; ADR 011): the banner on every page, Secure cookies, and the
 * sandbox bank's no-JavaScript Link pages served on the app's own origin (host/sandbox-link-proxy.ts), since the bank
 * listens on the machine's loopback only. Real HTTP: an Express app with the proxy in front of the sandbox bank.
 * (Production's side of the same switches: production-mode.test.ts.)
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterAll, describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase({ bank: true });
process.env.APP_ENV = "demo";
process.env.DEMO_DEPLOYMENT = "true";
process.env.SESSION_SECRET = "s".repeat(48);
process.env.ENCRYPTION_KEY = Buffer.alloc(32, 3).toString("base64");
process.env.APP_URL = "https://rosca-demo.example";
process.env.DEMO_ADMIN_PASSWORD = "Deployed-Admin-2026";

const { sandboxLinkProxy } = await import("../../host/sandbox-link-proxy");
const { rejectCrossSiteWrites } = await import("../../host/app");
const root = await import("../../app/root");
const joinPage = await import("../../app/routes/groups.join.$inviteCode");
const groupsServer = await import("../../app/server/groups/groups.server");
const { createLinkToken } = await import("../../app/server/bank/bank.server");
const { createUser, sessionJarFor } = await import("../support/users");
const { call, get, post } = await import("../support/routes");
const { createSession } = await import("../../app/server/auth/session.server");

const bankUrl = process.env.PLAID_SANDBOX_URL!;
const proxy = express().use(sandboxLinkProxy(bankUrl));
const server = await new Promise<import("node:http").Server>((resolve) => {
  const listening = proxy.listen(0, "127.0.0.1", () => resolve(listening));
});
const proxyUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
// The proxy as host/app.ts mounts it: behind the host's cross-site write check.
const guarded = await new Promise<import("node:http").Server>((resolve) => {
  const listening = express()
    .use(rejectCrossSiteWrites)
    .use(sandboxLinkProxy(bankUrl))
    .listen(0, "127.0.0.1", () => resolve(listening));
});
const guardedUrl = `http://127.0.0.1:${(guarded.address() as AddressInfo).port}`;
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await new Promise((resolve) => guarded.close(resolve));
});

describe("a deployed demo", () => {
  it("says 'Demo — no real money' on every page, with the mailbox link", async () => {
    const result = await call(root.loader, get("/"));
    expect(result.data.demo).toEqual({ mailbox: true });
    const { renderToStaticMarkup } = await import("react-dom/server");
    const { createElement } = await import("react");
    const { DemoBanner } = await import("../../app/components/demo-banner");
    const { LocaleProvider } = await import("../../app/components/i18n");
    const { catalogueJson } = await import("../../app/server/platform/locale.server");
    const html = renderToStaticMarkup(
      createElement(LocaleProvider, { locale: "en-US", messages: catalogueJson("en-US"), children: createElement(DemoBanner, { mailbox: true }) }),
    );
    expect(html).toContain('<strong class="font-semibold">Demo — no real money.</strong> Banks are a sandbox and payments are simulated.');
    expect(html).toContain('<a href="/dev/mailbox"');
  });

  it("seeds the demo accounts, the admin with DEMO_ADMIN_PASSWORD instead of the README's", async () => {
    const { seedDemoData } = await import("../../scripts/lib/seed");
    const { authenticate } = await import("../../app/server/auth/accounts.server");
    const { ADMIN_ACCOUNT, DEMO_ACCOUNT } = await import("../../app/domain/demo-accounts");
    const { parseEnv } = await import("../../app/server/platform/env.server");
    const config = parseEnv(process.env);
    await seedDemoData({ adminPassword: config.DEMO_DEPLOYMENT ? config.DEMO_ADMIN_PASSWORD : undefined });
    expect(await authenticate(ADMIN_ACCOUNT.email, ADMIN_ACCOUNT.password)).toBeNull();
    expect(await authenticate(ADMIN_ACCOUNT.email, "Deployed-Admin-2026")).toMatchObject({ email: ADMIN_ACCOUNT.email, isAdmin: true });
    // The demo user keeps the README's password: trying the demo is the point.
    expect(await authenticate(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password)).toMatchObject({ email: DEMO_ACCOUNT.email, isAdmin: false });
  });

  it("sets Secure session cookies (it is served over HTTPS)", async () => {
    const user = await createUser();
    const cookie = await createSession(user.id, new Request("https://rosca-demo.example/login"), { remember: false });
    expect(cookie).toMatch(/;\s*Secure/i);
  });

  it("sets the device cookie of a sign-in Secure too", async () => {
    const { recordSignInDevice } = await import("../../app/server/notifications/account-alerts.server");
    const user = await createUser();
    const device = await recordSignInDevice(user.id, new Request("https://rosca-demo.example/login"));
    expect(device.setCookie).toMatch(/^rosca_device=.*;\s*Secure/i);
  });

  it("sends a browser without JavaScript to the bank's Link pages on the app's own origin", async () => {
    const admin = await createUser({ isPlaidSandboxAuthorized: true, hasBankAccount: true });
    const created = await groupsServer.createGroup(admin, {
      name: "Demo Circle",
      memberCount: 3,
      contributionCents: 5_000,
      payoutOrder: "fixed",
      schedule: { frequency: "weekly", dayOfWeek: 5, dayOfMonth: null },
      startOn: null,
      timeZone: "America/New_York",
      inviteeEmails: [],
    });
    if (!created.ok) throw new Error(created.error);
    const { db } = await import("../../app/server/db/client.server");
    const { groups } = await import("../../app/server/db/schema");
    const { eq } = await import("drizzle-orm");
    const [group] = await db().select().from(groups).where(eq(groups.id, created.groupId));
    const joiner = await createUser({ isPlaidSandboxAuthorized: true });
    const jar = await sessionJarFor(joiner.id);
    const result = await call(joinPage.action, post(`/groups/join/${group!.inviteCode}`, { intent: "start-link", terms: "on" }, jar), {
      inviteCode: group!.inviteCode,
    });
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^https:\/\/rosca-demo\.example\/link\?token=link-sandbox-/);
    expect(new URL(result.location!).searchParams.get("redirect_uri")).toBe(
      `https://rosca-demo.example/groups/join/${group!.inviteCode}?step=bank&terms=on`,
    );
  });

  it("serves the whole Link flow through the proxy, back to the app with a public token", async () => {
    const user = await createUser({ isPlaidSandboxAuthorized: true });
    const redirectUri = "https://rosca-demo.example/profile/bank-accounts";
    const token = await createLinkToken(user, { redirectUri });
    if (!token.ok) throw new Error(token.message);
    const form = (fields: Record<string, string>) => ({
      method: "POST",
      body: new URLSearchParams(fields),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      redirect: "manual" as const,
    });

    const banks = await fetch(`${proxyUrl}/link?${new URLSearchParams({ token: token.linkToken, redirect_uri: redirectUri })}`);
    expect(banks.status).toBe(200);
    expect(banks.headers.get("content-security-policy")).toContain("form-action 'self' https://rosca-demo.example");
    const banksHtml = await banks.text();
    expect(banksHtml).toContain("<h1>Select your bank</h1>");
    expect(banksHtml).toContain('action="/link/credentials"');

    const credentials = await fetch(`${proxyUrl}/link/credentials`, form({ token: token.linkToken, institution_id: "ins_109508" }));
    const credentialsHtml = await credentials.text();
    expect(credentialsHtml).toContain("<h1>Log in to First Platypus Bank</h1>");
    const linkSessionId = /name="link_session_id" value="([^"]+)"/.exec(credentialsHtml)![1]!;

    const login = await fetch(
      `${proxyUrl}/link/login`,
      form({ link_session_id: linkSessionId, institution_id: "ins_109508", username: "user_good", password: "pass_good" }),
    );
    const accountsHtml = await login.text();
    expect(accountsHtml).toContain("<h1>Select accounts at First Platypus Bank</h1>");
    const accountIds = [...accountsHtml.matchAll(/name="account_id" value="([^"]+)"/g)].map((match) => match[1]!);

    const selected = await fetch(`${proxyUrl}/link/select`, {
      ...form({}),
      body: new URLSearchParams([["link_session_id", linkSessionId], ...accountIds.map((id): [string, string] => ["account_id", id])]),
    });
    expect(selected.status).toBe(303);
    const back = new URL(selected.headers.get("location")!);
    expect(back.origin + back.pathname).toBe(redirectUri);
    // A Multi-Item Link token (ADR 049): back with the Link token; the public token goes to the app server to server.
    expect(back.searchParams.get("link_token")).toBe(token.linkToken);
    expect(back.searchParams.get("public_token")).toBeNull();
  });

  it("lets a browser without JavaScript leave at every Link step, back to the app with status=exit, past the host's cross-site check", async () => {
    const user = await createUser({ isPlaidSandboxAuthorized: true });
    const redirectUri = "https://rosca-demo.example/profile/bank-accounts";
    const token = await createLinkToken(user, { redirectUri });
    if (!token.ok) throw new Error(token.message);
    // What Chromium sends with a page's form post (measured): "Origin: null" when the page's Referrer-Policy is
    // no-referrer, the page's origin otherwise. The host refuses the first as cross-site.
    let referrerPolicy = "";
    const submit = (path: string, fields: Record<string, string>) =>
      fetch(`${guardedUrl}${path}`, {
        method: "POST",
        body: new URLSearchParams(fields),
        headers: {
          "Content-Type": "application/x-www-form-urlencoded",
          Origin: referrerPolicy === "no-referrer" ? "null" : guardedUrl,
          "Sec-Fetch-Site": "same-origin",
        },
        redirect: "manual",
      });
    const open = async () => {
      const page = await fetch(`${guardedUrl}/link?${new URLSearchParams({ token: token.linkToken, redirect_uri: redirectUri })}`);
      expect(page.status).toBe(200);
      referrerPolicy = page.headers.get("referrer-policy") ?? "";
      expect(referrerPolicy).toBe("same-origin");
      expect(await page.text()).toContain(`<form method="post" action="/link/exit"><input type="hidden" name="token"`);
    };
    const exitedToApp = async (answer: Response, withSession: boolean) => {
      expect(answer.status).toBe(303);
      const back = new URL(answer.headers.get("location")!);
      expect(back.origin + back.pathname).toBe(redirectUri);
      expect(back.searchParams.get("status")).toBe("exit");
      expect(back.searchParams.has("link_session_id")).toBe(withSession);
    };

    // "Select your bank": Exit.
    await open();
    await exitedToApp(await submit("/link/exit", { token: token.linkToken }), false);
    // The login step: Exit.
    await open();
    const credentials = await submit("/link/credentials", { token: token.linkToken, institution_id: "ins_109508" });
    expect(credentials.status).toBe(200);
    const firstSession = /name="link_session_id" value="([^"]+)"/.exec(await credentials.text())![1]!;
    await exitedToApp(await submit("/link/exit", { link_session_id: firstSession }), true);
    // "Select accounts": Exit.
    await open();
    const again = await submit("/link/credentials", { token: token.linkToken, institution_id: "ins_109508" });
    const session = /name="link_session_id" value="([^"]+)"/.exec(await again.text())![1]!;
    const login = await submit("/link/login", {
      link_session_id: session,
      institution_id: "ins_109508",
      username: "user_good",
      password: "pass_good",
    });
    expect(await login.text()).toContain("<h1>Select accounts at First Platypus Bank</h1>");
    await exitedToApp(await submit("/link/exit", { link_session_id: session }), true);
  });

  it("forwards nothing else of the bank: not its Plaid API, not its JSON Link endpoints", async () => {
    for (const path of ["/link/session/institutions", "/accounts/get", "/sandbox/public_token/create", "/transfer/create"]) {
      const answer = await fetch(`${proxyUrl}${path}`, { method: "POST", body: "{}", headers: { "Content-Type": "application/json" } });
      expect(answer.status, path).toBe(404);
    }
  });
});
