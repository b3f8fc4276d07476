import type { Page } from "@playwright/test";
import { DEMO, emailLinks, expect, login, logout, sandboxMember, test } from "./fixtures";

/**
 * Issue 32 over real HTTP, through Express and React Router as `npm start` serves them: HTTP-level answers, the same
 * with JavaScript on or off, so they run once (the JavaScript project).
 */

test("a forged X-Forwarded-For is not believed: the sessions list shows the connection's address", async ({ page }) => {
  // TRUST_PROXY is unset here, as under `npm start`: no forwarding header is believed.
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": "203.0.113.99", "Fly-Client-IP": "198.51.100.66" });
  await sandboxMember(page, "forged-ip", { dashboard: false });
  await page.goto("/profile/security");
  const thisDevice = page.locator("li", { hasText: "This device" });
  await expect(thisDevice).toContainText("IP 127.0.0.1");
  await expect(page.locator("main")).not.toContainText("203.0.113.99");
  await expect(page.locator("main")).not.toContainText("198.51.100.66");
});

/**
 * Every route's page and data request, signed in as the demo user, in the route table's order: the routes whose index is
 * `half` modulo 2 (two tests, issue 47: the sweep took 11.6 s as one test at the machine's slow hours). Returns what
 * answered without `private, no-store`.
 */
async function routesWithoutPrivateCache(page: Page, half: 0 | 1) {
  const { appRoutePatterns, pathFor } = await import("../support/route-table");
  await login(page, DEMO.email, DEMO.password, { dashboard: false });
  const request = page.request;
  // Real values for the patterns' parameters, from the demo user's own pages.
  const groups = await (await request.get("/groups")).text();
  const groupId = /\/groups\/([0-9a-f-]{36})/.exec(groups)?.[1];
  const mailbox = await (await request.get("/dev/mailbox")).text();
  const messageId = /\/dev\/mailbox\/([0-9a-f-]{36})/.exec(mailbox)?.[1];
  const notifications = (await (await request.get("/api/notifications")).json()) as { notifications: Array<{ id: string }> };
  const params = {
    groupId: groupId ?? "",
    inviteCode: "a-code-nobody-was-given-0000",
    id: notifications.notifications[0]?.id ?? "1",
    messageId: messageId ?? "",
  };
  expect(Object.values(params).every(Boolean), JSON.stringify(params)).toBe(true);

  const wrong: string[] = [];
  const routes = (await appRoutePatterns()).filter((_, index) => index % 2 === half);
  expect(routes.length).toBeGreaterThan(10);
  for (const { pattern, file } of routes) {
    // /blog/:id and /api/notifications/:id share the name: a blog post's id is a number.
    const path = pathFor(pattern, pattern.startsWith("/blog") ? { ...params, id: "1" } : params);
    const urls = [path, path === "/" ? "/_.data" : `${path}.data`];
    for (const url of urls) {
      const response = await request.get(url, { maxRedirects: 0 });
      const header = response.headers()["cache-control"];
      if (header !== "private, no-store") wrong.push(`${url} (${file}): ${response.status()} ${header ?? "no Cache-Control"}`);
    }
  }
  return wrong;
}

test("every route of app/routes.ts answers a signed-in visitor with Cache-Control: private, no-store, pages, data requests and redirects alike (the first half)", async ({
  page,
}) => {
  expect(await routesWithoutPrivateCache(page, 0)).toEqual([]);
});

test("every route of app/routes.ts answers a signed-in visitor with Cache-Control: private, no-store (the second half), and a signed-in form's redirect too", async ({
  page,
  baseURL,
}) => {
  const wrong = await routesWithoutPrivateCache(page, 1);
  // A form posted signed in: its redirect too.
  const posted = await page.request.post("/profile/notifications", { form: {}, maxRedirects: 0, headers: { Origin: new URL(baseURL!).origin } });
  expect(posted.status()).toBe(302);
  if (posted.headers()["cache-control"] !== "private, no-store") wrong.push(`POST /profile/notifications: ${posted.headers()["cache-control"]}`);
  expect(wrong).toEqual([]);
});

test("the public pages keep their cache for anonymous visitors, and the token forms do not", async ({ page, request }) => {
  for (const path of ["/", "/about", "/help"]) {
    const response = await request.get(path);
    expect([path, response.status(), response.headers()["cache-control"]]).toEqual([path, 200, undefined]);
  }
  // A reset link's form carries its token: private even for an anonymous visitor.
  const email = await sandboxMember(page, "reset-cache");
  await logout(page);
  const asked = await page.request.post("/login", { form: { intent: "reset-request", email }, headers: { Origin: new URL(page.url()).origin } });
  expect(asked.status()).toBe(200);
  const resetLink = (await emailLinks(page, email, "Reset your Rosca password")).find((href) => href.includes("/reset-password?"));
  expect(resetLink).toBeTruthy();
  const form = await page.request.get(resetLink!, { maxRedirects: 0 });
  expect([form.status(), form.headers()["cache-control"]]).toEqual([200, "private, no-store"]);
});

test("TRACE is a 405 with Allow, and a POST to a page without a form a 405 with Allow: GET, HEAD", async ({ request }) => {
  for (const path of ["/", "/about", "/dashboard", "/no-such-page"]) {
    const traced = await request.fetch(path, { method: "TRACE" });
    expect([path, traced.status(), traced.headers().allow]).toEqual([path, 405, "GET, HEAD, POST"]);
  }
  const posted = await request.post("/about", { form: {}, maxRedirects: 0 });
  expect([posted.status(), posted.headers().allow]).toEqual([405, "GET, HEAD"]);
});
