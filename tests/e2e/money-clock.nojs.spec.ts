/** The sandbox clock's forms without JavaScript (the walkthrough with it is money-clock.js.spec.ts). */
import { ADMIN, expect, login, test, toasts } from "./fixtures";
import { clockCard, CSV_HEADER, exclusively, GROUP, press, readGroupPage } from "./money-clock.support";

test("without JavaScript: the clock's forms move the group's time, and the statement and its CSV are plain pages", async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
  await page.goto("/groups");
  await page.getByRole("link", { name: GROUP }).first().click();
  const groupPath = new URL(page.url()).pathname;
  await exclusively(`clock-${groupPath.split("/").pop()}`, async () => {
    await page.goto(groupPath);
    const before = await readGroupPage(page);
    if (before.completed) return; // the JavaScript walkthrough may have run the group to its end
    // A count the server refuses (the browser's own min/max taken off, as an old browser or a script would): the page
    // comes back with the message under the field and the number still in it, and the clock has not moved.
    const spin = clockCard(page).getByRole("spinbutton", { name: "Days" });
    await spin.evaluate((input) => {
      input.removeAttribute("min");
      input.removeAttribute("max");
    });
    await spin.fill("500");
    const [refused] = await Promise.all([
      page.waitForResponse((response) => response.request().method() === "POST"),
      clockCard(page).getByRole("button", { name: "Advance", exact: true }).click(),
    ]);
    expect(refused.status()).toBe(400);
    await expect(spin).toHaveValue("500");
    await expect(spin).toHaveAttribute("aria-invalid", "true");
    await expect(spin).toHaveAccessibleDescription("Choose between 1 and 400 days.");
    expect((await readGroupPage(page)).day).toBe(before.day);
    await spin.fill("1");
    await clockCard(page).getByRole("button", { name: "Advance", exact: true }).click();
    await expect(toasts(page)).toContainText("Sandbox clock moved");
    const afterOne = await readGroupPage(page);
    if (afterOne.day) expect(afterOne.day).toBe(new Date(Date.parse(`${before.day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10));
    if (!afterOne.completed) await press(page, clockCard(page).getByRole("button", { name: "Advance to next event" }), afterOne.day!);
  });
  await page.goto(`${groupPath}/statement`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Statement: ${GROUP}`);
  const response = await page.request.get(`${groupPath}/statement.csv`);
  expect(response.status()).toBe(200);
  expect((await response.text()).split("\r\n")[0]).toBe(CSV_HEADER);
});
