import type { Cookie } from "@playwright/test";
import { bankedMember, expect, expectNoSeriousA11yViolations, fixture, login, test } from "./fixtures";

/**
 * The pages issue 34 added or grew (ADR 041): the group page with its turn swaps and members' records, the report form,
 * /reports and the profile's payment record, each with no serious accessibility violations and no sideways scrolling
 * on a 320 px phone. One test per page's axe scan (issue 47: all in one test took 16 s quietly); the group and the
 * report are made once, in order in one worker.
 */
let groupId: string = "";
let cookies: Cookie[] = [];

test.describe("the trust pages", () => {
  test.describe.configure({ mode: "default" });

  test.beforeAll(async ({ browser }, testInfo) => {
    testInfo.setTimeout(120_000);
    const context = await browser.newContext({ baseURL: testInfo.project.use.baseURL });
    const page = await context.newPage();
    const suffix = Math.random().toString(36).slice(2, 7);
    const dana = await bankedMember(page, "trust-dana", "Dana Demo");
    const bo = await bankedMember(page, "trust-bo", "Bo Baker");
    const cy = await bankedMember(page, "trust-cy", "Cy Chen");
    const started = await fixture<{ groupId: string }>(page, "/groups/started", { admin: dana, members: [bo, cy], name: `Trust Circle ${suffix}` });
    groupId = started.groupId;
    await login(page, bo, "Secret123", { dashboard: false });
    // A report, so /reports has one to show.
    await page.goto(`/groups/${groupId}/report`);
    await page.getByRole("radio", { name: "Something else" }).check();
    await page.getByLabel("What happened?").fill("Checking how the pages look on a phone.");
    await page.getByRole("button", { name: "Send Report" }).click();
    await expect(page).toHaveURL(/\/reports$/);
    cookies = await context.cookies();
    await context.close();
  });

  const paths = () => [`/groups/${groupId}`, `/groups/${groupId}/report`, "/reports", "/profile"];
  const names = ["the group page", "the report form", "/reports", "/profile"];

  names.forEach((name, index) => {
    test(`${name} passes axe at 1280 px`, async ({ page, context }) => {
      await context.addCookies(cookies);
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(paths()[index]!);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoSeriousA11yViolations(page);
    });
  });

  test("the four pages fit a 320 px phone", async ({ page, context }) => {
    await context.addCookies(cookies);
    await page.setViewportSize({ width: 320, height: 900 });
    for (const path of paths()) {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // The page itself never scrolls sideways (a wide table or chart scrolls inside its own card).
      expect([path, await page.evaluate(() => document.documentElement.scrollWidth)]).toEqual([path, 320]);
    }
  });

  test("the group page shows the turn swaps and the members' records", async ({ page, context }) => {
    await context.addCookies(cookies);
    await page.goto(`/groups/${groupId}`);
    await expect(page.getByTestId("turn-swaps")).toBeVisible();
    await expect(page.getByTestId("member-record").first()).toHaveText(
      "Payment record across all their groups: No payment history yet · 0 cycles completed",
    );
  });
});
