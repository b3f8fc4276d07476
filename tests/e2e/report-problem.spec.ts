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

  await login(page, bo, "Secret123", { dashboard: false });
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
  await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
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
  await login(page, bo, "Secret123", { dashboard: false });
  await page.goto("/reports");
  const answered = page.getByTestId("report").filter({ hasText: problem });
  await expect(answered).toContainText("Answered");
  await expect(answered.getByTestId("report-reply")).toContainText("Thanks: we have asked Cy's bank and will update you.");
  await page.goto("/notifications");
  await expect(page.locator("main")).toContainText(`Reply to your report about ${name}`);
  const links = await emailLinks(page, bo, `Reply to your report about ${name}`);
  expect(links.some((href) => href.endsWith("/reports"))).toBe(true);
});

/**
 * Issue 45, at 375 px with JavaScript on and off: a report about a payment keeps the payment through a validation error,
 * a receipt comes, the report is found from the header's menu, the member adds to it, and the admin closes it with a
 * note the member receives; the admin finds it under Closed.
 */
/**
 * The report's life in five tests, one person's part each (ADR 060: no e2e test over 10 s): they run in order in one
 * worker and share the report through the variables below; a part that fails skips the parts after it. Each person
 * signs out at the end of their part, as the one browser did between them.
 */
test.describe("a report about a payment survives a validation error, is found from the menu, answered by the member and closed with a note", () => {
  test.describe.configure({ mode: "serial" });
  // Each part takes 2-5 s alone on a quiet machine (10.1 s in one test); a loaded one makes it slower, not red (ADR 060).
  test.describe.configure({ timeout: 120_000 });
  const suffix = Math.random().toString(36).slice(2, 7);
  const name = `Report45 Circle ${suffix}`;
  const problem = `This debit looks doubled (${suffix}).`;
  let dana = "";
  let groupId = "";
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
  });

  // The first part in two (issue 47: it took 9.0 s at the machine's slow hours): the group and its first due day, then the report.
  test("a started group's first due day passes, and Dana's statement lists its payments", async ({ page }) => {
    dana = await bankedMember(page, "report45-dana", "Dana Demo");
    const bo = await bankedMember(page, "report45-bo", "Bo Baker");
    const cy = await bankedMember(page, "report45-cy", "Cy Chen");
    groupId = (await fixture<{ groupId: string }>(page, "/groups/started", { admin: dana, members: [bo, cy], name })).groupId;

    // Dana (the group's admin) moves the sandbox clock past the first due day, so the statement has payment rows.
    await login(page, dana, "Secret123", { dashboard: false });
    await page.goto(`/groups/${groupId}`);
    await page.getByLabel("Days").fill("7");
    await page.getByRole("button", { name: "Advance", exact: true }).click();
    // The move runs the group's due date on the server first: over 5 s at a load of about 20 (as money-flow.plaid's
    // clock waits up to 60 s).
    await expect(toasts(page)).toContainText("Sandbox clock moved", { timeout: 60_000 });
    await page.goto(`/groups/${groupId}/statement`);
    await expect(page.getByRole("link", { name: "Report a problem with this payment" }).first()).toBeVisible();
  });

  test("Dana reports a problem with one of them; too short a description keeps the payment", async ({ page }) => {
    await login(page, dana, "Secret123", { dashboard: false });
    await page.goto(`/groups/${groupId}/statement`);
    await page.getByRole("link", { name: "Report a problem with this payment" }).first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Report a problem");
    await expect(page.locator("main")).toContainText("About this payment");

    // Too short: the error, and the payment is still there.
    await page.getByRole("radio", { name: "Wrong amount" }).check();
    await page.getByLabel("What happened?").fill("short");
    await page.getByRole("button", { name: "Send Report" }).click();
    await expect(page.locator("main")).toContainText("Please describe the problem in at least 10 characters");
    await expect(page.locator("main")).toContainText("About this payment");
    await page.getByLabel("What happened?").fill(problem);
    await page.getByRole("button", { name: "Send Report" }).click();
    await expect(page).toHaveURL(/\/reports$/);
    await expect(toasts(page)).toContainText("Problem reported");
  });

  test("Dana finds her report from the header's menu and adds to it; the receipt is in the bell", async ({ page }) => {
    await login(page, dana, "Secret123", { dashboard: false });
    // Found from the header's menu; the receipt is in the bell.
    await page.goto("/dashboard");
    await page.getByLabel("Menu").click();
    await page.getByRole("link", { name: "Reports", exact: true }).click();
    await expect(page).toHaveURL(/\/reports$/);
    const mine = page.getByTestId("report").filter({ hasText: problem });
    await expect(mine).toContainText("Wrong amount");
    // The payment it is about, kept through the error.
    await expect(mine).toContainText(/Contribution · .+ · \$100\.00 · .+ · period 1/);

    // Dana adds to it while it is open.
    await mine.getByText("Add to this report").click();
    await mine.getByLabel("Your answer (our team sees it with your report)").fill("It shows twice in my banking app.");
    await mine.getByRole("button", { name: "Send Answer" }).click();
    await expect(toasts(page)).toContainText("Answer sent");
    await expect(page.getByTestId("report").filter({ hasText: problem }).getByTestId("report-answer")).toContainText(
      "It shows twice in my banking app.",
    );
    await page.goto("/notifications");
    await expect(page.locator("main")).toContainText(`We received your report about ${name}`);
    await logout(page);
  });

  test("the platform's admin closes it with a note; it moves to Closed", async ({ page }) => {
    // The platform's admin closes it with a note; it moves to Closed.
    await login(page, ADMIN.email, ADMIN.password, { dashboard: false });
    await page.goto("/admin");
    const listed = page.getByTestId("admin-report").filter({ hasText: problem });
    await expect(listed).toContainText("It shows twice in my banking app.");
    await listed.getByText("Close", { exact: true }).click();
    await listed.getByLabel("Note to Dana Demo (required: sent in the app and by email)").fill("Debited once; the second line was a hold.");
    await listed.getByRole("button", { name: "Close Report" }).click();
    await expect(toasts(page)).toContainText("Report closed");
    await expect(page.getByTestId("admin-report").filter({ hasText: problem })).toHaveCount(0);
    await page.getByRole("navigation", { name: "Which reports" }).getByRole("link", { name: "Closed" }).click();
    await expect(page.getByTestId("admin-report").filter({ hasText: problem })).toContainText("Closed");
    await logout(page);
  });

  test("Dana receives the note, in the app and by email", async ({ page }) => {
    // Dana receives the note.
    await login(page, dana, "Secret123", { dashboard: false });
    await page.goto("/notifications");
    await expect(page.locator("main")).toContainText(`Your report about ${name} was closed`);
    await expect(page.locator("main")).toContainText("Debited once; the second line was a hold.");
    await emailLinks(page, dana, `Your report about ${name} was closed`);
  });
});
