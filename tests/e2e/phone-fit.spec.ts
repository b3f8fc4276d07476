/**
 * Issue 33: every page fits from 320 px up. Each route of app/routes.ts is opened at 320, 375, 768 and 1280 px, with
 * JavaScript on and off, by whoever can see it (phone-fit.support.ts), and the page must not scroll sideways:
 * document.documentElement.scrollWidth may not exceed window.innerWidth. A failure names the route, the width and by
 * how many pixels, and the outermost elements that stick out.
 *
 * The table below says how each route is visited; a route added to app/routes.ts without a line here fails the test
 * (it walks appRoutePatterns(), the real route config). A route that serves no page (JSON, a file, a webhook) is
 * fetched instead, and must indeed not answer HTML.
 *
 * CPU: one page load per visit per width; one browser context per width, whose cookies are swapped between roles.
 */
import { appRoutePatterns, type RouteFile } from "../support/route-table";
import { expect, test } from "./fixtures";
import { becomeRole, type PhoneWorld, phoneWorld, type Role } from "./phone-fit.support";

const WIDTHS = [320, 375, 768, 1280];

type Visit = { as: Role; path: (world: PhoneWorld) => string };
/** A page: opened in the browser. */
const page = (as: Role, path: string | ((world: PhoneWorld) => string)): Visit => ({ as, path: typeof path === "string" ? () => path : path });
/** Not a page (JSON, a file, a webhook, a probe): fetched, and it must not answer HTML. */
type Resource = { resource: Role; path: (world: PhoneWorld) => string };
const resource = (as: Role, path: string | ((world: PhoneWorld) => string)): Resource => ({
  resource: as,
  path: typeof path === "string" ? () => path : path,
});

const started = (world: PhoneWorld) => `/groups/${world.startedGroupId}`;

/** Every pattern of app/routes.ts: how it is seen. */
const ROUTES: Record<string, Visit[] | Resource> = {
  "/": [page("visitor", "/"), page("demo", "/")],
  "/login": [page("visitor", "/login")],
  "/register": [page("visitor", "/register")],
  "/reset-password": [page("visitor", (world) => world.resetPath)],
  "/auth-success": [page("visitor", "/auth-success")],
  "/auth/confirm": [page("visitor", "/auth/confirm")],
  // GET /logout goes home (signing out is a POST).
  "/logout": [page("demo", "/logout")],
  // GET /language goes home (choosing a language is a POST, ADR 056).
  "/language": [page("visitor", "/language")],
  "/about": [page("visitor", "/about")],
  "/careers": [page("visitor", "/careers")],
  "/contact": [page("visitor", "/contact")],
  "/blog": [page("visitor", "/blog")],
  "/blog/:id": [page("visitor", "/blog/1")],
  "/help": [page("visitor", "/help")],
  "/sharia": [page("visitor", "/sharia")],
  "/privacy": [page("visitor", "/privacy")],
  "/terms": [page("visitor", "/terms")],
  "/security": [page("visitor", "/security")],
  "/legal/terms": [page("visitor", "/legal/terms")],
  "/legal/privacy": [page("visitor", "/legal/privacy")],
  "/dashboard": [page("demo", "/dashboard"), page("newcomer", "/dashboard")],
  "/groups": [page("demo", "/groups"), page("newcomer", "/groups")],
  "/groups/create": [page("demo", "/groups/create")],
  "/groups/join/:inviteCode": [page("newcomer", (world) => `/groups/join/${encodeURIComponent(world.joinCode)}`)],
  "/invitations": [page("newcomer", "/invitations")],
  "/groups/:groupId": [page("demo", started), page("newcomer", (world) => `/groups/${world.formingGroupId}`)],
  "/groups/:groupId/calendar.ics": resource("demo", (world) => `${started(world)}/calendar.ics`),
  "/groups/:groupId/statement": [page("demo", (world) => `${started(world)}/statement`)],
  "/groups/:groupId/statement.csv": resource("demo", (world) => `${started(world)}/statement.csv`),
  "/groups/:groupId/report": [page("demo", (world) => `${started(world)}/report`)],
  "/groups/:groupId/pay": [page("demo", (world) => `${started(world)}/pay`)],
  "/groups/:groupId/accept-payout": [page("demo", (world) => `${started(world)}/accept-payout`)],
  "/reports": [page("demo", "/reports"), page("newcomer", "/reports")],
  "/profile": [page("newcomer", "/profile")],
  "/profile/bank-accounts": [page("demo", "/profile/bank-accounts")],
  // Redirects to /profile/bank-accounts.
  "/profile/bank": [page("newcomer", "/profile/bank")],
  "/profile/security": [page("newcomer", "/profile/security")],
  "/profile/email": [page("newcomer", "/profile/email")],
  "/profile/notifications": [page("demo", "/profile/notifications")],
  "/admin": [page("admin", "/admin")],
  "/notifications": [page("demo", "/notifications")],
  // GET redirects to the dashboard (asking is a POST).
  "/sandbox-access/request": [page("newcomer", "/sandbox-access/request")],
  "/api/session": resource("demo", "/api/session"),
  "/api/notifications": resource("demo", "/api/notifications"),
  "/api/notifications/:id/read": resource("demo", "/api/notifications/1/read"),
  "/api/bank/link": resource("demo", "/api/bank/link"),
  "/api/bank/accounts": resource("demo", "/api/bank/accounts"),
  "/api/groups/create": resource("demo", "/api/groups/create"),
  "/webhooks/plaid": resource("visitor", "/webhooks/plaid"),
  "/webhooks/postmark": resource("visitor", "/webhooks/postmark"),
  "/healthz": resource("visitor", "/healthz"),
  "/readyz": resource("visitor", "/readyz"),
  "/dev/mailbox": [page("newcomer", "/dev/mailbox")],
  "/dev/mailbox/:messageId": [page("newcomer", (world) => `/dev/mailbox/${world.messageId}`)],
  // Anything else goes home.
  "/*": [page("visitor", "/no-such-page")],
};

