/**
 * Issue 44's journeys in the browser (late-contribution-*.spec.ts): a started $100 weekly group of three whose third
 * member, Lena, holds $30 in her checking account, so her first debit is declined (NSF) on the due day. Each test makes
 * its own group (with its own sandbox clock), so the "js" and "nojs" projects never share one. The admin (Ada) moves
 * the clock on the group page; Lena acts in her own browser context, as a phone at 320 px.
 */
import type { Browser, Page } from "@playwright/test";
import { bankDayOnOrAfter } from "../../app/domain/bank-days";
import { addDays } from "../../app/domain/schedule";
import { type BankAccountSpec, bankedMember, expect, fixture, login, test } from "./fixtures";
import { clockDay, sandboxClock } from "./money-clock.support";

export const PHONE = { width: 320, height: 640 };
export const PASSWORD = "Secret123";

export type BankRow = {
  kind: "contribution" | "fee" | "payout";
  periodNumber: number;
  attempt: number;
  status: string;
  failureCode: string | null;
  atTheBank: { description: string; status: string; accountMask: string } | null;
};

const RICH: BankAccountSpec[] = [{ subtype: "checking", name: "Plaid Checking", mask: "0000", balance: 5_000 }];
/** Lena's accounts: a checking account that cannot cover $100, and savings that can. */
export const LENA_ACCOUNTS: BankAccountSpec[] = [
  { subtype: "checking", name: "Everyday", mask: "3030", balance: 30 },
  { subtype: "savings", name: "Reserve", mask: "5000", balance: 5_000 },
];

const fullDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "full" });
const longDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" });
/** "Friday, December 4, 2026". */
export const full = (day: string) => fullDay.format(new Date(`${day}T00:00:00Z`));
/** "December 4, 2026". */
export const long = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

/**
 * Ada (admin, payout 1), Theo and Lena (`lenaAccounts`), in a started fixed-order group (weekly, or `frequency`); Ada
 * signed in on its page. Returns the group, the emails and the first due day (three days from the group's today).
 */
export async function lateGroup(page: Page, lenaAccounts: BankAccountSpec[] = LENA_ACCOUNTS, frequency: "weekly" | "biweekly" = "weekly") {
  const suffix = Math.random().toString(36).slice(2, 7);
  const ada = await bankedMember(page, "late-ada", "Ada Admin", RICH);
  const theo = await bankedMember(page, "late-theo", "Theo Third", RICH);
  const lena = await bankedMember(page, "late-lena", "Lena Late", lenaAccounts);
  const name = `Late Circle ${suffix}`;
  const { groupId } = await fixture<{ groupId: string }>(page, "/groups/started", { admin: ada, members: [theo, lena], name, frequency });
  await login(page, ada, PASSWORD, { dashboard: false });
  await page.goto(`/groups/${groupId}`);
  const today = await groupDay(page);
  return { groupId, name, ada, theo, lena, due: addDays(today, 3) };
}

/**
 * Lena (or anyone) signed in in a browser context of their own, at 320 px, with JavaScript as the project has it; on no
 * page yet (every caller opens the page it is about).
 */
export async function memberPage(browser: Browser, email: string, password = PASSWORD) {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false });
  const page = await context.newPage();
  await login(page, email, password, { dashboard: false });
  return { page, close: () => context.close() };
}

/** The group's day, from its sandbox clock card (its heading's `data-date`: the same in every language). */
export async function groupDay(page: Page) {
  return clockDay(page);
}

/**
 * The group page's clock moved forward to `day` through its "Advance by" form (on the group page), in whatever
 * language the page is in: the form's field and button are found by their names in the markup, the day read from the
 * heading's `data-date`. On an English page the heading must also read "Sandbox time: Friday, December 4, 2026".
 */
export async function advanceTo(page: Page, day: string) {
  const today = await groupDay(page);
  const days = Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);
  if (days <= 0) return today;
  const card = sandboxClock(page);
  const button = card.locator('button[name="intent"][value="advance-days"]');
  await card.locator('input[name="days"]').fill(String(days));
  await button.click();
  const heading = card.getByRole("heading", { level: 2 });
  await expect(heading).toHaveAttribute("data-date", day, { timeout: 30_000 });
  if ((await page.locator("html").getAttribute("lang")) === "en-US") await expect(heading).toHaveText(`Sandbox time: ${full(day)}`);
  await expect(button).toBeEnabled();
  return day;
}

export async function bankRows(page: Page, email: string) {
  return (await fixture<{ transfers: BankRow[] }>(page, "/bank/transfers", { email })).transfers;
}

/** The page fits a 320 px screen: nothing wider than the viewport. */
export async function expectPhoneFit(page: Page) {
  const over = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(over, `${page.url()} is wider than the screen`).toBeLessThanOrEqual(0);
}

/**
 * The clock moved through period 1's three automatic attempts at `email`'s contribution (the due day, then two retries
 * three days apart on the ACH calendar), each declined for want of funds; returns the third attempt's day.
 */
export async function declinedThreeTimes(page: Page, email: string, due: string) {
  const second = bankDayOnOrAfter(addDays(due, 3));
  const third = bankDayOnOrAfter(addDays(second, 3));
  await advanceTo(page, due);
  await advanceTo(page, second);
  await advanceTo(page, third);
  // Period 1's only: in a weekly group period 2's own first debit may have come (and been declined) by then.
  const attempts = (await bankRows(page, email)).filter((row) => row.kind === "contribution" && row.periodNumber === 1);
  expect(attempts.map((row) => [row.attempt, row.status, row.failureCode])).toEqual([
    [1, "declined", "NSF"],
    [2, "declined", "NSF"],
    [3, "declined", "NSF"],
  ]);
  return third;
}
