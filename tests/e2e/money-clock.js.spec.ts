/**
 * The sandbox-clock walkthrough with JavaScript (see money-clock.support.ts for the shared group and its lock), in
 * serial parts (in order, in one worker; the later ones are skipped when one fails): the clock card and a day moved by
 * its number form; then event by event until the period that was current on arrival is paid out (the group's clock
 * lock held from the first part's start to the end of the second, so that nobody else moves the clock in between);
 * then that period on the statement and in its CSV.
 */
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { SAMPLE_MEMBERS } from "../../app/domain/demo-accounts";
import { ADMIN, expect, expectNoSeriousA11yViolations, login, test, toasts } from "./fixtures";
import { acquireLock, clockCard, CSV_HEADER, GROUP, isoDay, MAX_CLICKS, press, readGroupPage, waitForLaterDay } from "./money-clock.support";

test.describe.configure({ mode: "serial" });

// What the parts share: the group, the period watched and its recipient, what this browser saw, and the clock's lock.
let groupPath = "";
let target = 0;
let recipient = "";
const days: string[] = [];
let sawTargetUnpaid = false;
let sawEveryonePaid = false;
let watchable = false;
let state!: Awaited<ReturnType<typeof readGroupPage>>;
let releaseLock: (() => Promise<void>) | null = null;

async function unlock() {
  const release = releaseLock;
  releaseLock = null;
  await release?.();
}
// A part that failed leaves the lock to this (the parts after it are skipped).
test.afterAll(unlock);

/** Read the group page, noting the day and whether the target period was seen unpaid and then with everyone Paid. */
async function observe(page: Page) {
  const seen = await readGroupPage(page);
  if (seen.day) days.push(seen.day);
  // Paid/Pending is for the current (first pending) period; everyone Paid: its contributions have settled at the bank.
  const now = seen.rows.findIndex((cells) => cells[4] === "Pending") + 1;
  if (!seen.completed && now === target && seen.paid < 3) sawTargetUnpaid = true;
  if (!seen.completed && now >= target && seen.paid === 3) sawEveryonePaid = true;
  return seen;
}

test("the sandbox clock: its card, and a day moved by its number form", async ({ page, javaScript }) => {
  test.setTimeout(240_000);
  await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
  await page.goto("/groups");
  await page.getByRole("link", { name: GROUP }).first().click();
  await expect(page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
  groupPath = new URL(page.url()).pathname;

  // The seed: three members, weekly $150.00 turns; the platform admin first, then Amina, then Omar.
  const names = [ADMIN.name, SAMPLE_MEMBERS[0].name, SAMPLE_MEMBERS[1].name];
  // The other project's browser waits here while this one moves the clock (and the other way round), until the end of
  // the next part.
  releaseLock = await acquireLock(`clock-${groupPath.split("/").pop()}`);
  await page.goto(groupPath);
  const start = await readGroupPage(page);
  expect(start.members).toBe(3);
  expect(start.rows.map((cells) => [cells[0], cells[3]])).toEqual([
    ["1", "$150.00"],
    ["2", "$150.00"],
    ["3", "$150.00"],
  ]);
  for (const [index, cells] of start.rows.entries()) expect(cells[1]).toContain(names[index]!);
  // The period to watch: the first one whose contributions have not all settled when this browser arrives (where the
  // seed left the group depends on the weekday it ran, and the other project may have moved it on since). If there is
  // none left (the group complete, or its last period already paid in), the last one.
  const current = start.rows.findIndex((cells) => cells[4] === "Pending") + 1; // 0 when complete
  target = current === 0 ? 3 : start.paid === 3 ? Math.min(current + 1, 3) : current;
  recipient = names[target - 1]!;
  // Whether there is still something to watch happen in this browser.
  watchable = current !== 0 && !(current === 3 && start.paid === 3);

  state = await observe(page);
  if (!state.completed) {
    const card = clockCard(page);
    await expect(card).toContainText(
      "In the demo phase this group's clock can be moved forward to watch reminders, debits, settlement and payouts happen. Time never moves back.",
    );
    await expect(card.getByRole("button", { name: "Advance to next event" })).toBeVisible();
    await expect(card.getByRole("group", { name: "Advance by" }).getByRole("spinbutton", { name: "Days" })).toBeVisible();
    if (javaScript) await expectNoSeriousA11yViolations(page);

    // One day by the number form. With JavaScript, hold the submission back to see the pending state.
    await card.getByRole("spinbutton", { name: "Days" }).fill("1");
    const advance = card.getByRole("button", { name: "Advance", exact: true });
    if (javaScript) {
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\.data(\?|$)/, async (route) => {
        if (route.request().method() === "POST") await held;
        await route.continue();
      });
      await advance.click();
      await expect(card.getByRole("button", { name: "Advancing…" })).toBeDisabled();
      await expect(card.getByRole("button", { name: "Advance to next event" })).toBeDisabled();
      release();
      await waitForLaterDay(page, state.day!);
      await page.unrouteAll({ behavior: "wait" });
    } else {
      await press(page, advance, state.day!);
    }
    await expect(toasts(page)).toContainText("Sandbox clock moved");
    const toastText = (await toasts(page).getByRole("status").filter({ hasText: "Sandbox clock moved" }).last().textContent()) ?? "";
    // The day this press reached, which the page shows (nobody else moves the clock meanwhile).
    const reached = isoDay(toastText);
    expect(reached > state.day!).toBe(true);
    state = await observe(page);
    if (!state.completed) {
      expect(state.day).toBe(reached);
      await expect(clockCard(page)).toContainText(/\(\d+ days? ahead of real time\)/);
    }
  }
});