const ROLE_ORDER: Role[] = ["visitor", "demo", "newcomer", "admin"];

/** The visits grouped by role (one cookie swap per role), in route order within each. */
function visitsByRole(routes: RouteFile[]) {
  const byRole = new Map<Role, Array<{ pattern: string; visit: Visit }>>(ROLE_ORDER.map((role) => [role, []]));
  for (const { pattern } of routes) {
    const how = ROUTES[pattern];
    if (Array.isArray(how)) for (const visit of how) byRole.get(visit.as)!.push({ pattern, visit });
  }
  return byRole;
}

let world: PhoneWorld;

test.describe("every page fits the screen, from 320 px up", () => {
  // In order, in one worker: the world is set up once for the four widths.
  test.describe.configure({ mode: "default" });

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(120_000);
    world = await phoneWorld(browser, testInfo.project.use.baseURL ?? "");
  });

  test("every route of app/routes.ts has a visit here, and what is not a page answers no HTML", async ({ request, playwright }, testInfo) => {
    const routes = await appRoutePatterns();
    const patterns = routes.map((route) => route.pattern);
    expect(
      patterns.filter((pattern) => !(pattern in ROUTES)),
      "routes of app/routes.ts without a line in ROUTES",
    ).toEqual([]);
    expect(
      Object.keys(ROUTES).filter((pattern) => !patterns.includes(pattern)),
      "lines in ROUTES for routes app/routes.ts no longer has",
    ).toEqual([]);
    // Every width's tests below visit them all, role by role.
    expect([...visitsByRole(routes).values()].flat().length).toBeGreaterThan(30);
    // The resources, fetched as their role: none may be an HTML page (that one needs a visit instead).
    const baseURL = testInfo.project.use.baseURL ?? "";
    const contexts = new Map<Role, typeof request>();
    const pages: string[] = [];
    for (const [pattern, how] of Object.entries(ROUTES)) {
      if (Array.isArray(how)) continue;
      let context = contexts.get(how.resource);
      if (!context) {
        context = await playwright.request.newContext({ baseURL, storageState: { cookies: world.cookies[how.resource], origins: [] } });
        contexts.set(how.resource, context);
      }
      const response = await context.get(how.path(world), { maxRedirects: 0 });
      const type = response.headers()["content-type"] ?? "";
      if (type.startsWith("text/html")) pages.push(`${pattern}: ${response.status()} ${type}`);
    }
    for (const context of contexts.values()) await context.dispose();
    expect(pages, "routes listed as resources that answer an HTML page").toEqual([]);
  });

  // A test per width and role (issue 47: a width's 45 pages in one test took 12-16 s on a busy machine).
  for (const width of WIDTHS) {
    for (const role of ROLE_ORDER) {
      test(`no page scrolls sideways at ${width} px, as ${role}`, async ({ page, context, javaScript }) => {
        await page.setViewportSize({ width, height: 800 });
        const visits = visitsByRole(await appRoutePatterns()).get(role)!;
        expect(visits.length, `pages visited as ${role}`).toBeGreaterThan(0);
        const tooWide: string[] = [];
        const squeezedWords: string[] = [];
        let visited = 0;
        await becomeRole(context, world, role);
        for (const { pattern, visit } of visits) {
          const path = visit.path(world);
          const response = await page.goto(path);
          expect(response?.status(), `${path} as ${role}`).toBeLessThan(500);
          // With JavaScript the islands (Copy Link, Share, the session timer) render once the page has hydrated.
          if (javaScript) await page.waitForFunction(() => "__reactRouterRouteModules" in window);
          const fit = await page.evaluate(() => {
            const viewport = window.innerWidth;
            const over = document.documentElement.scrollWidth - viewport;
            // A one-word label squeezed by its neighbours breaks mid-word ("A b r i r", "Apo rte" at 320 px in Spanish):
            // a button's, a link's or a term's single word on more than one line.
            const squeezed: string[] = [];
            for (const element of document.body.querySelectorAll("button, a, dt, th, label")) {
              const text = (element.textContent ?? "").trim();
              // (An address, a link's URL or a long name is one "word" that must wrap; a label is short.)
              if (text.length < 2 || text.length > 20 || /[\s@/]/.test(text) || element.getClientRects().length === 0) continue;
              // Its visible text only (not an icon beside it, nor a screen reader's words clipped to a pixel).
              const lines = new Set<number>();
              const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
              for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                const box = node.parentElement?.getBoundingClientRect();
                if (!box || box.width <= 1 || box.height <= 1 || !node.textContent?.trim()) continue;
                const range = document.createRange();
                range.selectNodeContents(node);
                for (const rect of range.getClientRects()) if (rect.width > 0) lines.add(Math.round(rect.top));
              }
              if (lines.size > 1) squeezed.push(`${element.tagName.toLowerCase()} "${text.slice(0, 30)}" on ${lines.size} lines`);
            }
            if (over <= 0) return { over, culprits: [] as string[], squeezed };
            // The outermost elements past the right edge that nothing clips (a scrolling region's content is fine): what to fix.
            const clipped = (element: Element) => {
              for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
                if (getComputedStyle(parent).overflowX !== "visible") return true;
              }
              return false;
            };
            const sticksOut = (element: Element | null) => !!element && element.getBoundingClientRect().right > viewport + 0.5 && !clipped(element);
            const culprits: string[] = [];
            for (const element of document.body.querySelectorAll("*")) {
              if (!sticksOut(element) || sticksOut(element.parentElement)) continue;
              const label = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.getAttribute("class") ?? "")
                .split(/\s+/)
                .slice(0, 4)
                .join(".")}`;
              culprits.push(
                `${label} "${(element.textContent ?? "").trim().slice(0, 40)}" (right edge at ${Math.round(element.getBoundingClientRect().right)} px)`,
              );
            }
            return { over, culprits: culprits.slice(0, 5), squeezed };
          });
          visited += 1;
          if (fit.squeezed.length > 0) squeezedWords.push(`${pattern} (${path}, as ${role}) at ${width} px: ${fit.squeezed.join("; ")}`);
          if (fit.over > 0) {
            tooWide.push(
              `${pattern} (${path}, as ${role}) at ${width} px: ${fit.over} px wider than the screen; sticking out: ${fit.culprits.join("; ")}`,
            );
          }
        }
        expect(visited).toBe(visits.length);
        expect(tooWide, `pages that scroll sideways at ${width} px as ${role}`).toEqual([]);
        expect(squeezedWords, `one-word labels broken mid-word at ${width} px as ${role}`).toEqual([]);
      });
    }
  }
});
