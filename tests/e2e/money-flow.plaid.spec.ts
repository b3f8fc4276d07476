import type { BrowserContext, Page } from "@playwright/test";
import { bankDayOnOrAfter } from "../../app/domain/bank-days";
import { formatCalendarDay } from "../../app/domain/format";
import { sandboxAvailableOn, sandboxSettlesOn } from "../../app/domain/money";
import { plannedDates } from "../../app/domain/payment-dates";
import { bankedMember, expect, fixture, joinWith, login, test, toasts, uniqueEmail } from "./fixtures";
import { clockCard, isoDay } from "./money-clock.support";
import { LINK_ROUND_TRIP, linkSeen, plaidLinkButton, standInForPlaidLink } from "./plaid-link.support";

/**
 * Issue 30's run in Plaid mode (the "plaid" project's server: PLAID_ENV set, the strict sandbox bank answering as
 * Plaid's API, Plaid Link through its island with only Plaid's script stood in for): a member joins through Plaid Link;
 * contributions are debited, reach funds_available, and the payout goes; an R01 return is presented again as "Retry 1";
 * an R10 return is never presented again, and the member is asked to authorise debits again, which sends the debit as
 * a new entry; an expired bank login holds the next debit until the member reconnects through Link's update mode.
 *
 * Two browsers at once: the group's admin moves the group's sandbox clock; the member acts on their own pages. What
 * only the bank can do — a return, an expired login — is done at the bank, as Plaid's sandbox lets a developer (the
 * set-up API's /bank/* routes, fixture-api.ts), and the bank's records are read back there.
 */

const PASSWORD = "Secret123";

type BankRow = {
  kind: "contribution" | "fee" | "payout";
  periodNumber: number;
  attempt: number;
  status: string;
  failureCode: string | null;
  providerTransferId: string | null;
  waitingForMember: boolean;
  atTheBank: { description: string; status: string } | null;
};

const fullDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "full" });
const longDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" });
const plusDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
const long = (day: string) => longDay.format(new Date(`${day}T00:00:00Z`));

async function bankRows(page: Page, email: string) {
  return (await fixture<{ transfers: BankRow[] }>(page, "/bank/transfers", { email })).transfers;
}

async function row(page: Page, email: string, kind: BankRow["kind"], periodNumber: number, attempt: number) {
  const found = (await bankRows(page, email)).find((r) => r.kind === kind && r.periodNumber === periodNumber && r.attempt === attempt);
  expect(found, `${kind} ${periodNumber}/${attempt} of ${email}`).toBeTruthy();
  return found!;
}

/** The group page's sandbox clock, moved forward by `days` through its "Advance by" form; returns the new day. */
async function advance(page: Page, days: number) {
  const card = clockCard(page);
  const before = isoDay((await card.getByRole("heading", { level: 2 }).textContent()) ?? "");
  const after = plusDays(before, days);
  await card.getByLabel("Days").fill(String(days));
  await card.getByRole("button", { name: "Advance", exact: true }).click();
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(`Sandbox time: ${fullDay.format(new Date(`${after}T00:00:00Z`))}`, {
    timeout: 60_000,
  });
  await expect(card.getByRole("button", { name: "Advance", exact: true })).toBeEnabled();
  return after;
}

/** The clock moved forward to `day` (not at all when it is there already); returns the group's day. */
async function advanceTo(page: Page, day: string) {
  const today = isoDay((await clockCard(page).getByRole("heading", { level: 2 }).textContent()) ?? "");
  const days = Math.round((Date.parse(day) - Date.parse(today)) / 86_400_000);
  return days > 0 ? advance(page, days) : today;
}

/**
 * The run in four tests, one stage each (ADR 060: no e2e test over 10 s): they run in order in one worker, on the two
 * browsers made once below (the admin's, which moves the clock, and Ina's), so each stage starts where the last ended;
 * a stage that fails skips the stages after it.
 */
