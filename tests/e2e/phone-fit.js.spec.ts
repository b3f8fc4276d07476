/**
 * Issue 33: the member pages at 375 px pass axe (no serious or critical violation) in their phone layout: stacked
 * tables, sideways-scrolling regions, long names wrapped. axe runs as a script in the page, so JavaScript only.
 */
import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
import { becomeRole, type PhoneWorld, phoneWorld, type Role } from "./phone-fit.support";

const MEMBER_PAGES: Array<{ as: Role; path: (world: PhoneWorld) => string }> = [
  { as: "demo", path: () => "/dashboard" },
  { as: "demo", path: () => "/groups" },
  { as: "demo", path: (world) => `/groups/${world.startedGroupId}` },
  { as: "demo", path: (world) => `/groups/${world.startedGroupId}/statement` },
  { as: "demo", path: () => "/notifications" },
  { as: "demo", path: () => "/profile/bank-accounts" },
  { as: "demo", path: () => "/profile/notifications" },
  { as: "demo", path: () => "/groups/create" },
  { as: "newcomer", path: (world) => `/groups/${world.formingGroupId}` },
  { as: "newcomer", path: () => "/invitations" },
  { as: "newcomer", path: (world) => `/groups/join/${encodeURIComponent(world.joinCode)}` },
  { as: "newcomer", path: () => "/profile" },
  { as: "newcomer", path: () => "/profile/security" },
  { as: "newcomer", path: () => "/profile/email" },
];

test("the member pages at 375 px have no serious accessibility violation", async ({ browser, page, context }, testInfo) => {
  test.setTimeout(180_000);
  const world = await phoneWorld(browser, testInfo.project.use.baseURL ?? "");
  await page.setViewportSize({ width: 375, height: 800 });
  let role: Role | null = null;
  for (const visit of MEMBER_PAGES) {
    if (visit.as !== role) {
      await becomeRole(context, world, visit.as);
      role = visit.as;
    }
    const path = visit.path(world);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await page.waitForFunction(() => "__reactRouterRouteModules" in window);
    await test.step(path, () => expectNoSeriousA11yViolations(page));
  }
});
