import { expect, expectNoSeriousA11yViolations, sandboxMember, test, toasts } from "./fixtures";

test("link a bank in the Link modal (JavaScript)", async ({ page }) => {
  test.setTimeout(90_000);
  await sandboxMember(page, "modal", { dashboard: false });
  await page.goto("/profile/bank-accounts");
  await page.getByRole("button", { name: "Link Bank Account" }).click();
  const modal = page.getByRole("dialog", { name: "Connect a bank" });
  await expect(modal.getByRole("button", { name: "First Platypus Bank" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await modal.getByRole("button", { name: "First Platypus Bank" }).click();

  const login = page.getByRole("dialog", { name: "Log in to First Platypus Bank" });
  await login.getByLabel("Username").fill("user_good");
  await login.getByLabel("Password").fill("wrong_password");
  await login.getByRole("button", { name: "Submit" }).click();
  await expect(login.getByRole("alert")).toBeVisible();
  await login.getByLabel("Password").fill("pass_good");
  await login.getByRole("button", { name: "Submit" }).click();

  const choose = page.getByRole("dialog", { name: "Choose accounts" });
  await choose.getByRole("button", { name: "Continue" }).click();
  await expect(toasts(page)).toContainText("Bank Account Connected!");
  await expect(page.getByRole("listitem").filter({ hasText: "••••0000" })).toHaveCount(1);
  await expect(page.getByRole("listitem").filter({ hasText: "••••1111" })).toHaveCount(1);
  await expect(page.getByRole("dialog")).toHaveCount(0);

  const checking = page.getByRole("listitem").filter({ hasText: "••••0000" });
  await expect(checking.getByText("Available balance:")).toBeHidden();
  // A show/hide toggle (SPEC.md section 2): the label says what a press will do.
  await expect(checking.getByText("Show balance", { exact: true })).toBeVisible();
  await expect(checking.getByText("Hide balance", { exact: true })).toBeHidden();
  await checking.locator("summary").click();
  await expect(checking.getByText("Hide balance", { exact: true })).toBeVisible();
  await expect(checking.getByText("Show balance", { exact: true })).toBeHidden();
  await expect(checking.locator("dd").first()).toHaveText("$100.00");
  await checking.getByRole("button", { name: /^Unlink/ }).click();
  await expect(toasts(page)).toContainText("Bank account unlinked");
  await expect(page.getByRole("heading", { name: "No Bank Accounts Found" })).toBeVisible();
});

test("a locked account ends the modal with 'Bank Linking Cancelled'", async ({ page }) => {
  test.setTimeout(90_000);
  await sandboxMember(page, "modal-locked", { dashboard: false });
  await page.goto("/profile/bank-accounts");
  await page.getByRole("button", { name: "Link Bank Account" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Tartan Bank" }).click();
  const login = page.getByRole("dialog", { name: "Log in to Tartan Bank" });
  await login.getByLabel("Username").fill("user_good");
  await login.getByLabel("Password").fill("error_ITEM_LOCKED");
  await login.getByRole("button", { name: "Submit" }).click();
  await expect(toasts(page)).toContainText("Bank Linking Cancelled");
  await expect(page.getByRole("heading", { name: "No Bank Accounts Found" })).toBeVisible();
});
