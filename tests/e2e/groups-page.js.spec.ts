import { SAMPLE_MEMBERS } from "../../app/domain/demo-accounts";
import { DEMO, expect, expectNoSeriousA11yViolations, login, test } from "./fixtures";
import { formingGroup } from "./groups-page.support";

test("the group page, /groups and the dashboard have no serious accessibility violations", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const group = await formingGroup(page, baseURL, "group-axe");
  for (const path of [`/groups/${group.id}`, "/groups", "/dashboard"]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  // The Group Not Found page too.
  await page.goto("/groups/00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Group Not Found");
  await expectNoSeriousA11yViolations(page);
});

test("an active group's page and a random-draw group's page have no serious accessibility violations", async ({ page }) => {
  await login(page, SAMPLE_MEMBERS[0].email, SAMPLE_MEMBERS[0].password);
  await page.goto("/groups");
  await page.getByRole("link", { name: "Family Savings Circle" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Family Savings Circle");
  await expectNoSeriousA11yViolations(page);

  await page.context().clearCookies();
  await login(page, DEMO.email, DEMO.password);
  await page.goto("/groups");
  await page
    .getByRole("region", { name: /Forming/ })
    .getByRole("link", { name: "Wedding Fund" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wedding Fund");
  await page.getByRole("region", { name: "Payout schedule" }).locator("summary").click();
  await expectNoSeriousA11yViolations(page);
});
