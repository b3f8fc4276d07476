import { formatCalendarDay } from "../../app/domain/format";
import { addDays, todayIn } from "../../app/domain/schedule";
import { turnPayoutText } from "../../app/domain/swaps";
import { bankedMember, emailLinks, expect, fixture, login, logout, test, toasts } from "./fixtures";

const lower = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Turn swaps with consent (ADR 041), with JavaScript on and off: in a running group of three, the second member
 * proposes to swap turns with the third, who accepts, and the group's admin approves; the schedule then shows the new
 * order and the order's record the one before. Every step is a plain form post.
 */
test("propose → accept → approve a turn swap: the schedule changes, and the order's record keeps the one before", async ({ page }) => {
  test.setTimeout(150_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const admin = await bankedMember(page, "swap-admin", "Dana Demo");
  const bo = await bankedMember(page, "swap-bo", "Bo Baker");
  const cy = await bankedMember(page, "swap-cy", "Cy Chen");
  const name = `Swap Circle ${suffix}`;
  const { groupId } = await fixture<{ groupId: string }>(page, "/groups/started", { admin, members: [bo, cy], name });
  const schedule = () => page.getByRole("table", { name: "Payout schedule", exact: true }).locator("tbody tr");
  // The fixture's group is weekly on the weekday three days from today in New York.
  const today = todayIn("America/New_York", new Date());
  const due = [3, 10, 17].map((days) => addDays(today, days));

  // Bo (turn 2) proposes to take Cy's turn 3.
  await login(page, bo, "Secret123", { dashboard: false });
  await page.goto(`/groups/${groupId}`);
  const swaps = page.getByTestId("turn-swaps");
  await expect(swaps.getByRole("heading", { name: "Turn swaps" })).toBeVisible();
  await swaps.getByLabel("Swap my turn with").selectOption({ label: await swaps.locator("option", { hasText: "Cy Chen" }).innerText() });
  await swaps.getByRole("button", { name: "Propose Swap" }).click();
  await expect(toasts(page)).toContainText("Swap proposed");
  await expect(page.getByTestId("open-swap")).toContainText("You (turn 2");
  await expect(page.getByTestId("open-swap")).toContainText("Waiting for an answer");

  // Cy is told, and accepts from the group page.
  await logout(page);
  await login(page, cy, "Secret123", { dashboard: false });
  await page.goto("/notifications");
  await expect(page.locator("main")).toContainText(`Bo Baker asks to swap turns in ${name}`);
  await page.goto(`/groups/${groupId}`);
  // The person asked is asked (issue 45), and reads what they give up and get, by each payout's days.
  await expect(page.getByTestId("open-swap")).toContainText("Waiting for your answer");
  await expect(page.getByTestId("open-swap")).toContainText(`You give up turn 3: ${lower(turnPayoutText(3, due[2]!, { yours: true }))}.`);
  await expect(page.getByTestId("open-swap")).toContainText(`You get turn 2: ${lower(turnPayoutText(2, due[1]!))}.`);
  // By when: before turn 2's due day, when the swap would close unanswered.
  await expect(page.getByTestId("swap-closes")).toHaveText(
    `It must be settled before ${formatCalendarDay(due[1]!, "long")}: from that day the turns can no longer be swapped.`,
  );
  await page.getByTestId("open-swap").getByRole("button", { name: "Accept Swap" }).click();
  await expect(toasts(page)).toContainText("Swap accepted");
  await expect(page.getByTestId("open-swap")).toContainText("Waiting for the admin's approval");

  // The admin is asked (in the app and by email), and approves.
  await logout(page);
  await login(page, admin, "Secret123", { dashboard: false });
  await emailLinks(page, admin, `Approve a turn swap in ${name}?`);
  // Dana, the third member, heard of the proposal with her own turn and its payout's days (issue 45).
  await page.goto("/notifications");
  await expect(page.locator("main")).toContainText(`Bo Baker and Cy Chen may swap turns in ${name}`);
  await expect(page.locator("main")).toContainText(`Your turn stays 1 before and after: ${lower(turnPayoutText(1, due[0]!, { yours: true }))}.`);
  await page.goto(`/groups/${groupId}`);
  await expect(schedule().nth(1)).toContainText("Bo Baker");
  // The admin, who has the buttons, is not told to wait for "the admin".
  await expect(page.getByTestId("open-swap")).toContainText("Waiting for your approval");
  await page.getByTestId("open-swap").getByRole("button", { name: "Approve Swap" }).click();
  await expect(toasts(page)).toContainText("Turns swapped");
  await expect(page.getByTestId("open-swap")).toHaveCount(0);
  await expect(schedule().nth(1)).toContainText("Cy Chen");
  await expect(schedule().nth(2)).toContainText("Bo Baker");
  const record = page.getByTestId("order-record");
  await expect(record).toContainText("Order at the start");
  await expect(record.locator("ol li")).toHaveText(["Dana Demo", "Bo Baker", "Cy Chen"]);
  await expect(record).toContainText("Bo Baker (turn 2) and Cy Chen (turn 3) swapped turns, approved by Dana Demo.");

  // Bo reads that his turn changed.
  await logout(page);
  await login(page, bo, "Secret123", { dashboard: false });
  await page.goto("/notifications");
  await expect(page.locator("main")).toContainText(`Your turn in ${name} changed`);
  await expect(page.locator("main")).toContainText(`Your turn is now 3: ${lower(turnPayoutText(3, due[2]!, { yours: true }))}.`);
});
