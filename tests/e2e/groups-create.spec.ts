import type { Page } from "@playwright/test";
import { expect, expectNoSeriousA11yViolations, fixture, login, sandboxMember, test, toasts, uniqueEmail } from "./fixtures";

/** The current step of the progress indicator. */
function currentStep(page: Page) {
  return page.locator('nav[aria-label="Progress"] [aria-current="step"]');
}

test.describe("/groups/create", () => {
  test("a sandbox member creates a 3-member weekly group: step 1 errors, step 2 errors, Back keeps everything", async ({ page, javaScript }) => {
    test.setTimeout(60_000);
    await sandboxMember(page, javaScript ? "create-js" : "create-nojs", { dashboard: false });
    await page.goto("/groups/create");
    await expect(page.getByRole("heading", { level: 1, name: "Create a New Group" })).toBeVisible();
    await expect(currentStep(page)).toContainText("Group Settings");
    // Defaults (SPEC.md section 9): 5 members, $100, fixed order, monthly.
    await expect(page.getByLabel("Number of members")).toHaveValue("5");
    await expect(page.getByLabel("Contribution amount (US dollars)")).toHaveValue("100");
    await expect(page.getByLabel("Payment frequency")).toHaveValue("monthly");
    await expect(page.getByRole("radio", { name: /Fixed Order/ })).toBeChecked();
    await expect(page.getByTestId("summary-payout")).toHaveText("$500.00");
    await expect(page.getByText("months with fewer days use their last day")).toBeVisible();
    if (javaScript) await expectNoSeriousA11yViolations(page);

    // Step 1 errors stay on step 1, next to their field.
    await page.getByRole("button", { name: "Next: Invite Members" }).click();
    await expect(page.getByText("Group name is required")).toBeVisible();
    await expect(page.getByLabel("Group name")).toHaveAttribute("aria-invalid", "true");
    await expect(currentStep(page)).toContainText("Group Settings");

    await page.getByLabel("Group name").fill("Weekly Circle");
    await page.getByLabel("Number of members").selectOption("3");
    await page.getByLabel("Contribution amount (US dollars)").fill("50");
    await page.getByLabel("Payment frequency").selectOption("weekly");
    // SPEC.md section 4: weekly starts on Monday (with JavaScript the reset is live; without, Monday is the default).
    await expect(page.getByLabel("Day of week")).toHaveValue("1");
    if (javaScript) {
      await expect(page.getByTestId("schedule-line")).toHaveText("Every Monday");
      await expect(page.getByLabel("Day of month")).toBeHidden();
    }
    await page.getByLabel("Day of week").selectOption("5");
    if (!javaScript) await page.getByRole("button", { name: "Update summary" }).click();
    await expect(page.getByTestId("schedule-line")).toHaveText("Every Friday");
    await expect(page.getByTestId("summary-contribution")).toHaveText("$50.00");
    await expect(page.getByTestId("summary-payout")).toHaveText("$150.00");
    await expect(page.getByTestId("summary-cycle")).toHaveText("The cycle lasts 3 periods (3 weeks), one payout per period.");

    await page.getByRole("button", { name: "Next: Invite Members" }).click();
    await expect(currentStep(page)).toContainText("Invite Members");
    const recap = page.getByRole("region", { name: "Your group" });
    await expect(recap).toContainText("Weekly Circle");
    await expect(recap).toContainText("Every Friday");
    await expect(recap).toContainText("$150.00");
    // A group of 3 invites at most 2: two rows, no 'Add Another Member'.
    await expect(page.locator('input[type="email"]')).toHaveCount(2);
    await expect(page.getByRole("button", { name: "Add Another Member" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
    if (javaScript) await expectNoSeriousA11yViolations(page);

    await page.getByLabel("Member 2 email").fill("not-an-email");
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByLabel("Member 2 email")).toHaveAttribute("aria-invalid", "true");

    // Back keeps every setting and the typed email.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(currentStep(page)).toContainText("Group Settings");
    await expect(page.getByLabel("Group name")).toHaveValue("Weekly Circle");
    await expect(page.getByLabel("Number of members")).toHaveValue("3");
    await expect(page.getByLabel("Contribution amount (US dollars)")).toHaveValue("50");
    await expect(page.getByLabel("Payment frequency")).toHaveValue("weekly");
    await expect(page.getByLabel("Day of week")).toHaveValue("5");
    await page.getByRole("button", { name: "Next: Invite Members" }).click();
    await expect(page.getByLabel("Member 2 email")).toHaveValue("not-an-email");

    await page.getByLabel("Member 2 email").fill(uniqueEmail("invitee"));
    await page.getByRole("button", { name: "Create Group" }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toasts(page)).toContainText("Group Created Successfully!");
    await expect(toasts(page)).toContainText('Your group "Weekly Circle" has been created. 1 invitation emailed.');
  });

  test("'Add Another Member' adds rows up to members - 1 and Back keeps them", async ({ page, javaScript }) => {
    test.setTimeout(60_000);
    await sandboxMember(page, javaScript ? "rows-js" : "rows-nojs", { dashboard: false });
    await page.goto("/groups/create");
    await page.getByLabel("Group name").fill("Five Friends");
    // Enter in a text field means 'Next: Invite Members', not 'Update summary'.
    await page.getByLabel("Group name").press("Enter");
    await expect(currentStep(page)).toContainText("Invite Members");
    await expect(page.locator('input[type="email"]')).toHaveCount(3);
    await page.getByLabel("Member 2 email").fill("first@example.com");
    await page.getByRole("button", { name: "Add Another Member" }).click();
    await expect(page.locator('input[type="email"]')).toHaveCount(4);
    await expect(page.getByLabel("Member 2 email")).toHaveValue("first@example.com");
    await page.getByLabel("Member 5 email").fill("fourth@example.com");
    // Five members: four invitees at most.
    await expect(page.getByRole("button", { name: "Add Another Member" })).toHaveCount(0);

    await page.getByRole("button", { name: "Back" }).click();
    await expect(page.getByLabel("Group name")).toHaveValue("Five Friends");
    await page.getByRole("button", { name: "Next: Invite Members" }).click();
    await expect(page.locator('input[type="email"]')).toHaveCount(4);
    await expect(page.getByLabel("Member 2 email")).toHaveValue("first@example.com");
    await expect(page.getByLabel("Member 5 email")).toHaveValue("fourth@example.com");
  });

  test("without sandbox access the page warns and shows the request card, not the wizard", async ({ page, javaScript }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail(javaScript ? "nosandbox-js" : "nosandbox-nojs");
    await fixture(page, "/members", { name: "No Sandbox", email, password: "Secret123" });
    await login(page, email, "Secret123", { dashboard: false });
    await page.goto("/groups/create");
    await expect(page.getByText("Sandbox access required")).toBeVisible();
    await expect(page.getByText("Creating a group needs sandbox access during the demo phase.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Request Sandbox Access" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Next: Invite Members" })).toHaveCount(0);
    await expect(page.getByLabel("Group name")).toHaveCount(0);
    if (javaScript) await expectNoSeriousA11yViolations(page);
  });
});
