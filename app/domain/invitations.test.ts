import { describe, expect, it } from "vitest";
import { describeInvitationOutcome, INVITATION_TTL_DAYS, invitationExpiresAt, invitationState } from "./invitations";

const now = new Date("2026-03-10T12:00:00Z");
const forming = { status: "forming", joinedCount: 2, memberCount: 5 };

describe("invitationState", () => {
  it.each([
    ["pending, in time, seats free", { status: "pending" as const, expiresAt: new Date("2026-03-11T00:00:00Z") }, forming, "open"],
    ["pending, past its expiry", { status: "pending" as const, expiresAt: new Date("2026-03-10T12:00:00Z") }, forming, "expired"],
    ["revoked", { status: "revoked" as const, expiresAt: new Date("2026-03-20T00:00:00Z") }, forming, "revoked"],
    ["pending, group full", { status: "pending" as const, expiresAt: new Date("2026-03-20T00:00:00Z") }, { ...forming, joinedCount: 5 }, "closed"],
    [
      "pending, group started",
      { status: "pending" as const, expiresAt: new Date("2026-03-20T00:00:00Z") },
      { ...forming, status: "active" },
      "closed",
    ],
    ["accepted", { status: "accepted" as const, expiresAt: new Date("2026-03-01T00:00:00Z") }, forming, "accepted"],
    ["declined", { status: "declined" as const, expiresAt: new Date("2026-03-20T00:00:00Z") }, forming, "declined"],
  ])("%s", (_, invitation, group, expected) => {
    expect(invitationState(invitation, group, now)).toBe(expected);
  });

  it("expires 14 days after sending", () => {
    expect(INVITATION_TTL_DAYS).toBe(14);
    expect(invitationExpiresAt(new Date("2026-03-01T09:30:00Z"))).toEqual(new Date("2026-03-15T09:30:00Z"));
  });
});

describe("describeInvitationOutcome", () => {
  it.each([
    [{ emailed: 2, queued: 0, failed: 0, notifiedInApp: 1 }, "2 invitations emailed, 1 member notified in the app."],
    [{ emailed: 1, queued: 0, failed: 0, notifiedInApp: 0 }, "1 invitation emailed."],
    [{ emailed: 0, queued: 0, failed: 0, notifiedInApp: 3 }, "3 members notified in the app."],
    [
      { emailed: 0, queued: 2, failed: 0, notifiedInApp: 1 },
      "1 member notified in the app, 2 invitation emails queued: our mail service can't send right now, so we'll send them automatically.",
    ],
    [
      { emailed: 1, queued: 1, failed: 1, notifiedInApp: 0 },
      "1 invitation emailed, 1 invitation email queued: our mail service can't send right now, so we'll send it automatically, 1 invitation email could not be delivered.",
    ],
    [{ emailed: 0, queued: 0, failed: 0, notifiedInApp: 0 }, "No one was invited by email: share the group's invite link from its page."],
  ])("%j", (outcome, sentence) => {
    expect(describeInvitationOutcome(outcome)).toBe(sentence);
  });
});

describe("inviteShareLinks", () => {
  it("prefills an email and a text message with the link, percent-encoded", async () => {
    const { inviteShareLinks } = await import("./invitations");
    const links = inviteShareLinks("https://rosca.example/groups/join/abcDEF123_-xyz7890", "Wedding & Co");
    expect(links.mailto).toBe(
      "mailto:?subject=Join%20my%20savings%20group%20Wedding%20%26%20Co%20on%20Rosca&body=I'd%20like%20you%20to%20join%20Wedding%20%26%20Co%2C%20our%20rotating%20savings%20group%20on%20Rosca%3A%20everyone%20contributes%20the%20same%20amount%20on%20a%20schedule%20and%20each%20of%20us%20takes%20a%20turn%20receiving%20the%20whole%20pot%2C%20interest-free.%0A%0AJoin%20here%3A%20https%3A%2F%2Frosca.example%2Fgroups%2Fjoin%2FabcDEF123_-xyz7890",
    );
    expect(links.sms).toBe(
      "sms:?&body=Join%20my%20savings%20group%20Wedding%20%26%20Co%20on%20Rosca%3A%20https%3A%2F%2Frosca.example%2Fgroups%2Fjoin%2FabcDEF123_-xyz7890",
    );
    expect(decodeURIComponent(links.sms.slice("sms:?&body=".length))).toBe(
      "Join my savings group Wedding & Co on Rosca: https://rosca.example/groups/join/abcDEF123_-xyz7890",
    );
  });
});
