import { expect, sandboxMember, test, toasts } from "./fixtures";

// Without JavaScript, linking goes through the sandbox bank's own Link pages; with it, the modal (bank-accounts.js.spec.ts).
test("link First Platypus Bank through the sandbox Link pages, reveal the balance, unlink", async ({ page }) => {
  test.setTimeout(90_000);
  await sandboxMember(page, "bank-nojs", { dashboard: false });
  await page.goto("/profile/bank-accounts");
  await expect(page.getByRole("heading", { name: "No Bank Accounts Found" })).toBeVisible();
  await page.getByRole("button", { name: "Link Bank Account" }).click();

  // The sandbox bank's Link pages (served by the bank, no JavaScript needed).
  await expect(page.getByRole("heading", { name: "Select your bank" })).toBeVisible();
  await page.getByRole("button", { name: "First Platypus Bank" }).click();
  await page.getByLabel("Username").fill("user_good");
  await page.getByLabel("Password").fill("pass_good");
  await page.getByRole("button", { name: "Submit" }).click();
  await page.getByRole("button", { name: "Continue" }).click();

  await expect(page).toHaveURL(/\/profile\/bank-accounts\?.*link_token=/);
  expect(new URL(page.url()).searchParams.get("public_token")).toBeNull();
  await page.getByRole("button", { name: "Connect Accounts" }).click();
  await expect(toasts(page)).toContainText("Bank Account Connected!");
  await expect(page.getByRole("listitem").filter({ hasText: "••••0000" })).toHaveCount(1);
  await expect(page.getByRole("listitem").filter({ hasText: "••••1111" })).toHaveCount(1);

  const checking = page.getByRole("listitem").filter({ hasText: "••••0000" });
  await expect(checking.getByText("Available balance:")).toBeHidden();
  // A show/hide toggle (SPEC.md section 2): the label says what a press will do.
  await expect(checking.getByText("Show balance", { exact: true })).toBeVisible();
  await expect(checking.getByText("Hide balance", { exact: true })).toBeHidden();
  await checking.locator("summary").click();
  await expect(checking.getByText("Hide balance", { exact: true })).toBeVisible();
  await expect(checking.getByText("Show balance", { exact: true })).toBeHidden();
  await expect(checking.getByText("Available balance:")).toBeVisible();
  await expect(checking.locator("dd").first()).toHaveText("$100.00");
  await expect(checking.locator("dd").nth(1)).toHaveText("$110.00");
  await checking.getByText("Hide balance", { exact: true }).click();
  await expect(checking.getByText("Available balance:")).toBeHidden();
  await expect(checking.getByText("Show balance", { exact: true })).toBeVisible();

  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { name: "Bank account connected" })).toBeVisible();

  await page.goto("/profile/bank-accounts");
  await checking.getByRole("button", { name: /^Unlink/ }).click();
  await expect(toasts(page)).toContainText("Bank account unlinked");
  await expect(page.getByRole("heading", { name: "No Bank Accounts Found" })).toBeVisible();
});

test("a failing bank login comes back as 'Bank Linking Cancelled'", async ({ page }) => {
  test.setTimeout(90_000);
  await sandboxMember(page, "bankfail-nojs", { dashboard: false });
  await page.goto("/profile/bank-accounts");
  await page.getByRole("button", { name: "Link Bank Account" }).click();
  await page.getByRole("button", { name: "Tartan Bank" }).click();
  await page.getByLabel("Username").fill("user_good");
  await page.getByLabel("Password").fill("error_ITEM_LOCKED");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page).toHaveURL(/\/profile\/bank-accounts\?status=exit/);
  await expect(page.getByRole("status").or(page.getByRole("alert")).filter({ hasText: "Bank Linking Cancelled" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "No Bank Accounts Found" })).toBeVisible();
});