test("the sandbox clock: event by event until the period is paid out", async ({ page }) => {
  test.setTimeout(240_000);
  await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
  await page.goto(groupPath);
  state = await observe(page);
  // Event by event, until the target period has been paid out (or the group is complete).
  for (let click = 0; click < MAX_CLICKS && !state.completed; click++) {
    if (sawEveryonePaid && state.rows[target - 1]![4] === "Completed") break;
    await press(page, clockCard(page).getByRole("button", { name: "Advance to next event" }), state.day!);
    state = await observe(page);
  }
  await unlock();

  test
    .info()
    .annotations.push({ type: "clock", description: JSON.stringify({ target, days, sawTargetUnpaid, sawEveryonePaid, completed: state.completed }) });
  // Time only moved forward, as this browser saw it.
  expect([...days].sort()).toEqual(days);
  // The target period's contributions were seen going from unpaid to every member Paid, and it was paid out to its
  // recipient. (Only when the other browser left nothing to be paid in is there nothing to watch.)
  if (watchable) {
    expect(sawTargetUnpaid, "the target period seen with contributions outstanding").toBe(true);
    expect(sawEveryonePaid, "every member seen Paid").toBe(true);
  }
  const table = page.getByRole("table", { name: "Payout schedule", exact: true }).locator("tbody tr");
  await expect(
    table
      .nth(target - 1)
      .locator("td")
      .nth(1),
  ).toContainText(recipient);
  await expect(
    table
      .nth(target - 1)
      .locator("td")
      .nth(4),
  ).toHaveText("Completed");

  // Once complete, the clock is gone (it moves only while the group is active); otherwise it is still there.
  if (state.completed) {
    await expect(clockCard(page)).toHaveCount(0);
    // A stale page (or another tab) pressing the button after the end is refused, with the reason.
    const response = await page.request.post(groupPath, { form: { intent: "advance-next" }, maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["location"]).toBe(groupPath);
    await page.goto(groupPath);
    await expect(toasts(page)).toContainText("The clock moves only while the group is active.");
  } else {
    await expect(clockCard(page)).toBeVisible();
  }
});

test("the sandbox clock: the paid-out period on the statement, and the statement downloads", async ({ page, javaScript }) => {
  test.setTimeout(120_000);
  await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
  await page.goto(groupPath);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(GROUP);

  // The statement: the period's three contributions of $50.00 in, then its $150.00 payout to the recipient out (the day
  // it was sent; ADR 040).
  await page.getByRole("link", { name: "Statement", exact: true }).click();
  await expect(page).toHaveURL(`${groupPath}/statement`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Statement: ${GROUP}`);
  const postings = page.getByRole("table", { name: `Postings of ${GROUP} with the running pool balance` }).locator("tbody tr");
  await expect(postings.filter({ hasText: `Contribution · period ${target}` })).toHaveCount(3);
  const payout = postings.filter({ hasText: `Payout sent · period ${target}` });
  await expect(payout).toHaveCount(1);
  await expect(payout.locator("td").nth(1)).toHaveText(recipient);
  await expect(payout.locator("td").nth(3)).toHaveText("−$150.00");
  await expect(payout.locator("td").nth(5)).toHaveText("$0.00");
  if (javaScript) await expectNoSeriousA11yViolations(page);

  // The CSV, downloaded through the link (a plain link: works without JavaScript).
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe("office-savings-club-statement.csv");
  const csv = (await readFile((await download.path())!, "utf8")).split("\r\n");
  expect(csv[0]).toBe(CSV_HEADER);
  const payoutLines = csv.filter((line) => line.includes(`,Payout sent,${target},`));
  expect(payoutLines).toHaveLength(1);
  expect(payoutLines[0]).toMatch(
    new RegExp(`^\\d{4}-\\d{2}-\\d{2},${recipient},Payout sent,${target},150\\.00,-150\\.00,(Posted|Settled|Available),0\\.00$`),
  );
  expect(csv.filter((line) => line.includes(`,Contribution,${target},50.00,50.00,`))).toHaveLength(3);
});
