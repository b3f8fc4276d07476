import { DEMO, expect, login, test } from "./fixtures";

// The demo user's running group (its clock is never moved by the suite): the charts are plain HTML and SVG from the
// server, so they read the same with JavaScript on and off.
test("an active group's pool chart, payout timeline and savings card read without JavaScript", async ({ page }) => {
  await login(page, DEMO.email, DEMO.password);

  const card = page.getByRole("group", { name: "Your savings in Family Savings Circle" });
  await expect(card).toContainText(/Paid in so far\s*\$\d+\.00 of \$300\.00/);
  await expect(card).toContainText(/Received\s*\$\d+\.00 of \$300\.00/);
  await expect(card).toContainText(/Your payout: turn 2 of 3 · \d of 3 paid/);
  await expect(card.locator("svg")).toHaveCount(3);

  await page.goto("/groups");
  await page.getByRole("link", { name: "Family Savings Circle" }).first().click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Family Savings Circle");

  // The timeline: three turns in order, Amina's paid (the seed ran her period), the demo user's turn named "You".
  const timeline = page.getByRole("region", { name: "Payout timeline", exact: true });
  const turns = timeline.getByRole("listitem");
  await expect(turns).toHaveCount(3);
  await expect(turns.nth(0)).toContainText("Turn 1Amina Yusuf");
  await expect(turns.nth(0)).toContainText("Paid");
  await expect(turns.nth(1)).toContainText("Turn 2You");

  // The pool chart: a drawing, a sentence and the numbers behind "Show the numbers".
  const pool = page.getByRole("region", { name: "Pool balance" });
  await expect(pool.locator('svg[data-chart="pool-balance"]')).toBeVisible();
  await expect(pool.locator("figcaption")).toHaveText(
    /^The pool holds \$\d+\.00 now: \$\d+\.00 has come in and \$\d+\.00 has been paid out so far\.$/,
  );
  const numbers = pool.getByRole("table", { name: "Pool balance by day" });
  await expect(numbers).toBeHidden();
  await pool.getByText("Show the numbers").click();
  await expect(numbers).toBeVisible();
  await expect(numbers.locator("thead")).toHaveText("DateMoney inPaid outPool balance");
  await expect(numbers.locator("tbody tr").first()).toContainText("$300.00");
});
