/**
 * Set-up for the join specs: a group is created through POST /api/groups/create by a fresh sandbox member, inviting
 * an address that has no account yet; that person registers and gets sandbox access (no bank), and the join link is
 * read from the invitation email. Both accounts are made through the set-up API (the registration and confirmation
 * forms are accounts.spec.ts' subject; ADR 060, part ten (e)).
 */
import type { Page } from "@playwright/test";
import { emailLinks, expect, fixture, sandboxMember, uniqueEmail } from "./fixtures";

export const PASSWORD = "Secret123";

/** The first day of the month three months from now, and the 6th of that month: the group's first due day. */
function futureStart() {
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
  const iso = start.toISOString().slice(0, 10);
  const firstDue = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), 6));
  const longDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" }).format(firstDue);
  return { startDate: iso, firstDueLong: longDay };
}

/**
 * A forming 3-member group (monthly on the 6th, $100) by a fresh sandbox member "Bank Tester", inviting a new address;
 * the invitee then registers and gets sandbox access (no bank). Leaves the browser signed out, on no page yet.
 */
export async function invitedMember(page: Page, baseURL: string | undefined, prefix: string, options: { payoutSchedule?: "fixed" | "random" } = {}) {
  const groupName = `Join Circle ${Math.random().toString(36).slice(2, 7)}`;
  const { startDate, firstDueLong } = futureStart();
  await sandboxMember(page, `${prefix}-admin`, { dashboard: false });
  const inviteeEmail = uniqueEmail(`${prefix}-invitee`);
  const response = await page.request.post("/api/groups/create", {
    data: {
      name: groupName,
      memberCount: 3,
      contributionAmount: 100,
      payoutSchedule: options.payoutSchedule ?? "fixed",
      frequency: "monthly",
      dayOfMonth: 6,
      startDate,
      memberEmails: [inviteeEmail],
    },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id: groupId } = (await response.json()) as { id: string };
  // The admin leaves: the browser forgets the session (no page was opened as the admin, so no Logout to press).
  await page.context().clearCookies();

  // The invitee registers, confirms the address and is granted sandbox access (the app's own services, as the forms
  // and the admin's "Add User" call them); the invitation is read through the set-up API too.
  await fixture(page, "/members", { name: "Ina Invitee", email: inviteeEmail, password: PASSWORD, sandbox: true });
  const links = await emailLinks(page, inviteeEmail, `Bank Tester invited you to join ${groupName}`);
  const joinLink = links.find((href) => href.includes("/groups/join/"));
  expect(joinLink, "a join link in the invitation email").toBeTruthy();
  return { groupId, groupName, inviteeEmail, joinLink: joinLink!, firstDueLong };
}
