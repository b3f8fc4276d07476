/**
 * Signed-in documents are remembered by everything they are rendered from (app/server/platform/document-cache.server.ts;
 * ADR 059 part nine (t)). What a person must never notice: a second load of the same page is a page of its own (its own
 * CSP nonce, hydrated, the session's time from its own response), and a change shows on the next load.
 */
import type { Page, Response } from "@playwright/test";
import { expect, registeredMember, test, toasts, uniqueEmail } from "./fixtures";

/** The nonce the response's Content-Security-Policy allows, and the nonces its HTML's scripts carry. */
async function nonces(response: Response | null) {
  expect(response?.status()).toBe(200);
  const policy = response!.headers()["content-security-policy"] ?? "";
  const allowed = /'nonce-([^']+)'/.exec(policy)?.[1];
  const html = await response!.text();
  const carried = new Set([...html.matchAll(/<script nonce="([^"]+)"/g)].map((match) => match[1]));
  return { allowed, carried: [...carried], encoding: response!.headers()["content-encoding"], html };
}

function blockedScripts(page: Page) {
  const refused: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/.test(message.text())) refused.push(message.text());
  });
  return refused;
}

test("the same page loaded again has its own nonce and hydrates; a change to it shows on the next load", async ({ page }) => {
  const refused = blockedScripts(page);
  await registeredMember(page, uniqueEmail("document-cache"), "Noor Cache", { dashboard: false });

  // The first page after signing in shows the sign-in's toast (in its data): this one's render is not the next one's.
  await page.goto("/profile");
  await expect(toasts(page)).toContainText("Login Successful");
  const first = await nonces(await page.reload());
  const second = await nonces(await page.reload());
  expect(first.allowed).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(first.carried).toEqual([first.allowed]);
  expect(second.carried).toEqual([second.allowed]);
  expect(second.allowed).not.toBe(first.allowed);
  // The first load was rendered and compressed for it (brotli); the second is the same document, sent gzipped from the
  // copy compressed once, and the browser read the same page out of it.
  expect(first.encoding).toBe("br");
  expect(second.encoding).toBe("gzip");
  expect(second.html).toBe(first.html.replaceAll(first.allowed!, second.allowed!));
  // Both loads hydrated (the fixture's reload waits for it) with no script refused by the policy.
  await page.getByRole("link", { name: "Edit" }).click();
  await expect(page.getByLabel("Display name")).toHaveValue("Noor Cache");

  await page.getByLabel("Display name").fill("Noor Cached");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(toasts(page)).toContainText("Profile Updated");
  await page.goto("/profile");
  await expect(page.locator("header")).toContainText("Noor Cached");
  await page.reload();
  await expect(page.locator("header")).toContainText("Noor Cached");
  expect(refused).toEqual([]);
});

test("a document sent again goes to each client in a coding it takes", async ({ page }) => {
  await registeredMember(page, uniqueEmail("document-coding"), "Noor Coding");
  const load = async (acceptEncoding: string) => {
    const response = await page.request.get("/profile", { headers: { "Accept-Encoding": acceptEncoding } });
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const nonce = /'nonce-([^']+)'/.exec(headers["content-security-policy"] ?? "")?.[1] ?? "";
    // The page with its nonce taken out: the same document whichever way it came.
    const html = (await response.text()).replaceAll(nonce, "NONCE");
    return { encoding: headers["content-encoding"], vary: headers.vary, length: headers["content-length"], page: html };
  };
  const browser = "gzip, deflate, br, zstd";
  const first = await load(browser);
  expect(first.encoding).toBe("br");
  expect(first.page).toContain("Noor Coding");
  // Remembered now. A browser gets it gzipped (brotli would mean it was compressed again); a client without gzip gets it
  // in a coding it takes, and one that takes none gets it as it is, its length known.
  const again = await load(browser);
  expect(again).toMatchObject({ encoding: "gzip", vary: "Accept-Encoding", page: first.page });
  expect(await load("gzip;q=0, br")).toMatchObject({ encoding: "br", page: first.page });
  const plain = await load("identity");
  expect(plain).toMatchObject({ encoding: undefined, page: first.page });
  expect(Number(plain.length)).toBe(Buffer.byteLength(first.page.replaceAll("NONCE", "x".repeat(24))));
});

test("a page loaded as a document takes the session's time from its own response's Server-Timing header", async ({ page }) => {
  await registeredMember(page, uniqueEmail("document-timing"), "Noor Timing", { dashboard: false });
  const asked: string[] = [];
  await page.route("**/api/session", async (route) => {
    asked.push(route.request().method());
    if (route.request().method() !== "GET") return route.fallback();
    await route.fulfill({ json: { active: true, remainingMs: 5 * 60_000 } });
  });
  // The real header, then the same document said to have 5 minutes and 2 seconds left: the warning (5 minutes before
  // the end) is then due 2 seconds after the page's arrival, which only a timer that read the header can know.
  let header = "";
  await page.route("**/groups", async (route) => {
    const original = await route.fetch();
    header = original.headers()["server-timing"] ?? "";
    await route.fulfill({ response: original, headers: { ...original.headers(), "server-timing": "session;dur=302000" } });
  });
  await page.goto("/groups");
  expect(header).toMatch(/^session;dur=\d+$/);
  // The session was written at sign-in, moments ago: 30 minutes less the moments.
  const remaining = Number(header.split("dur=")[1]);
  expect(remaining).toBeGreaterThan(29 * 60_000);
  expect(remaining).toBeLessThanOrEqual(30 * 60_000);
  await expect(page.getByRole("alertdialog")).toContainText("Your session will expire in 5 minutes", { timeout: 15_000 });
  // One question, the warning's own check: the page's figure came from its header.
  expect(asked).toEqual(["GET"]);
});

test("without a Server-Timing header the timer asks the server once, without extending the session", async ({ page }) => {
  await registeredMember(page, uniqueEmail("document-no-timing"), "Noor Asks", { dashboard: false });
  await page.clock.install();
  const asked: string[] = [];
  await page.route("**/api/session", async (route) => {
    asked.push(route.request().method());
    if (route.request().method() !== "GET") return route.fallback();
    // The first answer sets the deadline 10 minutes out; the warning's own check (5 minutes before it) gets 5.
    await route.fulfill({ json: { active: true, remainingMs: (asked.length === 1 ? 10 : 5) * 60_000 } });
  });
  // As a browser that keeps Server-Timing from scripts (outside a secure context) would see the document.
  await page.route("**/groups", async (route) => {
    const original = await route.fetch();
    const headers = { ...original.headers() };
    delete headers["server-timing"];
    await route.fulfill({ response: original, headers });
  });
  await page.goto("/groups");
  await expect.poll(() => asked).toEqual(["GET"]);
  await page.clock.runFor("04:00");
  await expect(page.getByRole("alertdialog")).toBeHidden();
  expect(asked).toEqual(["GET"]);
  await page.clock.runFor("01:05");
  await expect(page.getByRole("alertdialog")).toContainText("Your session will expire in 5 minutes");
  // The warning's own checks ask too (runFor runs past the first while it is answered, which the timer takes for another
  // tab's activity and checks again); nothing extended the session.
  expect(asked.length).toBeGreaterThan(1);
  expect(asked.filter((method) => method !== "GET")).toEqual([]);
});
