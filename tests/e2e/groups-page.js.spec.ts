import type { Cookie } from "@playwright/test";
import { SAMPLE_MEMBERS } from "../../app/domain/demo-accounts";
import { DEMO, expect, expectNoSeriousA11yViolations, login, test } from "./fixtures";
import { formingGroup } from "./groups-page.support";

// One test per page (issue 47: the four scans in one test took 31 s on a busy machine); the group is made once.
test.describe("the group page, /groups and the dashboard have no serious accessibility violations", () => {
  let groupId = "";
  let cookies: Cookie[] = [];
  test.beforeAll(async ({ browser }, testInfo) => {
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const group = await formingGroup(await context.newPage(), testInfo.project.use.baseURL, "group-axe");
    groupId = String(group.id);
    cookies = await context.cookies();
    await context.close();
  });

  for (const [name, path] of [
    ["a forming group's page", () => `/groups/${groupId}`],
    ["/groups", () => "/groups"],
    ["/dashboard", () => "/dashboard"],
  ] as const) {
    test(name, async ({ page, context }) => {
      await context.addCookies(cookies);
      await page.goto(path());
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("the Group Not Found page", async ({ page, context }) => {
    await context.addCookies(cookies);
    await page.goto("/groups/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Group Not Found");
    await expectNoSeriousA11yViolations(page);
  });
});

test("an active group's page and a random-draw group's page have no serious accessibility violations", async ({ page }) => {
  await login(page, SAMPLE_MEMBERS[0].email, SAMPLE_MEMBERS[0].password, { dashboard: false });
  await page.goto("/groups");
  await page.getByRole("link", { name: "Family Savings Circle" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Family Savings Circle");
  await expectNoSeriousA11yViolations(page);

  await page.context().clearCookies();
  await login(page, DEMO.email, DEMO.password, { dashboard: false });
  await page.goto("/groups");
  await page
    .getByRole("region", { name: /Forming/ })
    .getByRole("link", { name: "Wedding Fund" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wedding Fund");
  await page.getByRole("region", { name: "Payout schedule" }).locator("summary").click();
  await expectNoSeriousA11yViolations(page);
});
