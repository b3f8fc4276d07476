/**
 * Set-up for the phone-fit specs (issue 33): who visits which page, signed in how, with what data.
 *
 * - "visitor": signed out.
 * - "demo": the seeded demo user (Dana Demo), a member of the started "Family Savings Circle" (a statement with
 *   postings, notifications, a linked bank) and admin of the forming "Wedding Fund". Only read: nothing here moves
 *   its clock or changes its groups.
 * - "newcomer": a fresh member whose name, address and group name are as long as the forms allow, in words no line can
 *   break, so every place that shows them must wrap them: a forming group of theirs with a sent invitation, an
 *   invitation from another fresh member (and its join page), their mailbox, a password reset form.
 * - "admin": the seeded platform admin, for /admin.
 *
 * Each role signs in once (login()) and its cookies are kept, so a test switches roles by swapping cookies in
 * one browser context instead of signing in again.
 */
import type { Browser, BrowserContext, Cookie, Page } from "@playwright/test";
import { ADMIN, bankedMember, DEMO, expect, fixture, login, newestEmail, test, uniqueEmail } from "./fixtures";

export type Role = "visitor" | "demo" | "newcomer" | "admin";

/** 35 letters without a break: wider than a 320 px phone in any heading. */
const LONG_WORD = "Wolfeschlegelsteinhausenbergerdorff";
export const LONG_NAME = `Maximiliana ${LONG_WORD}`;
export const LONG_GROUP = `${LONG_WORD} Neighbourhood Savings Circle`;
const PASSWORD = "Secret123";

export type PhoneWorld = {
  cookies: Record<Role, Cookie[]>;
  /** The demo user's started group. */
  startedGroupId: string;
  /** The newcomer's forming group (long name, one sent invitation to a long address). */
  formingGroupId: string;
  /** The join page of the group the newcomer was invited to. */
  joinCode: string;
  /** The newcomer's password reset link (path and query), unspent. */
  resetPath: string;
  /** A message in the newcomer's mailbox. */
  messageId: string;
};

function futureStart() {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 3, 1)).toISOString().slice(0, 10);
}

async function createGroup(page: Page, name: string, memberEmails: string[]) {
  const response = await page.request.post("/api/groups/create", {
    data: {
      name,
      memberCount: 3,
      contributionAmount: 100,
      payoutSchedule: "fixed",
      frequency: "monthly",
      dayOfMonth: 6,
      startDate: futureStart(),
      memberEmails,
    },
    headers: { Origin: new URL(test.info().project.use.baseURL ?? "").origin },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

async function signedIn(browser: Browser, baseURL: string, email: string, password: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await login(page, email, password, { dashboard: false });
  return { context, page };
}

export async function phoneWorld(browser: Browser, baseURL: string): Promise<PhoneWorld> {
  const setup = await browser.newContext({ baseURL });
  const setupPage = await setup.newPage();
  const newcomerEmail = uniqueEmail(LONG_WORD.toLowerCase());
  await fixture(setupPage, "/members", { name: LONG_NAME, email: newcomerEmail, password: PASSWORD, sandbox: true, bank: true });
  // A reset link, asked for as the form does; reading its form later does not spend it.
  const asked = await setupPage.request.post("/login", {
    form: { intent: "reset-request", email: newcomerEmail },
    headers: { Origin: new URL(baseURL).origin },
  });
  expect(asked.status()).toBe(200);
  // Another member invites the newcomer to a group of theirs.
  const inviterEmail = await bankedMember(setupPage, "phone-inviter", "Ivo Inviter");
  await setup.close();

  const inviter = await signedIn(browser, baseURL, inviterEmail, PASSWORD);
  await createGroup(inviter.page, "Phone Fit Circle", [newcomerEmail]);
  await inviter.context.close();

  const newcomer = await signedIn(browser, baseURL, newcomerEmail, PASSWORD);
  const formingGroupId = await createGroup(newcomer.page, LONG_GROUP, [uniqueEmail(`${LONG_WORD.toLowerCase()}-invitee`)]);
  await newcomer.page.goto("/invitations");
  const joinHref = await newcomer.page.locator('a[href^="/groups/join/"]').first().getAttribute("href");
  expect(joinHref, "a join link on /invitations").toBeTruthy();
  const resetEmail = await newestEmail(newcomer.page, newcomerEmail, "Reset your Rosca password");
  const resetLink = resetEmail.links.find((href) => href.includes("/reset-password?"));
  expect(resetLink, "a reset link").toBeTruthy();
  const messageId = resetEmail.id;
  const newcomerCookies = await newcomer.context.cookies();
  await newcomer.context.close();

  const demo = await signedIn(browser, baseURL, DEMO.email, DEMO.password);
  await demo.page.goto("/groups");
  const startedHref = await demo.page
    .getByRole("link", { name: /Family Savings Circle/ })
    .first()
    .getAttribute("href");
  const startedGroupId = /\/groups\/([0-9a-f-]{36})/.exec(startedHref ?? "")?.[1];
  expect(startedGroupId, "the demo user's started group").toBeTruthy();
  const demoCookies = await demo.context.cookies();
  await demo.context.close();

  const admin = await signedIn(browser, baseURL, ADMIN.email, ADMIN.password);
  const adminCookies = await admin.context.cookies();
  await admin.context.close();

  const reset = new URL(resetLink!);
  return {
    cookies: { visitor: [], demo: demoCookies, newcomer: newcomerCookies, admin: adminCookies },
    startedGroupId: startedGroupId!,
    formingGroupId,
    joinCode: decodeURIComponent(joinHref!.slice("/groups/join/".length)),
    resetPath: `${reset.pathname}${reset.search}`,
    messageId: messageId!,
  };
}

/** Sign the context in as `role` (or out), by its cookies. */
export async function becomeRole(context: BrowserContext, world: PhoneWorld, role: Role) {
  await context.clearCookies();
  if (world.cookies[role].length > 0) await context.addCookies(world.cookies[role]);
}
