import AxeBuilder from "@axe-core/playwright";
import { appendFileSync } from "node:fs";
import axe, { type AxeResults } from "axe-core";
import { test as base, type Browser, type BrowserContext, type BrowserContextOptions, expect, type Page } from "@playwright/test";

export { expect };

export const DEMO = { email: "demo@rosca.example", password: "DemoSaver2026", name: "Dana Demo" };
export const ADMIN = { email: "admin@rosca.example", password: "AdminRosca2026", name: "Avery Admin" };

type Fixtures = {
  /** True in the "js" project, false in "nojs". */
  javaScript: boolean;
  /** With E2E_COUNT_FILE set, one JSON line per test there: its documents, axe scans and form sign-ins (ADR 060, part eight (q)). */
  counted: undefined;
};

/** What the running test has done so far (counted only with E2E_COUNT_FILE set). */
const counts = { documents: 0, axeScans: 0, logins: 0 };
const COUNT_FILE = process.env.E2E_COUNT_FILE;

/**
 * True once React has hydrated this document, or once it is clear that it never will (a document without the
 * catalogue file, `<script id="l10n">`: not one of the app's pages, or the root's own static error page).
 *
 * `hydrateRoot(document, …)` (app/entry.client.tsx) stores the root's fiber on the container under React's own
 * expando, `"__reactContainer$" + a random suffix` (react-dom 19.3.1, cjs/react-dom-client.production.js: the key at
 * line 1012; `hydrateRoot` at 18612 sets it at 18656 and, in the same synchronous call, attaches React's event listeners
 * to the container at 18657). Hydration itself then runs later, in a transition. That is enough for a test to act: a
 * discrete event (click, input, keydown, …: `discreteReplayableEvents`, line 18126) that reaches a still-dehydrated root
 * makes `dispatchEvent` (17907) hydrate the root synchronously at the sync lane (case 3 at 17943: `isDehydrated`, then
 * `flushSyncWorkAcrossRoots_impl` at 17958) and dispatch the event to the hydrated tree; React Router imports every
 * route module of the document before the entry runs, so that hydration does not suspend. Before the key is set, a
 * click is the browser's own (a form posted without JavaScript), which is what made the JS-only assertions fail.
 */
function documentReady() {
  if (Object.keys(document).some((key) => key.startsWith("__reactContainer$"))) return true;
  return document.readyState === "complete" && document.getElementById("l10n") === null;
}

