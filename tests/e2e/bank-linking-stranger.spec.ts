import { expect, sandboxMember, test, toasts } from "./fixtures";

const NOT_OWN = "This bank connection was started from another account. Please connect your bank again from this account.";

// ADR 049: a bank link's return (its Link token; the public token never reaches the browser) replayed by another signed-in member, and a forged one,
// are refused with the sandbox bank in its default (Plaid's default) mode; the owner's stays theirs. JS on and off for
// the stranger; the owner goes through the bank's Link pages without JavaScript, where the return is a URL.
test("another member's Link return and a forged one are refused; the owner's still connects", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const ownerContext = await browser.newContext({ javaScriptEnabled: false });
  try {
    const owner = await ownerContext.newPage();
    await sandboxMember(owner, "link-owner", { dashboard: false });
    await owner.goto("/profile/bank-accounts");
    await owner.getByRole("button", { name: "Link Bank Account" }).click();
    await owner.getByRole("button", { name: "First Platypus Bank" }).click();
    await owner.getByLabel("Username").fill("user_good");
    await owner.getByLabel("Password").fill("pass_good");
    await owner.getByRole("button", { name: "Submit" }).click();
    await owner.getByRole("button", { name: "Continue" }).click();
    await expect(owner).toHaveURL(/\/profile\/bank-accounts\?.*link_token=/);
    const returnUrl = new URL(owner.url());

    await sandboxMember(page, "link-stranger", { dashboard: false });
    await page.goto(`/profile/bank-accounts${returnUrl.search}`);
    await page.getByRole("button", { name: "Connect Accounts" }).click();
    await expect(toasts(page)).toContainText(NOT_OWN);
    await expect(page.getByRole("heading", { name: "No Bank Accounts Found" })).toBeVisible();

    await page.goto("/profile/bank-accounts?public_token=public-sandbox-forged&link_token=link-sandbox-forged&institution_name=First+Platypus+Bank");
    await page.getByRole("button", { name: "Connect Accounts" }).click();
    await expect(toasts(page)).toContainText(NOT_OWN);
    await expect(page.getByRole("heading", { name: "No Bank Accounts Found" })).toBeVisible();

    await owner.getByRole("button", { name: "Connect Accounts" }).click();
    await expect(toasts(owner)).toContainText("Bank Account Connected!");
    await expect(owner.getByRole("listitem").filter({ hasText: "••••0000" })).toHaveCount(1);
  } finally {
    await ownerContext.close();
  }
});
