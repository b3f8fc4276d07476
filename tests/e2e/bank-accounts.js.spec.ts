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
  await expect(login.getByRole("alert")).toHaveText("The provided credentials were not correct. Please try again.");
  await login.getByLabel("Password").fill("pass_good");
  await login.getByRole("button", { name: "Submit" }).click();

  const choose = page.getByRole("dialog", { name: "Choose accounts" });
  await expect(choose.getByText("Plaid Checking ••0000 (checking)")).toBeVisible();
  await expect(choose.getByText("Plaid Saving ••1111 (savings)")).toBeVisible();
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

test("in Spanish, the bank's refusals and the accounts' kinds are said in Spanish", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await page.context().addCookies([{ name: "rosca_lang", value: "es-US", url: baseURL! }]);
  await sandboxMember(page, "modal-es", { dashboard: false });
  await page.goto("/profile/bank-accounts");
  await page.getByRole("button", { name: "Vincular una cuenta bancaria" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "First Platypus Bank" }).click();
  const login = page.getByRole("dialog", { name: "Inicie sesión en First Platypus Bank" });
  await login.getByLabel("Usuario").fill("user_good");
  await login.getByLabel("Contraseña").fill("wrong_password");
  await login.getByRole("button", { name: "Enviar" }).click();
  await expect(login.getByRole("alert")).toHaveText("Las credenciales no son correctas. Inténtelo de nuevo.");
  await login.getByLabel("Contraseña").fill("pass_good");
  await login.getByRole("button", { name: "Enviar" }).click();
  const choose = page.getByRole("dialog", { name: "Elija las cuentas" });
  await expect(choose.getByText("Plaid Checking ••0000 (corriente)")).toBeVisible();
  await expect(choose.getByText("Plaid Saving ••1111 (ahorros)")).toBeVisible();
  await choose.getByRole("button", { name: "Cerrar" }).click();

  // A locked account: the toast says why, in Spanish.
  await page.getByRole("button", { name: "Vincular una cuenta bancaria" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Tartan Bank" }).click();
  const again = page.getByRole("dialog", { name: "Inicie sesión en Tartan Bank" });
  await again.getByLabel("Usuario").fill("user_good");
  await again.getByLabel("Contraseña").fill("error_ITEM_LOCKED");
  await again.getByRole("button", { name: "Enviar" }).click();
  await expect(toasts(page)).toContainText("Vinculación bancaria cancelada");
  await expect(toasts(page)).toContainText("Estas credenciales son de una cuenta bloqueada. Restablézcalas con su institución financiera.");
});
