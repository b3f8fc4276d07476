import { bankedMember, expect, joinWith, login, logout, test, toasts } from "./fixtures";
import { formingGroup } from "./groups-page.support";

/**
 * The roster before the start (ADR 038), with JavaScript on and off: the group's admin replaces the invite link and
 * removes a member with a reason; the member removed is told, and the link they joined with no longer lets them in.
 */
test("the admin replaces the invite link and removes a member, who is told why and cannot come back through any link", async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const group = await formingGroup(page, baseURL, "roster");
  await page.goto(`/groups/${group.id}`);
  const linkField = page.getByLabel("Invite link");
  const firstLink = await linkField.inputValue();
  const firstCode = firstLink.split("/").pop()!;

  // Omar joins through the link (with a bank linked, as a member would), then the admin looks again.
  const omar = await bankedMember(page, "roster-omar", "Omar Haddad");
  await joinWith(page, omar, firstCode);
  await page.goto(`/groups/${group.id}`);
  const omarRow = page.getByTestId("member-row").filter({ hasText: "Omar Haddad" });
  await expect(omarRow).toBeVisible();

  // Replace the link: the field shows a new one.
  await page.getByText("Replace this link").click();
  await page.getByRole("button", { name: "Replace Invite Link" }).click();
  await expect(toasts(page)).toContainText("Invite link replaced");
  await expect(linkField).not.toHaveValue(firstLink);
  await expect(linkField).toHaveValue(/\/groups\/join\/[A-Za-z0-9_-]{22}$/);
  const secondCode = (await linkField.inputValue()).split("/").pop()!;

  // Remove Omar, with a reason.
  await omarRow.locator("summary", { hasText: "Remove" }).click();
  await omarRow.getByLabel("Reason (Omar Haddad will see it)").fill("We agreed on a smaller circle.");
  await omarRow.getByRole("button", { name: "Remove Omar Haddad" }).click();
  await expect(toasts(page)).toContainText("Member removed");
  await expect(toasts(page)).toContainText("Omar Haddad was removed and told why. Their seat is open again.");
  await expect(page.getByTestId("member-row").filter({ hasText: "Omar Haddad" })).toHaveCount(0);

  // Omar is told, and the link he joined with does not let him back in.
  await logout(page);
  await login(page, omar, "Secret123");
  await page.goto("/notifications");
  await expect(page.locator("main")).toContainText(`You were removed from ${group.name}`);
  await expect(page.locator("main")).toContainText("Reason: We agreed on a smaller circle.");
  // The link in use when he was removed: not for him. The one replaced before: not for anyone.
  await page.goto(`/groups/join/${secondCode}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Removed from Group");
  await expect(page.locator("main")).toContainText("Reason given: We agreed on a smaller circle.");
  await page.goto(`/groups/join/${firstCode}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Invalid Invitation");
  await page.goto(`/groups/${group.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Group Not Found");
});
