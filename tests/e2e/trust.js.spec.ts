import { bankedMember, expect, expectNoSeriousA11yViolations, fixture, login, test } from "./fixtures";

/**
 * The pages issue 34 added or grew (ADR 041): the group page with its turn swaps and members' records, the report form,
 * /reports and the profile's payment record, each with no serious accessibility violations and no sideways scrolling
 * on a 320 px phone.
 */
test("the trust pages pass axe and fit a 320 px phone", async ({ page }) => {
  test.setTimeout(120_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const dana = await bankedMember(page, "trust-dana", "Dana Demo");
  const bo = await bankedMember(page, "trust-bo", "Bo Baker");
  const cy = await bankedMember(page, "trust-cy", "Cy Chen");
  const { groupId } = await fixture<{ groupId: string }>(page, "/groups/started", { admin: dana, members: [bo, cy], name: `Trust Circle ${suffix}` });
  await login(page, bo, "Secret123");
  // A report, so /reports has one to show.
  await page.goto(`/groups/${groupId}/report`);
  await page.getByRole("radio", { name: "Something else" }).check();
  await page.getByLabel("What happened?").fill("Checking how the pages look on a phone.");
  await page.getByRole("button", { name: "Send Report" }).click();
  await expect(page).toHaveURL(/\/reports$/);

  for (const width of [1280, 320]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of [`/groups/${groupId}`, `/groups/${groupId}/report`, "/reports", "/profile"]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The page itself never scrolls sideways (a wide table or chart scrolls inside its own card).
      if (width === 320) expect([path, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([path, 320]);
      else await expectNoSeriousA11yViolations(page);
    }
  }
  await page.goto(`/groups/${groupId}`);
  await expect(page.getByTestId("turn-swaps")).toBeVisible();
  await expect(page.getByTestId("member-record").first()).toHaveText(
    "Payment record across all their groups: No payment history yet · 0 cycles completed",
  );
});
