import { ADMIN, bankedMember, emailLinks, expect, fixture, login, logout, test, toasts } from "./fixtures";

/**
 * Reporting a problem (ADR 041), with JavaScript on and off: a member reports one from their group's page (the form's
 * errors first), the platform's admin replies from the admin console, and the member reads the reply on /reports, in
 * the bell and by email.
 */
test("a member reports a problem, the admin replies from /admin, and the member sees the reply in the app and by email", async ({ page }) => {
  test.setTimeout(150_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const dana = await bankedMember(page, "report-dana", "Dana Demo");
  const bo = await bankedMember(page, "report-bo", "Bo Baker");
  const cy = await bankedMember(page, "report-cy", "Cy Chen");
  const name = `Report Circle ${suffix}`;
  const { groupId } = await fixture<{ groupId: string }>(page, "/groups/started", { admin: dana, members: [bo, cy], name });
  const problem = `Cy has not paid this week (${suffix}).`;

  await login(page, bo, "Secret123");
  await page.goto(`/groups/${groupId}`);
  await page.getByRole("link", { name: "Report a problem" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a problem");
  // Nothing filled in: the form says what is missing.
  await page.getByRole("button", { name: "Send Report" }).click();
  await expect(page.locator("main")).toContainText("Please choose what the problem is about");
  await expect(page.locator("main")).toContainText("Please describe the problem");
  await page.getByRole("radio", { name: "A member is not paying" }).check();
  await page.getByLabel("What happened?").fill(problem);
  await page.getByRole("button", { name: "Send Report" }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(toasts(page)).toContainText("Problem reported");
  const mine = page.getByTestId("report").filter({ hasText: problem });
  await expect(mine).toContainText("A member is not paying");
  await expect(mine).toContainText("Open");

  // The platform's admin answers from the console.
  await logout(page);
  await login(page, ADMIN.email, ADMIN.password);
  await page.goto("/admin");
  const listed = page.getByTestId("admin-report").filter({ hasText: problem });
  await expect(listed).toContainText(`A member is not paying · ${name}`);
  await expect(listed).toContainText(`Bo Baker (${bo})`);
  await listed.getByText("Reply", { exact: true }).click();
  await listed.getByLabel("Reply to Bo Baker (sent in the app and by email)").fill("Thanks: we have asked Cy's bank and will update you.");
  await listed.getByRole("button", { name: "Send Reply" }).click();
  await expect(toasts(page)).toContainText("Reply sent");
  await expect(page.getByTestId("admin-report").filter({ hasText: problem })).toContainText("Answered");

  // Bo reads it on /reports, in the bell and by email.
  await logout(page);
  await login(page, bo, "Secret123");
  await page.goto("/reports");
  const answered = page.getByTestId("report").filter({ hasText: problem });
  await expect(answered).toContainText("Answered");
  await expect(answered.getByTestId("report-reply")).toContainText("Thanks: we have asked Cy's bank and will update you.");
  await page.goto("/notifications");
  await expect(page.locator("main")).toContainText(`Reply to your report about ${name}`);
  const links = await emailLinks(page, bo, `Reply to your report about ${name}`);
  expect(links.some((href) => href.endsWith("/reports"))).toBe(true);
});
