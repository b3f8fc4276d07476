import { DEMO, expect, expectNoSeriousA11yViolations, login, test } from "./fixtures";
import { invitedMember, PASSWORD } from "./groups-join.support";

// axe on every state of the join page (axe runs in the page, so JavaScript only); the invalid code in a test of its own
// (issue 47: no test over 10 s).
test("the join page passes axe: details with a random draw, terms error, bank step", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const { groupName, inviteeEmail, joinLink } = await invitedMember(page, baseURL, "join-axe", { payoutSchedule: "random" });
  await login(page, inviteeEmail, PASSWORD);
  await page.goto(joinLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Join ${groupName}`);
  await expect(page.getByText("Drawn at the start")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Draw commitment (SHA-256)" })).toBeVisible();
  await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Accept and Join" }).click();
  await expect(page.getByText("You must agree to the terms before joining")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("checkbox", { name: "I have read and agree to the terms above." }).check();
  await page.getByRole("button", { name: "Accept and Join" }).click();
  await expect(page.getByRole("heading", { name: "Link a bank account" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the join page of an invalid code passes axe", async ({ page }) => {
  await login(page, DEMO.email, DEMO.password);
  await page.goto("/groups/join/this-code-does-not-exist-44");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid Invitation");
  await expectNoSeriousA11yViolations(page);
});