/** What a document that did not hydrate had: its catalogue, React Router's modules, and when each file arrived. */
function hydrationState() {
  const arrived = performance
    .getEntriesByType("resource")
    .filter((entry) => /\/l10n\/|entry\.client/.test(entry.name))
    .map((entry) => `${new URL(entry.name).pathname.split("/").pop()} at ${Math.round((entry as PerformanceResourceTiming).responseEnd)} ms`);
  const loaded = Math.round((performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? -1);
  return `catalogue ${typeof (self as unknown as { __l10n?: string }).__l10n}, route modules ${"__reactRouterRouteModules" in self}, readyState ${document.readyState}, load at ${loaded} ms, ${arrived.join(", ")}`;
}

const hydrationAware = new WeakSet<Page>();
/** As long as an assertion may wait (playwright.config.ts `expect.timeout`): a loaded machine slows hydration too. */
const HYDRATION_TIMEOUT_MS = 15_000;

/**
 * With JavaScript on, every document load this page makes through goto, reload, goBack or goForward returns once
 * React has hydrated the document (`documentReady` above): a test's next click is then React's, never the no-JS
 * path's. `waitUntil: "commit"` is left as asked. Idempotent. Pages without JavaScript must not be given this.
 */
export function waitForHydrationOnLoads(page: Page): Page {
  if (hydrationAware.has(page)) return page;
  hydrationAware.add(page);
  const hydrated = async <T>(response: T, options?: { waitUntil?: string }) => {
    if (options?.waitUntil === "commit") return response;
    await page.waitForFunction(documentReady, undefined, { polling: 25, timeout: HYDRATION_TIMEOUT_MS }).catch(async (error: Error) => {
      const state = await page.evaluate(hydrationState).catch(() => "unknown");
      throw new Error(`${page.url()} did not hydrate within ${HYDRATION_TIMEOUT_MS / 1000} s of its load (${state}); ADR 060, part seven (p)`, {
        cause: error,
      });
    });
    return response;
  };
  const { goto, reload, goBack, goForward } = page;
  page.goto = async (url, options) => hydrated(await goto.call(page, url, options), options);
  page.reload = async (options) => hydrated(await reload.call(page, options), options);
  page.goBack = async (options) => hydrated(await goBack.call(page, options), options);
  page.goForward = async (options) => hydrated(await goForward.call(page, options), options);
  return page;
}

/** Every page of a context with JavaScript on (its first and any it opens later) waits for hydration on loads. */
function waitForHydrationInContext(context: BrowserContext) {
  for (const page of context.pages()) waitForHydrationOnLoads(page);
  context.on("page", waitForHydrationOnLoads);
  const { newPage } = context;
  context.newPage = async () => waitForHydrationOnLoads(await newPage.call(context));
}

export const test = base.extend<Fixtures>({
  javaScript: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
  // The worker's browser, with every context it makes with JavaScript on (the test's own, personPage's, a spec's
  // `browser.newContext`) waiting for hydration after each document load. JavaScript is on unless the options or the
  // project say otherwise; the nojs project's contexts are left as they are.
  browser: [
    async ({ browser }, use) => {
      const { newContext } = browser;
      browser.newContext = async (options) => {
        const context = await newContext.call(browser, options);
        if (COUNT_FILE) {
          context.on("request", (request) => {
            if (request.isNavigationRequest() && request.frame().parentFrame() === null) counts.documents++;
          });
        }
        // Playwright applies the project's `use` to every context (its default context options), so the options
        // given here rarely say: the project decides then.
        if ((options?.javaScriptEnabled ?? test.info().project.use.javaScriptEnabled) !== false) waitForHydrationInContext(context);
        return context;
      };
      await use(browser);
    },
    { scope: "worker" },
  ],
  counted: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern (none here).
    async ({}, use, testInfo) => {
      if (!COUNT_FILE) return use(undefined);
      Object.assign(counts, { documents: 0, axeScans: 0, logins: 0 });
      await use(undefined);
      appendFileSync(
        COUNT_FILE,
        `${JSON.stringify({ project: testInfo.project.name, file: testInfo.file.split("/").pop(), title: testInfo.title, ms: testInfo.duration, ...counts })}\n`,
      );
    },
    { auto: true },
  ],
  page: async ({ page, javaScript }, use) => {
    await use(javaScript ? waitForHydrationOnLoads(page) : page);
  },
});

/** A unique address per test and project, so parallel tests never share an inbox. */
export function uniqueEmail(prefix: string) {
  return `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * axe's full run (every rule, default options) over the page as it is now. axe-core is put into the document once and
 * run again for each later state of the same document: @axe-core/playwright's `analyze()` evaluates axe's source (about
 * 500 KB) in the page on every call and then again in a blank page it opens to put the frames' results together
 * (`finishRun`), a tab and a renderer per scan (ADR 060, part eight (q)). A page with frames still goes through it, for
 * its way of running axe in each frame; so does every page with E2E_AXE_BUILDER=1, to compare the two.
 */
async function axeResults(page: Page): Promise<AxeResults> {
  if (process.env.E2E_AXE_BUILDER || page.frames().length > 1) return new AxeBuilder({ page }).analyze();
  type WithAxe = { axe?: typeof axe };
  const present = await page.evaluate(() => typeof (window as unknown as WithAxe).axe?.run === "function");
  if (!present) await page.evaluate(axe.source);
  return page.evaluate(() => (window as unknown as Required<WithAxe>).axe.run(document, {}));
}

/** axe: no serious or critical accessibility violations on the current page. */
export async function expectNoSeriousA11yViolations(page: Page) {
  // axe runs as a script in the page; put accessibility checks in *.js.spec.ts files.
  const javaScriptOn = await page.evaluate(() => true).catch(() => false);
  if (!javaScriptOn) throw new Error("axe needs JavaScript in the page: move this check to a *.js.spec.ts file");
  counts.axeScans++;
  const results = await axeResults(page);
  const serious = results.violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`);
  expect(serious, "serious or critical axe violations").toEqual([]);
}

