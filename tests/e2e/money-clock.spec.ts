/**
 * Issue 6's walkthrough in the browser: the seeded "Office Savings Club" (run by the platform admin; weekly on Friday,
 * $50, three members, started six days before the seed ran, so mid-cycle) is moved forward on its sandbox clock until
 * the period that was current on arrival has its contributions settled (every member Paid) and its $150.00 payout sent
 * to the period's recipient (the schedule row Completed, a Payout row on the statement leaving the pool at $0.00); then
 * the statement is downloaded as CSV.
 *
 * The "js" and "nojs" projects run this at the same time against one server and one database, on the same group
 * (the demo user's "Family Savings Circle" is read by other specs, so its clock is never moved). Watching a period go
 * from unpaid to Paid to paid out needs nobody else moving the clock meanwhile (a jump of several days skips the one
 * day everyone shows Paid), so the two browsers take turns on the group (a lock directory named after the group, which
 * is new in every e2e database). Nothing assumes where the clock stands: each browser reads the page on arrival and
 * watches the first period still to be paid in; a group the other browser has already completed is a valid end state.
 */
import { mkdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { SAMPLE_MEMBERS } from "../../app/domain/demo-accounts";
import { ADMIN, expect, expectNoSeriousA11yViolations, login, test, toasts } from "./fixtures";

const GROUP = "Office Savings Club";
const CSV_HEADER = "Date,Member,Kind,Period,Amount (USD),Pool change (USD),Status,Pool balance (USD)";
const MAX_CLICKS = 12;

/** Run `work` while holding a lock shared by every Playwright worker on this machine (a directory: mkdir is atomic). */
async function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `rosca-e2e-${name}.lock`);
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      await mkdir(lock);
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) throw new Error(`waited too long for ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    await rm(lock, { recursive: true, force: true });
  }
}

/** "Sandbox time: Friday, November 27, 2026" (or a toast's "It is now Friday, …") → "2026-11-27". */
function isoDay(text: string) {
  const match = /(?:Sandbox time:|It is now) \w+, (\w+ \d{1,2}, \d{4})/.exec(text);
  if (!match) throw new Error(`no day in ${JSON.stringify(text)}`);
  return new Date(`${match[1]} 00:00:00 UTC`).toISOString().slice(0, 10);
}

function clockCard(page: Page) {
  return page.getByRole("region", { name: /^Sandbox time: / });
}

/** What the group page shows right now (read once, without waiting: the other project may be moving the clock). */
async function readGroupPage(page: Page) {
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(GROUP);
  const completed = (await page.locator("header").getByText("Completed", { exact: true }).count()) > 0;
  const rows = await page
    .getByRole("table", { name: "Payout schedule", exact: true })
    .locator("tbody tr")
    .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll("td")].map((td) => (td.textContent ?? "").trim())));
  const memberRows = page.getByRole("region", { name: "Members", exact: true }).getByTestId("member-row");
  const paid = await memberRows.locator("span", { hasText: /^Paid$/ }).count();
  const card = clockCard(page);
  const heading = (await card.count()) > 0 ? await card.getByRole("heading", { level: 2 }).textContent() : null;
  return { completed, rows, paid, members: await memberRows.count(), day: heading ? isoDay(heading) : null };
}

/** Wait until the page shows a day later than `before` (or the group completed), with no submission in flight. */
async function waitForLaterDay(page: Page, before: string) {
  await expect(async () => {
    const card = clockCard(page);
    if ((await card.count()) === 0) return; // completed (by this press or by the other project)
    const heading = await card.getByRole("heading", { level: 2 }).textContent({ timeout: 1_000 });
    expect(isoDay(heading ?? "") > before, `the clock moved past ${before}`).toBe(true);
    // The submission has finished (with JavaScript the button says "Advancing…" until then).
    await expect(card.getByRole("button", { name: "Advance to next event" })).toBeEnabled({ timeout: 1_000 });
  }).toPass({ timeout: 60_000 });
}

async function press(page: Page, button: Locator, before: string) {
  await button.click();
  await waitForLaterDay(page, before);
}

test("the sandbox clock: the current period's contributions settle, its payout arrives, and the statement downloads", async ({ page, javaScript }) => {
  test.setTimeout(240_000);
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto("/groups");
  await page.getByRole("link", { name: GROUP }).first().click();
  await expect(page).toHaveURL(/\/groups\/[0-9a-f-]{36}$/);
  const groupPath = new URL(page.url()).pathname;

  // The seed: three members, weekly $150.00 turns; the platform admin first, then Amina, then Omar.
  const names = [ADMIN.name, SAMPLE_MEMBERS[0].name, SAMPLE_MEMBERS[1].name];
  const days: string[] = [];
  let sawTargetUnpaid = false;
  let sawEveryonePaid = false;
  let target = 0;
  let recipient = "";
  let watchable = false;
  let state!: Awaited<ReturnType<typeof readGroupPage>>;
  // The other project's browser waits here while this one moves the clock (and the other way round).
  await exclusively(`clock-${groupPath.split("/").pop()}`, async () => {
    await page.goto(groupPath);
    const start = await readGroupPage(page);
    expect(start.members).toBe(3);
    expect(start.rows.map((cells) => [cells[0], cells[3]])).toEqual([
      ["1", "$150.00"],
      ["2", "$150.00"],
      ["3", "$150.00"],
    ]);
    start.rows.forEach((cells, index) => expect(cells[1]).toContain(names[index]!));
    // The period to watch: the first one whose contributions have not all settled when this browser arrives (where the
    // seed left the group depends on the weekday it ran, and the other project may have moved it on since). If there is
    // none left (the group complete, or its last period already paid in), the last one.
    const current = start.rows.findIndex((cells) => cells[4] === "Pending") + 1; // 0 when complete
    target = current === 0 ? 3 : start.paid === 3 ? Math.min(current + 1, 3) : current;
    recipient = names[target - 1]!;
    // Whether there is still something to watch happen in this browser.
    watchable = current !== 0 && !(current === 3 && start.paid === 3);

    const observe = async () => {
      const state = await readGroupPage(page);
      if (state.day) days.push(state.day);
      // Paid/Pending is for the current (first pending) period; everyone Paid: its contributions have settled at the bank.
      const now = state.rows.findIndex((cells) => cells[4] === "Pending") + 1;
      if (!state.completed && now === target && state.paid < 3) sawTargetUnpaid = true;
      if (!state.completed && now >= target && state.paid === 3) sawEveryonePaid = true;
      return state;
    };

    state = await observe();
    if (!state.completed) {
      const card = clockCard(page);
      await expect(card).toContainText("In the demo phase this group's clock can be moved forward to watch reminders, debits, settlement and payouts happen. Time never moves back.");
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
      state = await observe();
      if (!state.completed) {
        expect(state.day).toBe(reached);
        await expect(clockCard(page)).toContainText(/\(\d+ days? ahead of real time\)/);
      }

      // Then event by event, until the target period has been paid out (or the group is complete).
      for (let click = 0; click < MAX_CLICKS && !state.completed; click++) {
        if (sawEveryonePaid && state.rows[target - 1]![4] === "Completed") break;
        await press(page, clockCard(page).getByRole("button", { name: "Advance to next event" }), state.day!);
        state = await observe();
      }
    }
  });

  test.info().annotations.push({ type: "clock", description: JSON.stringify({ target, days, sawTargetUnpaid, sawEveryonePaid, completed: state.completed }) });
  // Time only moved forward, as this browser saw it.
  expect([...days].sort()).toEqual(days);
  // The target period's contributions were seen going from unpaid to every member Paid, and it was paid out to its
  // recipient. (Only when the other browser left nothing to be paid in is there nothing to watch.)
  if (watchable) {
    expect(sawTargetUnpaid, "the target period seen with contributions outstanding").toBe(true);
    expect(sawEveryonePaid, "every member seen Paid").toBe(true);
  }
  const table = page.getByRole("table", { name: "Payout schedule", exact: true }).locator("tbody tr");
  await expect(table.nth(target - 1).locator("td").nth(1)).toContainText(recipient);
  await expect(table.nth(target - 1).locator("td").nth(4)).toHaveText("Completed");

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

  // The statement: the period's three contributions of $50.00 in, then its $150.00 payout to the recipient out.
  await page.getByRole("link", { name: "Statement", exact: true }).click();
  await expect(page).toHaveURL(`${groupPath}/statement`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Statement: ${GROUP}`);
  const postings = page.getByRole("table", { name: `Postings of ${GROUP} with the running pool balance` }).locator("tbody tr");
  await expect(postings.filter({ hasText: `Contribution · period ${target}` })).toHaveCount(3);
  const payout = postings.filter({ hasText: `Payout · period ${target}` });
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
  const payoutLines = csv.filter((line) => line.includes(`,Payout,${target},`));
  expect(payoutLines).toHaveLength(1);
  expect(payoutLines[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2},${recipient},Payout,${target},150\\.00,-150\\.00,(Posted|Settled|Available),0\\.00$`));
  expect(csv.filter((line) => line.includes(`,Contribution,${target},50.00,50.00,`))).toHaveLength(3);
});

test("a member who is not the group admin sees the sandbox time but cannot move it", async ({ page }) => {
  // Amina in the demo user's group: only read here, never moved (other specs read it).
  const amina = SAMPLE_MEMBERS[0];
  await login(page, amina.email, amina.password);
  await page.goto("/groups");
  await page.getByRole("region", { name: /Active/ }).getByRole("link", { name: "Family Savings Circle" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Family Savings Circle");
  const card = clockCard(page);
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(/^Sandbox time: (Mon|Tues|Wednes|Thurs|Fri|Satur|Sun)day, \w+ \d{1,2}, \d{4}$/);
  await expect(card).toContainText("Time never moves back.");
  await expect(card.getByRole("button")).toHaveCount(0);
  await expect(card.getByRole("spinbutton")).toHaveCount(0);
});
