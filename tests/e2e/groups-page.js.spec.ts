import { expect, expectNoSeriousA11yViolations, test } from "./fixtures";
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
