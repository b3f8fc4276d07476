/** What a plain member sees of the sandbox clock (both projects). */
import { SAMPLE_MEMBERS } from "../../app/domain/demo-accounts";
import { expect, login, test } from "./fixtures";
import { clockCard } from "./money-clock.support";

test("a member who is not the group admin sees the sandbox time but cannot move it", async ({ page }) => {
  // Amina in the demo user's group: only read here, never moved (other specs read it).
  const amina = SAMPLE_MEMBERS[0];
  await login(page, amina.email, amina.password, { dashboard: false });
  await page.goto("/groups");
  await page
    .getByRole("region", { name: /Active/ })
    .getByRole("link", { name: "Family Savings Circle" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Family Savings Circle");
  const card = clockCard(page);
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(/^Sandbox time: (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \w+ \d{1,2}, \d{4}$/);
  await expect(card).toContainText("Time never moves back.");
  await expect(card.getByRole("button")).toHaveCount(0);
  await expect(card.getByRole("spinbutton")).toHaveCount(0);
});