test.describe("Plaid mode: join through Link, payout from available funds, R01 retried as Retry 1, R10 re-authorised, a login renewed in update mode", () => {
  test.describe.configure({ mode: "serial" });
  // Each stage takes 3-8 s alone on a quiet machine (the run was 20.3 s in one test); a loaded one makes it slower,
  // not red (ADR 060).
  test.describe.configure({ timeout: 120_000 });
  let adminContext: BrowserContext;
  let inaContext: BrowserContext;
  let adminPage: Page;
  let inaPage: Page;
  let adminEmail = "";
  let inaEmail = "";
  let groupId = "";
  let due = "";

  test.beforeAll(async ({ browser }, testInfo) => {
    const baseURL = testInfo.project.use.baseURL;
    adminContext = await browser.newContext({ baseURL });
    inaContext = await browser.newContext({ baseURL });
    adminPage = await adminContext.newPage();
    inaPage = await inaContext.newPage();
  });
  test.afterAll(async () => {
    await adminContext?.close();
    await inaContext?.close();
  });

  test("a group of three fills: Ina, with no bank, joins through Plaid Link", async ({ baseURL }) => {
    adminEmail = await bankedMember(adminPage, "flow-admin", "Ada Admin");
    const thirdEmail = await bankedMember(adminPage, "flow-third", "Theo Third");
    // Ina has sandbox access and no bank: she links hers through Plaid Link when she joins.
    inaEmail = uniqueEmail("flow-ina");
    await fixture(adminPage, "/members", { name: "Ina Invitee", email: inaEmail, password: PASSWORD, sandbox: true });

    // A $10 group for three, every other week, due two days after today (the day it fills), fixed order: Ada, Theo, Ina.
    // (Every other week: on the ACH calendar, ADR 040, period 1's retried payout can take twelve days over the holidays.)
    await login(adminPage, adminEmail, PASSWORD, { dashboard: false });
    const todayNy = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());
    const created = await adminPage.request.post("/api/groups/create", {
      data: {
        name: `Flow Circle ${Math.random().toString(36).slice(2, 7)}`,
        memberCount: 3,
        contributionAmount: 10,
        payoutSchedule: "fixed",
        frequency: "biweekly",
        dayOfWeek: new Date(`${plusDays(todayNy, 2)}T00:00:00Z`).getUTCDay(),
        memberEmails: [inaEmail],
      },
      headers: { Origin: baseURL ?? "" },
    });
    expect(created.status(), await created.text()).toBe(201);
    groupId = ((await created.json()) as { id: string }).id;
    await adminPage.goto(`/groups/${groupId}`);
    const joinLink = await adminPage.getByLabel("Invite link").inputValue();
    await joinWith(adminPage, thirdEmail, joinLink.split("/").pop()!);
    // Ina joins through Plaid Link, in her own browser.
    await login(inaPage, inaEmail, PASSWORD, { dashboard: false });
    await standInForPlaidLink(inaPage);
    await inaPage.goto(joinLink);
    await inaPage.getByRole("checkbox", { name: "I have read and agree to the terms above." }).check();
    await inaPage.getByRole("button", { name: "Accept and Join" }).click();
    await (await plaidLinkButton(inaPage)).click();
    await expect(inaPage).toHaveURL(new RegExp(`/groups/${groupId}$`), LINK_ROUND_TRIP);
    await expect(toasts(inaPage)).toContainText("Successfully Joined");
    const dueText = (await toasts(inaPage).textContent()) ?? "";
    const dueMatch = /Your first contribution of \$10\.00 is due (\w+ \d{1,2}, \d{4})\./.exec(dueText);
    expect(dueMatch, dueText).toBeTruthy();
    due = new Date(`${dueMatch![1]} 00:00:00 UTC`).toISOString().slice(0, 10);
    expect((await linkSeen(inaPage)).opened).toBe(1);
  });

  test("period 1: the debits go with Plaid's short descriptions; R01 is presented again as Retry 1; the payout goes from available funds", async () => {
    // The first due day: every member's contribution goes to the bank, with Plaid's short descriptions; no setup fee
    // yet (it comes with a member's first contribution that goes through, ADR 040). The admin's payout is expected on
    // the ACH calendar's day.
    await adminPage.goto(`/groups/${groupId}`);
    const nextPayout = adminPage.getByRole("region", { name: "Next Payout", exact: true });
    await expect(nextPayout).toContainText(`Expected in your bank${long(plannedDates(1, due).arrival!.day)}`);
    expect(await advanceTo(adminPage, due)).toBe(due);
    expect(await row(adminPage, inaEmail, "contribution", 1, 1)).toMatchObject({
      status: "pending",
      atTheBank: { description: "Contrib", status: "pending" },
    });
    expect((await bankRows(adminPage, inaEmail)).filter((r) => r.kind === "fee")).toEqual([]);

    // A bank day later Ina's debit has settled (and her setup fee goes with it); then her bank returns it: R01,
    // insufficient funds.
    const settledOn = await advanceTo(adminPage, sandboxSettlesOn(due));
    const first = await row(adminPage, inaEmail, "contribution", 1, 1);
    expect(first.status).toBe("settled");
    expect(await row(adminPage, inaEmail, "fee", 0, 1)).toMatchObject({
      status: "pending",
      atTheBank: { description: "Setup fee", status: "pending" },
    });
    await fixture(adminPage, "/bank/simulate", { transferId: first.providerTransferId, event: "returned", returnCode: "R01" });
    expect(await row(adminPage, inaEmail, "contribution", 1, 1)).toMatchObject({ status: "returned", failureCode: "R01" });

    // Three days later it is presented again, from the same account, as "Retry 1"; the payout waits for it. Ina was told
    // on the group's next run after the return.
    const retryDay = await advanceTo(adminPage, bankDayOnOrAfter(plusDays(settledOn, 3)));
    const paidOn = sandboxAvailableOn(retryDay);
    await inaPage.goto("/notifications");
    await expect(inaPage.locator("main")).toContainText("Your bank returned the payment for insufficient funds. Attempt 1 of 3: we'll try ");
    await expect(inaPage.locator("main")).toContainText(`again on ${formatCalendarDay(bankDayOnOrAfter(plusDays(settledOn, 3)), "full")}.`);
    expect(await row(adminPage, inaEmail, "contribution", 1, 2)).toMatchObject({
      status: "pending",
      atTheBank: { description: "Retry 1", status: "pending" },
    });
    await expect(nextPayout).toContainText(
      `Every contribution is in or on its way: the payout goes out on ${long(paidOn)} and is expected in your bank account on ${long(sandboxSettlesOn(paidOn))}.`,
    );
    expect((await bankRows(adminPage, adminEmail)).filter((r) => r.kind === "payout")).toEqual([]);

    // Two bank days later the retry's money is available at the bank (funds_available): the payout goes that day.
    await advanceTo(adminPage, paidOn);
    expect(await row(adminPage, inaEmail, "contribution", 1, 2)).toMatchObject({ status: "funds_available" });
    expect(await row(adminPage, adminEmail, "payout", 1, 1)).toMatchObject({
      status: "pending",
      atTheBank: { description: "Payout", status: "pending" },
    });
    await expect(nextPayout).toContainText(
      `The payout was sent on ${long(paidOn)} and is expected in your bank account on ${long(sandboxSettlesOn(paidOn))}.`,
    );
    await advanceTo(adminPage, sandboxSettlesOn(paidOn));
    expect(await row(adminPage, adminEmail, "payout", 1, 1)).toMatchObject({ status: "settled" });
  });

  test("period 2: an R10 return is never presented again; Ina authorises debits again and the debit goes as a new entry", async () => {
    // Period 2 (due two weeks after period 1): Ina's debit settles, then comes back R10 — she says she never authorised it.
    const due2 = plusDays(due, 14);
    await advanceTo(adminPage, due2);
    expect(await row(adminPage, inaEmail, "contribution", 2, 1)).toMatchObject({ status: "pending", atTheBank: { description: "Contrib" } });
    const settled2 = await advanceTo(adminPage, sandboxSettlesOn(due2));
    const second = await row(adminPage, inaEmail, "contribution", 2, 1);
    await fixture(adminPage, "/bank/simulate", { transferId: second.providerTransferId, event: "returned", returnCode: "R10" });
    // On the day a retry would be presented (three days on, on the ACH calendar, as in period 1; three calendar days
    // fell on a Saturday in a run on a Sunday, before the retry's day), nothing is presented again: the next debit waits
    // for Ina, and the bank never hears of it.
    await advanceTo(adminPage, bankDayOnOrAfter(plusDays(settled2, 3)));
    expect(await row(adminPage, inaEmail, "contribution", 2, 2)).toMatchObject({
      status: "created",
      waitingForMember: true,
      providerTransferId: null,
    });

    // Ina is asked to authorise debits again; she does, and the debit goes at once, as a new entry (not a retry).
    await inaPage.goto("/dashboard");
    await expect(inaPage.getByText(/^Authorise debits again from First Platypus Bank .+ ••\d{4}$/)).toBeVisible();
    await inaPage.getByRole("link", { name: "Review and authorise debits" }).click();
    await expect(inaPage).toHaveURL(/\/profile\/bank-accounts$/);
    await inaPage.getByRole("checkbox", { name: "I authorise these debits." }).check();
    await inaPage.getByRole("button", { name: "Authorise debits" }).click();
    await expect(toasts(inaPage)).toContainText("Debits authorised");
    await expect(async () => {
      expect(await row(adminPage, inaEmail, "contribution", 2, 2)).toMatchObject({
        status: "pending",
        waitingForMember: false,
        atTheBank: { description: "Contrib", status: "pending" },
      });
    }).toPass({ timeout: 60_000 });
  });

  test("an expired bank login holds period 3's debit until Ina reconnects in Link's update mode", async () => {
    // Ina's bank login expires (Plaid sends ITEM_LOGIN_REQUIRED): she is asked to reconnect.
    await fixture(adminPage, "/bank/reset-login", { email: inaEmail });
    await expect(async () => {
      await inaPage.goto("/dashboard");
      await expect(inaPage.getByRole("link", { name: "Reconnect your bank" })).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 30_000 });
    // Period 3 falls due meanwhile: Plaid answers user_action_required, and the debit waits for her.
    await advanceTo(adminPage, plusDays(due, 28));
    expect(await row(adminPage, inaEmail, "contribution", 3, 1)).toMatchObject({
      status: "created",
      waitingForMember: true,
      providerTransferId: null,
    });

    // She reconnects through Plaid Link's update mode; the debit is authorised again and goes.
    await inaPage.getByRole("link", { name: "Reconnect your bank" }).click();
    await expect(inaPage).toHaveURL(/\/profile\/bank-accounts$/);
    await (await plaidLinkButton(inaPage, "Reconnect First Platypus Bank")).click();
    await expect(toasts(inaPage)).toContainText("Bank reconnected", LINK_ROUND_TRIP);
    await expect(toasts(inaPage)).toContainText("First Platypus Bank is connected again. Waiting contributions and payouts go ahead now.");
    expect((await linkSeen(inaPage)).opened).toBe(1);
    await expect(inaPage.getByRole("button", { name: "Reconnect First Platypus Bank" })).toHaveCount(0);
    await expect(async () => {
      expect(await row(adminPage, inaEmail, "contribution", 3, 1)).toMatchObject({
        status: "pending",
        waitingForMember: false,
        atTheBank: { description: "Contrib", status: "pending" },
      });
    }).toPass({ timeout: 60_000 });
  });
});
