/**
 * Issue 44, journey one (late-contribution.support.ts): Lena's $100 debit is declined on her $30 checking account; she
 * chooses her savings account for the group on her phone; the retry on the next ACH business day is taken from it, and
 * the payout to Ada follows. With JavaScript and without.
 */
import type { Cookie } from "@playwright/test";
import { bankDayOnOrAfter } from "../../app/domain/bank-days";
import { sandboxAvailableOn, sandboxSettlesOn } from "../../app/domain/money";
import { addDays } from "../../app/domain/schedule";
import { expect, test, toasts } from "./fixtures";
import { advanceTo, bankRows, expectPhoneFit, full, lateGroup, long, memberPage, PHONE } from "./late-contribution.support";

test.use({ viewport: PHONE });

/**
 * Three parts in order (issue 47: the journey in one test took 10-13.5 s at the machine's slow hours): the declined debit
 * and Pay now's offer, Lena's choice of another account, then the retry from it and the payout. Ada's cookies are kept
 * between them; Lena signs in on her phone in each part that shows it.
 */
test.describe("a declined debit, another account chosen for the group, the retry taken from it, and the payout", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let world: { groupId: string; ada: string; lena: string; retry: string; admin: Cookie[] };

  test("the debit is declined; Lena sees it on her phone, and Pay now offers her savings account", async ({ page, browser }) => {
    const { groupId, ada, lena, due } = await lateGroup(page);

    // The due day: Lena's checking account cannot cover $100, so the bank declines the debit (NSF).
    await advanceTo(page, due);
    const retry = bankDayOnOrAfter(addDays(due, 3));
    const [first] = await bankRows(page, lena);
    expect(first).toMatchObject({ kind: "contribution", periodNumber: 1, attempt: 1, status: "declined", failureCode: "NSF", atTheBank: null });

    const lenaSide = await memberPage(browser, lena);
    try {
      const phone = lenaSide.page;
      await phone.goto(`/groups/${groupId}`);
      const alert = phone.getByTestId("late-contribution");
      await expect(alert.getByRole("heading", { level: 2 })).toHaveText("Your $100.00 contribution did not go through");
      await expect(alert).toContainText(
        `Attempt 1 of 3: we'll try $100.00 from First Platypus Bank Everyday ••3030 again on ${full(retry)}. Before then you can pay it now with Pay now below, choose another account for this group under Paid from, or make sure the funds are available.`,
      );
      await expect(alert).toContainText(`Due: ${full(due)}`);
      await expect(alert).toContainText(`Next automatic attempt: ${full(retry)}`);
      await expect(alert).toContainText("Use First Platypus Bank Reserve ••5000 for this group instead?");
      const paidFrom = phone.getByTestId("paid-from");
      await expect(paidFrom.getByTestId("paid-from-account")).toHaveText(
        "Your contributions to this group are taken from First Platypus Bank Everyday ••3030.",
      );
      await expectPhoneFit(phone);

      // Pay now would take it from savings, not from the checking account that just failed, and says so.
      await phone.goto(`/groups/${groupId}/pay`);
      const summary = phone.getByTestId("pay-now-summary");
      await expect(summary).toContainText("FromFirst Platypus Bank Reserve ••5000");
      await expect(summary.getByTestId("pay-now-failed-account")).toHaveText(
        `Not from First Platypus Bank Everyday ••3030: its debit did not go through on ${full(due)}. This payment only; the group’s other contributions are taken from the account under “Paid from” on the group page.`,
      );
      await expectPhoneFit(phone);
      // A default, not a rule: a plain link pays from checking instead (once topped up), and the consent then names it.
      await summary.getByRole("link", { name: "Pay from First Platypus Bank Everyday ••3030 instead" }).click();
      await expect(phone).toHaveURL(new RegExp(`/groups/${groupId}/pay\\?from=`));
      await expect(summary).toContainText("FromFirst Platypus Bank Everyday ••3030");
      await expect(summary.getByTestId("pay-now-failed-account")).toHaveText(
        `The last attempt from this account did not go through on ${full(due)}.`,
      );
      await expect(summary.getByRole("link", { name: "Pay from First Platypus Bank Reserve ••5000 instead" })).toBeVisible();
      await expect(phone.getByRole("checkbox", { name: /from First Platypus Bank Everyday ••3030 through the ACH network/ })).toBeVisible();
      await expectPhoneFit(phone);
    } finally {
      await lenaSide.close();
    }
    world = { groupId, ada, lena, retry, admin: await page.context().cookies() };
  });

  test("she chooses her savings account for the group, and the alert names it for the retry", async ({ browser }) => {
    const { groupId, lena, retry } = world;
    const lenaSide = await memberPage(browser, lena);
    try {
      const phone = lenaSide.page;
      await phone.goto(`/groups/${groupId}`);
      const alert = phone.getByTestId("late-contribution");
      const paidFrom = phone.getByTestId("paid-from");
      // She chooses her savings account for this group (a plain form).
      await paidFrom.getByLabel("Take this group's contributions from").selectOption({ label: "First Platypus Bank Reserve ••5000" });
      await paidFrom.getByRole("button", { name: "Use this account" }).click();
      await expect(toasts(phone)).toContainText("Account changed");
      await expect(toasts(phone)).toContainText("This group's next contribution is taken from First Platypus Bank Reserve ••5000.");
      await expect(phone.getByTestId("paid-from-account")).toHaveText(
        "Your contributions to this group are taken from First Platypus Bank Reserve ••5000.",
      );
      // The alert names the account the retry is taken from, the checking account only as the one that failed, and
      // offers neither of them.
      await expect(alert).toContainText(
        `Attempt 1 of 3 did not go through from First Platypus Bank Everyday ••3030: we'll try $100.00 from First Platypus Bank Reserve ••5000 on ${full(retry)}. Before then you can pay it now with Pay now below, choose another account for this group under Paid from, or make sure the funds are available.`,
      );
      await expect(alert).not.toContainText("for this group instead?");
      await expectPhoneFit(phone);
    } finally {
      await lenaSide.close();
    }
  });

  test("the retry is taken from savings, the payout to Ada follows, and nothing is late on Lena's page", async ({ page, browser }) => {
    const { groupId, ada, lena, retry } = world;
    await page.context().addCookies(world.admin);
    await page.goto(`/groups/${groupId}`);

    // The next ACH business day after three days: the retry goes from the savings account.
    await advanceTo(page, retry);
    const second = (await bankRows(page, lena)).find((row) => row.kind === "contribution" && row.attempt === 2);
    expect(second).toMatchObject({ periodNumber: 1, status: "pending", atTheBank: { status: "pending", accountMask: "5000" } });

    // Its money is available two bank days later: Ada's payout of the three contributions goes out that day.
    const paidOn = sandboxAvailableOn(retry);
    await advanceTo(page, paidOn);
    const payouts = (await bankRows(page, ada)).filter((row) => row.kind === "payout");
    expect(payouts).toMatchObject([{ periodNumber: 1, attempt: 1, status: "pending", atTheBank: { description: "Payout", status: "pending" } }]);
    await expect(page.getByRole("region", { name: "Next Payout", exact: true })).toContainText(
      `The payout was sent on ${long(paidOn)} and is expected in your bank account on ${long(sandboxSettlesOn(paidOn))}.`,
    );

    // Nothing is late any more on Lena's page.
    const lenaSide = await memberPage(browser, lena);
    try {
      const phone = lenaSide.page;
      await phone.goto(`/groups/${groupId}`);
      await expect(phone.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(phone.getByTestId("late-contribution")).toHaveCount(0);
      await expectPhoneFit(phone);
    } finally {
      await lenaSide.close();
    }
  });
});
