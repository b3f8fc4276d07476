/**
 * Issue 33: the member pages at 375 px pass axe (no serious or critical violation) in their phone layout: stacked
 * tables, sideways-scrolling regions, long names wrapped. axe runs as a script in the page, so JavaScript only.
 *
 * One test per page (issue 47: one test with fourteen scans took 22-42 s, and timed out on a loaded machine); the
 * world is built once, in order in one worker, and each test signs in as its role by cookies.
 */
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { becomeRole, type PhoneWorld, phoneWorld, type Role } from "./phone-fit.support";

const MEMBER_PAGES: Array<{ as: Role; page: string; path: (world: PhoneWorld) => string }> = [
  { as: "demo", page: "/dashboard", path: () => "/dashboard" },
  { as: "demo", page: "/groups", path: () => "/groups" },
  { as: "demo", page: "a started group's page", path: (world) => `/groups/${world.startedGroupId}` },
  { as: "demo", page: "a started group's statement", path: (world) => `/groups/${world.startedGroupId}/statement` },
  { as: "demo", page: "/notifications", path: () => "/notifications" },
  { as: "demo", page: "/profile/bank-accounts", path: () => "/profile/bank-accounts" },
  { as: "demo", page: "/profile/notifications", path: () => "/profile/notifications" },
  { as: "demo", page: "/groups/create", path: () => "/groups/create" },
  { as: "newcomer", page: "a forming group's page", path: (world) => `/groups/${world.formingGroupId}` },
  { as: "newcomer", page: "/invitations", path: () => "/invitations" },
  { as: "newcomer", page: "a join page", path: (world) => `/groups/join/${encodeURIComponent(world.joinCode)}` },
  { as: "newcomer", page: "/profile", path: () => "/profile" },
  { as: "newcomer", page: "/profile/security", path: () => "/profile/security" },
  { as: "newcomer", page: "/profile/email", path: () => "/profile/email" },
];

let world: PhoneWorld;

test.describe("the member pages at 375 px have no serious accessibility violation", () => {
  // In order, in one worker: the world is set up once for all the pages.
  test.describe.configure({ mode: "default" });

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(120_000);
    world = await phoneWorld(browser, testInfo.project.use.baseURL ?? "");
  });

  for (const visit of MEMBER_PAGES) {
    test(`${visit.page} as ${visit.as}`, async ({ page, context }) => {
      await becomeRole(context, world, visit.as);
      await page.setViewportSize({ width: 375, height: 800 });
      const path = visit.path(world);
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await page.waitForFunction(() => "__reactRouterRouteModules" in window);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
