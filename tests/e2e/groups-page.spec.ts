import { SAMPLE_MEMBERS } from "../../app/domain/demo-accounts";
import { plannedDates, stepText } from "../../app/domain/payment-dates";
import { DEMO, expect, login, logout, test, toasts } from "./fixtures";
import { formingGroup } from "./groups-page.support";

const longDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "long" });
const iso = (day: Date) => day.toISOString().slice(0, 10);
/** The day a turn due on `due` is expected in the recipient's bank (payment-dates.ts). */
const arrivalOf = (due: string) => plannedDates(1, due).arrival!.day;
/** A turn's dates in the schedule table, as planned from its due day: due, collected, sent, expected. */
function scheduleDates(due: string, yours: boolean) {
  const planned = plannedDates(1, due);
  return [
    stepText("due", { day: due, planned: false }),
    stepText("collected", planned.collected!),
    stepText("sent", planned.sent!),
    stepText("arrival", planned.arrival!, { yours }),
  ].join("");
}

test("a forming group's page shows its projected figures, invite link and schedule; /groups and the dashboard list it", async ({
  page,
  baseURL,
  javaScript,
  context,
}) => {
  test.setTimeout(90_000);
  const group = await formingGroup(page, baseURL, "group-page");

  await page.goto(`/groups/${group.id}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(group.name);
  const header = page.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  await expect(header.getByText("Forming", { exact: true })).toBeVisible();

  const glance = page.getByRole("region", { name: "Group at a glance" });
  await expect(glance).toContainText("Members1 of 3 joined");
  await expect(glance).toContainText(`Next contribution${group.dueLong[0]}If the group fills today`);
  await expect(glance).toContainText("Contribution$100.00Monthly on the 6th");

  const nextPayout = page.getByRole("region", { name: "Next Payout", exact: true });
  // The payout's own day, labelled for what it is: expected in the bank (the one model of a payment's dates, ADR 040).
  await expect(nextPayout).toContainText(
    `RecipientYouExpected in your bank${longDay.format(new Date(`${arrivalOf(group.dueDays[0]!)}T00:00:00Z`))}Amount$300.00`,
  );
  await expect(nextPayout).toContainText(group.daysLabel);

  // Payout schedule: three rows (3 members), the viewer's first and marked as theirs.
  const schedule = page.getByRole("table", { name: "Payout schedule", exact: true });
  const rows = schedule.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toHaveAttribute("aria-current", "true");
  await expect(rows.nth(0).locator("td").nth(0)).toHaveText("1");
  await expect(rows.nth(0).locator("td").nth(1)).toContainText("Bank Tester");
  // One wording for an open seat, in the table and the timeline alike.
  await expect(rows.nth(1).locator("td").nth(1)).toHaveText("Yet to join");
  await expect(rows.nth(2).locator("td").nth(1)).toHaveText("Yet to join");
  const timeline = page.getByRole("region", { name: "Payout timeline", exact: true }).locator("li");
  await expect(timeline.nth(1)).toContainText("Turn 2Yet to join");
  await expect(timeline.nth(2)).toContainText("Turn 3Yet to join");
  await expect(page.getByText("Next to join")).toHaveCount(0);
  for (const [index, row] of [0, 1, 2].entries()) {
    await expect(rows.nth(row).locator("td").nth(2)).toHaveText(scheduleDates(group.dueDays[index]!, row === 0));
    await expect(rows.nth(row).locator("td").nth(3)).toHaveText("$300.00");
    await expect(rows.nth(row).locator("td").nth(4)).toHaveText("Pending");
  }
  await expect(page.getByText("Projected dates: as if the group filled today.", { exact: false })).toBeVisible();
  await expect(page.locator("footer").filter({ hasText: "Projected start" })).toContainText(
    `Projected start${group.dueLong[0]}Projected end${group.dueLong[2]}`,
  );

  // Members: the creator, admin, with their own email; no Paid/Pending before the start.
  const members = page.getByRole("region", { name: "Members", exact: true });
  await expect(members.getByTestId("member-row")).toHaveCount(1);
  await expect(members.getByTestId("member-row")).toContainText(`Bank TesterYouAdmin${group.email}`);
  await expect(members).toContainText("Waiting for 2 more members to join.");

  // No calendar file before the start.
  await expect(page.getByRole("link", { name: "Add to calendar" })).toHaveCount(0);

  // Invite link: selectable without JavaScript; Copy Link with it.
  const invite = page.getByRole("textbox", { name: "Invite link" });
  await expect(invite).toHaveAttribute("readonly", "");
  await expect(invite).toHaveValue(new RegExp(`^${baseURL!.replace(/[.]/g, "\\.")}/groups/join/[A-Za-z0-9_-]{22}$`));
  if (javaScript) {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    await page.getByRole("button", { name: "Copy Link" }).click();
    await expect(toasts(page)).toContainText("Invite link copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await invite.inputValue());
  } else {
    await expect(page.getByRole("button", { name: "Copy Link" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Share" })).toHaveCount(0);
  }

  // The admin may reorder before the start; with one member there is nothing to move yet.
  await expect(page.getByRole("button", { name: /Move Bank Tester/ })).toHaveCount(0);

  // /groups lists it under Forming.
  await page.goto("/groups");
  const forming = page.getByRole("region", { name: /Forming/ });
  const card = forming.getByRole("article", { name: group.name });
  await expect(card).toContainText("Members1 of 3 joined");
  await expect(card).toContainText("Contribution$100.00 · Monthly on the 6th");
  await expect(card).toContainText("Payout$300.00");
  await expect(card).toContainText("Your position1 of 3");
  await card.getByRole("link", { name: group.name }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));

  // Dashboard: a forming group is not active yet, so nothing is scheduled; its card links to the page.
  await page.goto("/dashboard");
  const stats = page.getByRole("region", { name: "Your savings at a glance" });
  await expect(stats).toContainText("Active groups0");
  await expect(stats).toContainText("Next contributionNone scheduled");
  await expect(stats).toContainText("Next payoutNone scheduled");
  const dashboardCard = page.getByRole("region", { name: "Your groups", exact: true }).getByRole("article", { name: group.name });
  await expect(dashboardCard).toContainText("Members1 of 3 joined");
  await expect(page.getByRole("region", { name: "Recent activity", exact: true })).toContainText(`You joined ${group.name}`);
  await dashboardCard.getByRole("link", { name: group.name }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(group.name);
});

test("another user, an unknown id and a malformed id all get the same Group Not Found page", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const group = await formingGroup(page, baseURL, "group-404");
  // The admin leaves: the browser forgets the session (no page was opened as the admin, so no Logout to press).
  await page.context().clearCookies();
  const amina = SAMPLE_MEMBERS[0];
  await login(page, amina.email, amina.password, { dashboard: false });

  const bodies: string[] = [];
  for (const path of [`/groups/${group.id}`, "/groups/00000000-0000-4000-8000-000000000000", "/groups/not-a-group"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Group Not Found");
    await expect(page.getByText(group.name)).toHaveCount(0);
    bodies.push((await page.locator("main").innerText()).trim());
  }
  expect(new Set(bodies).size).toBe(1);
  expect((await page.request.get(`/groups/${group.id}/calendar.ics`)).status()).toBe(404);
  await page.getByRole("link", { name: "Return to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

/** "Due Nov 20, 2026" (the schedule table's first date of a turn) → a UTC-midnight Date. */
const fromDue = (text: string) => new Date(`${text.replace(/^Due /, "")} 00:00 UTC`);
const icsDay = (day: Date) => day.toISOString().slice(0, 10).replace(/-/g, "");

/**
 * The seeded active group (scripts/lib/seed-groups.ts: Family Savings Circle, weekly, $100, 3 members including Amina).
 * The seed decides its dates and history, so this checks that the dashboard, the group page and the calendar file
 * agree with each other and with the rules, reading the schedule from the page.
 */
test("an active group: the dashboard stat cards, the group page and the calendar file agree", async ({ page }) => {
  test.setTimeout(60_000);
  // The demo user: its only active group is this one (Amina is also in the admin's Office Savings Club, whose clock
  // the money-clock spec moves).
  await login(page, DEMO.email, DEMO.password, { dashboard: false });
  await page.goto("/groups");
  await page
    .getByRole("region", { name: /Active/ })
    .getByRole("link", { name: "Family Savings Circle" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Family Savings Circle");

  const glance = page.getByRole("region", { name: "Group at a glance" });
  await expect(glance).toContainText("Members3 members");
  await expect(page.getByRole("textbox", { name: "Invite link" })).toHaveCount(0);

  // The schedule, read from the table: 3 weekly turns of $300.00, the demo user's row marked.
  const rows = page.getByRole("table", { name: "Payout schedule", exact: true }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  const table = await rows.evaluateAll((trs) =>
    trs.map((tr) => ({
      // A turn's dates are a list (due, collected, sent, arrival): its first item is the due day.
      cells: [...tr.querySelectorAll("td")].map((td) => td.querySelector("li")?.textContent ?? td.textContent ?? ""),
      current: tr.getAttribute("aria-current"),
    })),
  );
  const dates = table.map((row) => fromDue(row.cells[2]!));
  expect(table.map((row) => row.cells[0])).toEqual(["1", "2", "3"]);
  expect(table.map((row) => row.cells[3])).toEqual(["$300.00", "$300.00", "$300.00"]);
  // Weekly on one weekday (the seed picks a weekday a few days before it ran), which the glance names.
  const weekday = dates[0]!.getUTCDay();
  expect(dates.map((day) => day.getUTCDay())).toEqual([weekday, weekday, weekday]);
  const weekdayName = new Intl.DateTimeFormat("en-US", { weekday: "long", timeZone: "UTC" }).format(dates[0]!);
  await expect(glance).toContainText(`Contribution$100.00Every ${weekdayName}`);
  expect(dates.slice(1).map((day, index) => (day.getTime() - dates[index]!.getTime()) / 86_400_000)).toEqual([7, 7]);
  const mine = table.findIndex((row) => row.current === "true");
  expect(table.filter((row) => row.current === "true")).toHaveLength(1);
  expect(table[mine]!.cells[1]).toContain("Dana Demo");
  const nextIndex = table.findIndex((row) => row.cells[4] === "Pending");
  const completed = table.filter((row) => row.cells[4] === "Completed").length;
  expect(nextIndex).toBe(completed);

  // Next contribution and Next Payout: the first pending turn.
  const next = dates[nextIndex]!;
  await expect(glance).toContainText(`Next contribution${longDay.format(next)}Contribution`);
  const recipient = table[nextIndex]!.current === "true" ? "You" : table[nextIndex]!.cells[1]!;
  // Its payout's day: expected in the recipient's bank, from the due day on the ACH calendar (ADR 040).
  await expect(page.getByRole("region", { name: "Next Payout", exact: true })).toContainText(
    `Recipient${recipient}${recipient === "You" ? "Expected in your bank" : "Expected to arrive"}${longDay.format(new Date(`${arrivalOf(iso(next))}T00:00:00Z`))}Amount$300.00`,
  );
  await expect(page.locator("footer").filter({ hasText: "Start date" })).toContainText(
    `Start date${longDay.format(dates[0]!)}End date${longDay.format(dates[2]!)}`,
  );

  // The calendar file: the three contribution days and the day the demo user's payout is expected in their bank.
  const href = await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href");
  expect(href).toMatch(/^\/groups\/[0-9a-f-]{36}\/calendar\.ics$/);
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(response.headers()["content-disposition"]).toBe('attachment; filename="family-savings-circle-calendar.ics"');
  const lines = (await response.text()).replace(/\r\n[ \t]/g, "").split("\r\n");
  const events = lines
    .filter((line) => line.startsWith("SUMMARY:"))
    .map((summary, index) => [summary, lines.filter((line) => line.startsWith("DTSTART"))[index]]);
  expect(events).toEqual(
    dates.flatMap((day, index) => [
      ["SUMMARY:Contribution due: Family Savings Circle ($100.00)", `DTSTART;VALUE=DATE:${icsDay(day)}`],
      ...(index === mine
        ? [["SUMMARY:Your payout: Family Savings Circle ($300.00)", `DTSTART;VALUE=DATE:${arrivalOf(iso(day)).replace(/-/g, "")}`]]
        : []),
    ]),
  );

  // The dashboard: one active group, the same next contribution, and the user's own payout unless it has been made.
  await page.goto("/dashboard");
  const stats = page.getByRole("region", { name: "Your savings at a glance" });
  await expect(stats).toContainText("Active groups1");
  await expect(stats).toContainText(`Next contribution${longDay.format(next)}`);
  await expect(stats).toContainText(
    table[mine]!.cells[4] === "Pending"
      ? `Next payout$300.00Expected in your bank ${longDay.format(new Date(`${arrivalOf(iso(dates[mine]!))}T00:00:00Z`))}`
      : "Next payoutNone scheduled",
  );
  const card = page.getByRole("region", { name: "Your groups", exact: true }).getByRole("article", { name: "Family Savings Circle" });
  await expect(card).toContainText("Members3 members");
  await expect(card).toContainText(`Your position${mine + 1} of 3`);
  await expect(card).toContainText(`${completed} of 3 payouts completed`);
  // Issue 45: the card dates the next payout as the group page does (its expected arrival), never by its due day.
  const mediumDay = new Intl.DateTimeFormat("en-US", { timeZone: "UTC", dateStyle: "medium" });
  const nextArrival = mediumDay.format(new Date(`${arrivalOf(iso(next))}T00:00:00Z`));
  await expect(card).toContainText(
    new RegExp(`Next payout${recipient}: Payout goes out [A-Z][a-z]{2} \\d{1,2}, \\d{4}; expected (in your bank|to arrive) ${nextArrival}`),
  );
  await expect(page.getByRole("region", { name: "Recent activity", exact: true })).toContainText("You joined Family Savings Circle");
});

test("a forming random-draw group: the commitment, 'Drawn at the start', and the rest of the schedule behind Show All", async ({ page }) => {
  await login(page, DEMO.email, DEMO.password, { dashboard: false });
  await page.goto("/groups");
  await page
    .getByRole("region", { name: /Forming/ })
    .getByRole("link", { name: "Wedding Fund" })
    .click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Wedding Fund");
  await expect(page.getByRole("region", { name: "Group at a glance" })).toContainText("Members1 of 5 joined");
  await expect(page.getByRole("region", { name: "Next Payout", exact: true })).toContainText("RecipientDrawn at the start");

  const draw = page.getByRole("region", { name: "Random draw" });
  await expect(draw).toContainText("Seed fingerprint (SHA-256)");
  await expect(draw.locator("dd").first()).toHaveText(/^[0-9a-f]{64}$/);
  await expect(draw).not.toContainText("Revealed seed");

  const schedule = page.getByRole("region", { name: "Payout schedule" });
  const first = schedule.getByRole("table", { name: "Payout schedule", exact: true }).locator("tbody tr");
  await expect(first).toHaveCount(3);
  await expect(first.locator("td:nth-child(2)")).toHaveText(["Drawn at the start", "Drawn at the start", "Drawn at the start"]);
  const rest = schedule.getByRole("table", { name: "Payout schedule, continued" });
  await expect(rest).toBeHidden();
  const toggle = schedule.locator("summary");
  await expect(toggle).toContainText("(2 more payouts)");
  await expect(toggle.getByText("Show All")).toBeVisible();
  await toggle.click();
  await expect(rest).toBeVisible();
  await expect(rest.locator("tbody tr td:first-child")).toHaveText(["4", "5"]);
  await expect(toggle.getByText("Show Less")).toBeVisible();
  await expect(toggle.getByText("Show All")).toBeHidden();
  await toggle.click();
  await expect(rest).toBeHidden();
});

test("the admin of a fixed-order group moves a member up before the start", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const group = await formingGroup(page, baseURL, "group-reorder");
  await page.goto(`/groups/${group.id}`);
  const inviteUrl = await page.getByRole("textbox", { name: "Invite link" }).inputValue();
  await logout(page);

  // Omar (seeded, sandbox access and a linked bank) joins through the open invite link.
  const omar = SAMPLE_MEMBERS[1];
  await login(page, omar.email, omar.password);
  await page.goto(new URL(inviteUrl).pathname);
  await page.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Accept and Join" }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}$`));
  // Omar is not the admin: no reorder buttons.
  await expect(page.getByRole("button", { name: /^Move / })).toHaveCount(0);
  await logout(page);

  await login(page, group.email, "Secret123", { dashboard: false });
  await page.goto(`/groups/${group.id}`);
  const rows = page.getByRole("table", { name: "Payout schedule", exact: true }).locator("tbody tr");
  await expect(rows.locator("td:nth-child(2)")).toHaveText(["Bank Tester You (your turn)", "Omar Haddad", "Yet to join"]);
  await expect(page.getByRole("button", { name: "Move Bank Tester up" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Move Omar Haddad down" })).toHaveCount(0);
  await page.getByRole("button", { name: "Move Omar Haddad up" }).click();
  await expect(toasts(page)).toContainText("Payout order updated");
  await expect(rows.locator("td:nth-child(2)")).toHaveText(["Omar Haddad", "Bank Tester You (your turn)", "Yet to join"]);
  await expect(page.getByRole("region", { name: "Next Payout", exact: true })).toContainText("RecipientOmar Haddad");
  await expect(page.getByRole("region", { name: "Group at a glance" })).toContainText("Members2 of 3 joined");
});