/**
 * Sign in as a test's set-up: the login form's own POST (what the form sends without JavaScript: the same action, the
 * same password check and session), made through the page's context, which keeps the session cookie; then the
 * dashboard, where the form lands. Not the form itself: the /login document, its hydration and the typing cost
 * Chromium about a document a sign-in in every test whose subject is elsewhere (ADR 060, part nine (y)). Tests about
 * the login form use `loginThroughForm`. `{ dashboard: false }` when the test's next step opens a page of its own.
 */
export async function login(page: Page, email: string, password: string, { dashboard = true }: { dashboard?: boolean } = {}) {
  counts.logins++;
  const response = await page.request.post("/login", { form: { intent: "login", email, password }, maxRedirects: 0 });
  expect(response.status(), `signing in as ${email}: ${response.status() === 302 ? "" : await response.text()}`).toBe(302);
  expect(response.headers().location, `signing in as ${email}`).toBe("/dashboard");
  if (!dashboard) return;
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Log in through the form, as a user would: for the tests about signing in. */
export async function loginThroughForm(page: Page, email: string, password: string) {
  counts.logins++;
  await page.goto("/login");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Log In", exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/**
 * A second person's browser beside the test's own page: a context of its own (the project's base URL and JavaScript
 * setting), signed in by login(). For a test about two people, so that neither is logged out for the other to
 * log in (each cycle is a logout, the login page, the password's hash and the dashboard, all beside the test's subject).
 * Signed in on no page yet: the caller opens the page it is about.
 */
export async function personPage(browser: Browser, email: string, password: string, options: BrowserContextOptions = {}) {
  const use = test.info().project.use;
  const context = await browser.newContext({ baseURL: use.baseURL, javaScriptEnabled: use.javaScriptEnabled !== false, ...options });
  const page = await context.newPage();
  await login(page, email, password, { dashboard: false });
  return { page, close: () => context.close() };
}

export async function logout(page: Page) {
  // The user menu is a <details>: open it, then press Logout (a POST form).
  const menu = page.locator('header details:has(form[action="/logout"])').filter({ visible: true }).first();
  await menu.locator("summary").first().click();
  await menu.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/**
 * The links of the newest email to `to` whose subject contains `subject`, as the dev mailbox's page lists them, read
 * from the mail double through the set-up API: not two or more documents in the browser (the mailbox, then the
 * message) in every test whose subject is elsewhere (ADR 060, part nine (y)); mailbox.spec.ts tests the mailbox's
 * pages. Polls briefly: sending happens during the request, but be forgiving of ordering.
 */
export async function emailLinks(page: Page, to: string, subject: string): Promise<string[]> {
  return (await newestEmail(page, to, subject)).links;
}

/** The newest email to `to` whose subject contains `subject` (emailLinks above): its id in the mail double and its links. */
export async function newestEmail(page: Page, to: string, subject: string): Promise<{ id: string; links: string[] }> {
  let email: { id: string; links: string[] } | undefined;
  await expect(async () => {
    const found = await fixture<{ id: string | null; links?: string[] }>(page, "/mail", { to, subject });
    expect(found.id, `an email to ${to} about "${subject}"`).not.toBeNull();
    email = { id: found.id!, links: found.links ?? [] };
  }).toPass({ timeout: 10_000 });
  return email!;
}

/**
 * Open the newest email to `to` whose subject contains `subject` in the dev mailbox's page, leaving the browser on it,
 * and return the links it lists. Polls briefly: sending happens during the request, but be forgiving of ordering.
 */
export async function openEmail(page: Page, to: string, subject: string): Promise<string[]> {
  await expect(async () => {
    await page.goto(`/dev/mailbox?${new URLSearchParams({ to })}`);
    await expect(page.getByRole("link", { name: subject }).first()).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 10_000 });
  await page.getByRole("link", { name: subject }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toContainText(subject);
  // The page streams: the heading can arrive before the links section has been parsed.
  const anchors = page.locator("section[aria-labelledby='links-heading'] a");
  await expect(anchors.first()).toBeVisible();
  const links = await anchors.evaluateAll((anchors) => anchors.map((anchor) => (anchor as HTMLAnchorElement).href));
  return links;
}

/**
 * The toast region's text (flash messages render server-side, so this works without JavaScript too). Its name is in
 * the page's language: "Notifications", "Notificaciones".
 */
export function toasts(page: Page) {
  return page.getByRole("region", { name: /^(Notifications|Notificaciones)$/ });
}

/** Register through the form and confirm the address by the link in its email, leaving the browser on /auth-success. */
export async function registerAndConfirm(page: Page, account: { name: string; email: string; password: string }) {
  await page.goto("/register");
  await page.getByLabel("Full name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm password").fill(account.password);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL(/\/login$/);
  const confirmLink = (await emailLinks(page, account.email, "Confirm your email address")).find((href) => href.includes("/auth/confirm"));
  expect(confirmLink, "a confirmation link").toBeTruthy();
  await page.goto(confirmLink!);
  await page.getByRole("button", { name: "Confirm Email" }).click();
  await expect(page).toHaveURL(/\/auth-success$/);
}

/**
 * The e2e server's set-up API (tests/e2e/fixture-api.ts), one port above the app the test talks to: for set-up that
 * other specs walk through in the browser (registration, confirmation, the admin's "Add User").
 */
export async function fixture<T = unknown>(page: Page, path: string, data: Record<string, unknown>): Promise<T> {
  const app = new URL(test.info().project.use.baseURL ?? "http://127.0.0.1:3100");
  const url = `${app.protocol}//${app.hostname}:${Number(app.port) + 1}${path}`;
  const response = await page.request.post(url, { data });
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The admin grants a registered user sandbox access ("Add User", as on /admin; admin.spec.ts drives the page). */
export async function grantSandboxAccess(page: Page, email: string) {
  await fixture(page, "/sandbox-access", { email });
}

/**
 * A fresh member with sandbox access: registered, confirmed from the email and granted access by the admin through
 * the app's own services (the set-up API), then signed in by login(), on /dashboard (`{ dashboard: false }`: signed in,
 * on no page yet, for a test whose next step opens a page of its own). Password "Secret123".
 */
export async function sandboxMember(page: Page, prefix: string, options: { dashboard?: boolean } = {}) {
  const email = uniqueEmail(prefix);
  await fixture(page, "/members", { name: "Bank Tester", email, password: "Secret123", sandbox: true });
  await login(page, email, "Secret123", options);
  return email;
}

/**
 * A member who could join a group at once: registered, confirmed, sandbox access, First Platypus Bank linked (through
 * the set-up API, as the member would link it). Not signed in. Password "Secret123".
 */
export async function bankedMember(page: Page, prefix: string, name: string, accounts?: BankAccountSpec[]) {
  const email = uniqueEmail(prefix);
  await fixture(page, "/members", { name, email, password: "Secret123", sandbox: true, bank: true, ...(accounts ? { accounts } : {}) });
  return email;
}

/** An account of a custom sandbox login (user_custom, sandbox/plaid/README.md): its balance in dollars. */
export type BankAccountSpec = { subtype: "checking" | "savings"; name: string; mask: string; balance: number };

/** That member accepts an invite code, as Accept and Join does (the set-up API). */
export async function joinWith(page: Page, email: string, code: string) {
  await fixture(page, "/join", { email, code });
}

/**
 * A fresh member (no sandbox access) registered and confirmed through the set-up API, then logged in, on /dashboard
 * (`{ dashboard: false }`: on no page yet, as for sandboxMember).
 */
export async function registeredMember(page: Page, email: string, name = "Bo Unce", options: { dashboard?: boolean } = {}) {
  await fixture(page, "/members", { name, email, password: "Secret123" });
  await login(page, email, "Secret123", options);
}
