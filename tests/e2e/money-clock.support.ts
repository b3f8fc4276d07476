/**
 * Issue 6's walkthrough in the browser: the seeded "Office Savings Club" (run by the platform admin; weekly, $50, three
 * members, started a week before the seed ran, so mid-cycle) is moved forward on its sandbox clock until
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
import { mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

const GROUP = "Office Savings Club";
const CSV_HEADER = "Date,Member,Kind,Period,Amount (USD),Pool change (USD),Status,Pool balance (USD)";
/** Enough presses for a period on the ACH calendar (ADR 040): a weekend and a holiday add days the money waits. */
const MAX_CLICKS = 16;

/**
 * Take a lock shared by every Playwright worker on this machine (a directory: mkdir is atomic), waiting up to 150 s
 * for it; the function returned gives it back.
 */
export async function acquireLock(name: string): Promise<() => Promise<void>> {
  const lock = join(tmpdir(), `rosca-e2e-${name}.lock`);
  const deadline = Date.now() + 150_000;
  for (;;) {
    try {
      await mkdir(lock);
      return () => rm(lock, { recursive: true, force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) throw new Error(`waited too long for ${lock}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
}

/** Run `work` while holding the lock `name` (acquireLock). */
async function exclusively<T>(name: string, work: () => Promise<T>): Promise<T> {
  const release = await acquireLock(name);
  try {
    return await work();
  } finally {
    await release();
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

/**
 * The sandbox clock card in any language (its heading is "Sandbox time: …" in English, "Fecha de prueba: …" in
 * Spanish): found by its test id, its day read from the heading's `data-date` (ISO), not from the words.
 */
function sandboxClock(page: Page) {
  return page.getByTestId("sandbox-clock");
}

/** The group's day on its sandbox clock card, "2026-12-04", whatever the page's language. */
async function clockDay(page: Page) {
  const day = await sandboxClock(page).getByRole("heading", { level: 2 }).getAttribute("data-date");
  if (!day || !/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new Error(`no day on the sandbox clock: ${JSON.stringify(day)}`);
  return day;
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

export { exclusively, isoDay, clockCard, sandboxClock, clockDay, readGroupPage, waitForLaterDay, press, GROUP, CSV_HEADER, MAX_CLICKS };
