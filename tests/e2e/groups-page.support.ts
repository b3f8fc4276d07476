/**
 * Set-up for the group page specs: a fresh sandbox member ("Bank Tester") creates a forming 3-member group through
 * POST /api/groups/create (monthly on the 6th, $100, fixed order, starting the first of the month three months ahead,
 * so every projected date is known), and stays signed in.
 */
import type { Page } from "@playwright/test";
import { expect, sandboxMember, uniqueEmail } from "./fixtures";

const longDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" });
const mediumDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });

/** Today in New York (the groups' default time zone) as a UTC-midnight Date. */
function todayInNewYork() {
  const iso = new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York", year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(),
  );
  return new Date(`${iso}T00:00:00Z`);
}

export async function formingGroup(page: Page, baseURL: string | undefined, prefix: string) {
  const name = `Page Circle ${Math.random().toString(36).slice(2, 7)}`;
  const now = new Date();
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1));
  const dues = [0, 1, 2].map((offset) => new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + offset, 6)));
  const email = await sandboxMember(page, prefix, { dashboard: false });
  const response = await page.request.post("/api/groups/create", {
    data: {
      name,
      memberCount: 3,
      contributionAmount: 100,
      payoutSchedule: "fixed",
      frequency: "monthly",
      dayOfMonth: 6,
      startDate: start.toISOString().slice(0, 10),
      memberEmails: [uniqueEmail(`${prefix}-invitee`)],
    },
    headers: { Origin: baseURL ?? "" },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id, url } = (await response.json()) as { id: string; url: string };
  expect(url).toBe(`/groups/${id}`);
  const days = Math.round((dues[0]!.getTime() - todayInNewYork().getTime()) / 86_400_000);
  return {
    id,
    name,
    email,
    dueDays: dues.map((day) => day.toISOString().slice(0, 10)),
    dueLong: dues.map((day) => longDay.format(day)),
    dueMedium: dues.map((day) => mediumDay.format(day)),
    daysLabel: `${days} days until next contribution`,
  };
}
