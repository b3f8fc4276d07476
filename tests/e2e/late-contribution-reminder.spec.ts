/**
 * Issue 44, journey three (late-contribution.support.ts): the group's admin, on a 320 px phone, sees Lena's declined
 * contribution on the group page with its next step and the date support takes it up, and reminds her; a second
 * reminder or request the same day is refused with the day and the day another can go, and goes the next day.
 */
import { bankDayOnOrAfter } from "../../app/domain/bank-days";
import { addDays } from "../../app/domain/schedule";
import { expect, test, toasts } from "./fixtures";
import { advanceTo, expectPhoneFit, full, lateGroup, memberPage, PHONE } from "./late-contribution.support";

test.use({ viewport: PHONE });

test("the admin sees the waiting member and a next step, reminds once, and is told when the next can go", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const { name, lena, due } = await lateGroup(page);
  await advanceTo(page, due);
  const retry = bankDayOnOrAfter(addDays(due, 3));

  const card = page.getByTestId("late-members");
  await expect(card.getByRole("heading", { level: 2 })).toHaveText("Late contributions");
  const entry = card.getByTestId("late-member");
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(`Lena Late: $100.00 due ${full(due)}, waiting 0 days`);
  await expect(entry).toContainText(`Next automatic attempt: ${full(retry)} (attempt 2).`);
  await expect(entry).toContainText(`If it is still unpaid on ${full(addDays(due, 14))}, Rosca's support team takes it up with you and the member.`);
  await expectPhoneFit(page);

  await entry.getByRole("button", { name: "Send a reminder to Lena Late" }).click();
  await expect(toasts(page)).toContainText("Reminder sent");
  await expect(toasts(page)).toContainText("Lena Late was told by email and in the app.");

  // Again the same day, a reminder or a request to pay now: refused, with the day and the next.
  const refusal = `A reminder or request was already sent to Lena Late today, ${full(due)}. You can send another on ${full(addDays(due, 1))}.`;
  await page.getByTestId("late-member").getByRole("button", { name: "Send a reminder to Lena Late" }).click();
  await expect(toasts(page)).toContainText(refusal);
  await page.getByTestId("late-member").getByRole("button", { name: "Ask to pay now (Lena Late)" }).click();
  await expect(toasts(page)).toContainText(refusal);

  // The next day the request goes.
  await advanceTo(page, addDays(due, 1));
  await page.getByTestId("late-member").getByRole("button", { name: "Ask to pay now (Lena Late)" }).click();
  await expect(toasts(page)).toContainText("Request sent");

  // Lena has the reminder and the request in her notifications, with the amount and the due day.
  const lenaSide = await memberPage(browser, lena);
  try {
    await lenaSide.page.goto("/notifications");
    const main = lenaSide.page.locator("main");
    await expect(main).toContainText(`Reminder: your contribution to ${name} is late`);
    await expect(main).toContainText(`Your group admin asks you to pay your late contribution to ${name}`);
    await expect(main).toContainText(`Your $100.00 contribution due ${full(due)} has not gone through.`);
    await expectPhoneFit(lenaSide.page);
  } finally {
    await lenaSide.close();
  }
});
