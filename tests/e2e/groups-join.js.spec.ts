import type { Page } from "@playwright/test";
import { DEMO, expect, expectNoSeriousA11yViolations, login, test } from "./fixtures";
import { invitedMember, PASSWORD } from "./groups-join.support";

// axe on every state of the join page (axe runs in the page, so JavaScript only): the details, the steps of the form and
// the invalid code in tests of their own (issue 47: no test over 10 s; the three states in one test took 19 s at a
// load of 7-10).
/** An invitee of a random-draw group, signed in, on its join page. */
async function onJoinPage(page: Page, baseURL: string | undefined, prefix: string) {
  const { groupName, inviteeEmail, joinLink } = await invitedMember(page, baseURL, prefix, { payoutSchedule: "random" });
  await login(page, inviteeEmail, PASSWORD, { dashboard: false });
  await page.goto(joinLink);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Join ${groupName}`);
}

test("the join page passes axe: details with a random draw", async ({ page, baseURL }) => {
  await onJoinPage(page, baseURL, "join-axe");
  await expect(page.getByText("Drawn at the start")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Draw commitment (SHA-256)" })).toBeVisible();
  await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the join page passes axe: the terms error, then the bank step", async ({ page, baseURL }) => {
  await onJoinPage(page, baseURL, "join-axe-steps");

  await page.getByRole("button", { name: "Accept and Join" }).click();
  await expect(page.getByText("You must agree to the terms before joining")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("checkbox", { name: "I have read and agree to the terms above." }).check();
  await page.getByRole("button", { name: "Accept and Join" }).click();
  await expect(page.getByRole("heading", { name: "Link a bank account" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test("the join page of an invalid code passes axe", async ({ page }) => {
  await login(page, DEMO.email, DEMO.password, { dashboard: false });
  await page.goto("/groups/join/this-code-does-not-exist-44");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid Invitation");
  await expectNoSeriousA11yViolations(page);
});
