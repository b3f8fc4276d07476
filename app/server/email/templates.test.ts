import { describe, expect, it } from "vitest";
import { escapeHtml, formatCalendarDay, formatCents, renderEmail, renderTemplate, TEMPLATE_NAMES, type EmailMessage } from "./templates";

const confirmUrl = "https://rosca.example/auth/confirm?id=4f0c9a52-6a51-4c39-9d0b-3c1f2b8e7a11&token=s3cr3t";
const resetUrl = "https://rosca.example/reset-password?access_token=abc&refresh_token=def&type=recovery";

/** One valid message per template, so every template is exercised by the table tests below. */
const samples: { [T in EmailMessage["template"]]: Extract<EmailMessage, { template: T }> } = {
  welcome: { template: "welcome", data: { name: "Amina Yusuf", dashboardUrl: "https://rosca.example/dashboard" } },
  "confirm-email": { template: "confirm-email", data: { name: "Amina Yusuf", confirmUrl, expiresInHours: 24 } },
  "password-reset": { template: "password-reset", data: { name: "Amina Yusuf", resetUrl, expiresInMinutes: 60 } },
  "login-alert": {
    template: "login-alert",
    data: {
      name: "Amina Yusuf",
      signedInAt: "November 21, 2026 at 6:04 PM ET",
      device: "Chrome on macOS",
      ipAddress: "203.0.113.7",
      securityUrl: "https://rosca.example/profile/security",
    },
  },
  "confirm-new-email": {
    template: "confirm-new-email",
    data: {
      name: "Amina Yusuf",
      newEmail: "amina.new@example.com",
      confirmUrl: "https://rosca.example/profile/email?id=1&token=2",
      expiresInHours: 24,
    },
  },
  "email-changed": {
    template: "email-changed",
    data: {
      name: "Amina Yusuf",
      newEmail: "amina.new@example.com",
      changedAt: "November 26, 2026 at 9:41 AM ET",
      supportEmail: "support@rosca.example",
    },
  },
  "password-changed": {
    template: "password-changed",
    data: { name: "Amina Yusuf", changedAt: "November 21, 2026 at 6:04 PM ET", resetUrl: "https://rosca.example/login?mode=reset" },
  },
  "sandbox-granted": {
    template: "sandbox-granted",
    data: { name: "Amina Yusuf", bankAccountsUrl: "https://rosca.example/profile/bank-accounts" },
  },
  invitation: {
    template: "invitation",
    data: { name: null, invitedBy: "Avery Admin", registerUrl: "https://rosca.example/register" },
  },
  contact: {
    template: "contact",
    data: { name: "Omar Haddad", email: "omar@example.com", topic: "Billing", message: "Hello,\nhow do fees work?" },
  },
  "payment-reminder": {
    template: "payment-reminder",
    data: { name: "Amina Yusuf", groupName: "Wedding Fund", amountCents: 50_000, dueOn: "2026-03-06", groupUrl: "https://rosca.example/groups/g1" },
  },
  "payout-notification": {
    template: "payout-notification",
    data: {
      name: "Amina Yusuf",
      groupName: "Wedding Fund",
      amountCents: 500_000,
      payoutOn: "2026-03-20",
      sentOn: "2026-03-19",
      groupUrl: "https://rosca.example/groups/g1",
    },
  },
  "group-created": {
    template: "group-created",
    data: {
      name: "Amina Yusuf",
      groupName: "Wedding Fund",
      memberCount: 3,
      amountCents: 10_000,
      scheduleLine: "Monthly on the 15th",
      invitedEmails: ["omar@example.com", "lena@example.com"],
      inviteUrl: "https://rosca.example/groups/join/abcdEFGH1234ijkl",
      groupUrl: "https://rosca.example/groups/g1",
    },
  },
  "group-invitation": {
    template: "group-invitation",
    data: {
      name: "Omar Haddad",
      invitedBy: "Amina Yusuf",
      groupName: "Wedding Fund",
      memberCount: 3,
      amountCents: 10_000,
      payoutCents: 30_000,
      setupFeeCents: 500,
      scheduleLine: "Every other Friday",
      joinUrl: "https://rosca.example/groups/join/abcdEFGH1234ijkl",
    },
  },
  "group-started": {
    template: "group-started",
    data: {
      name: "Omar Haddad",
      groupName: "Wedding Fund",
      amountCents: 10_000,
      firstDueOn: "2026-03-06",
      payoutPosition: 2,
      memberCount: 3,
      payoutOn: "2026-03-20",
      payoutCents: 30_000,
      groupUrl: "https://rosca.example/groups/g1",
    },
  },
  "group-member-removed": {
    template: "group-member-removed",
    data: {
      name: "Omar Haddad",
      groupName: "Wedding Fund",
      removedBy: "Dana Demo",
      reason: "We agreed on a smaller circle.",
      dashboardUrl: "https://rosca.example/dashboard",
    },
  },
  "group-notice": {
    template: "group-notice",
    data: {
      name: "Dana Demo",
      groupName: "Wedding Fund",
      title: "Omar Haddad left Wedding Fund",
      body: "Omar Haddad left the group before it started. Their seat is open again; the invite link works for someone new.",
      actionLabel: "View your group",
      actionUrl: "https://rosca.example/groups/g1",
    },
  },
  "swap-notice": {
    template: "swap-notice",
    data: {
      name: "Lena Larsen",
      groupName: "Wedding Fund",
      title: "Omar Haddad and Dana Demo swapped turns in Wedding Fund",
      body: "Omar Haddad now has turn 1 and Dana Demo turn 2. Your turn stays 3 before and after: payout goes out December 16, 2026; expected in your bank December 17, 2026.",
      actionLabel: "Open the group",
      actionUrl: "https://rosca.example/groups/g1",
    },
  },
  "report-reply": {
    template: "report-reply",
    data: {
      name: "Omar Haddad",
      groupName: "Wedding Fund",
      category: "Payment not received",
      reportMessage: "My payout of $300 has not arrived.\nIt was due Friday.",
      reply: "It was sent on Friday and reaches your bank on Monday.",
      reportsUrl: "https://rosca.example/reports",
    },
  },
  "account-alert": {
    template: "account-alert",
    data: {
      name: "Amina Yusuf",
      title: "New sign-in to your Rosca account",
      body: "Someone signed in from Firefox on Windows (IP 203.0.113.9). If this wasn't you, change your password now.",
      occurredAt: "Dec 1, 2026, 9:41 AM EST",
      actionLabel: "Review account security",
      actionUrl: "https://rosca.example/profile/security",
    },
  },
  "daily-reminder": {
    template: "daily-reminder",
    data: {
      name: "Amina Yusuf",
      title: "Your $100.00 contribution to Wedding Fund is due in 3 days",
      body: "It is debited from your linked bank account on Friday, March 6, 2026. Please make sure the funds are available.",
      groupUrl: "https://rosca.example/groups/g1",
    },
  },
  "weekly-summary": {
    template: "weekly-summary",
    data: {
      name: "Amina Yusuf",
      weekOf: "2026-03-02",
      dashboardUrl: "https://rosca.example/dashboard",
      groups: [
        {
          name: "Wedding Fund",
          url: "https://rosca.example/groups/g1",
          status: "active",
          memberCount: 3,
          joinedCount: 3,
          contributionCents: 10_000,
          period: 2,
          paidNames: ["Omar Haddad", "You"],
          unpaidNames: ["Lena Fischer"],
          nextDueOn: "2026-03-06",
          nextPayout: { recipient: "Omar Haddad", payoutOn: "2026-03-06", amountCents: 30_000 },
        },
        {
          name: "Office Club",
          url: "https://rosca.example/groups/g2",
          status: "forming",
          memberCount: 5,
          joinedCount: 2,
          contributionCents: 5_000,
          period: null,
          paidNames: [],
          unpaidNames: [],
          nextDueOn: null,
          nextPayout: null,
        },
      ],
    },
  },
};

describe("notification-preference templates", () => {
  it("sums up each group's week: period, who paid, next due date, next payout", () => {
    const rendered = renderEmail(samples["weekly-summary"]);
    expect(rendered.subject).toBe("Your Rosca week: 2 groups, week of March 2, 2026");
    expect(rendered.text).toContain(
      [
        "Group: Wedding Fund",
        "Period: 2 of 3",
        "Paid this period: Omar Haddad, You (2 of 3)",
        "Still to pay: Lena Fischer",
        "Next due: Friday, March 6, 2026 · $100.00",
        "Next payout: Omar Haddad · expected to arrive Friday, March 6, 2026 · $300.00",
      ].join("\n"),
    );
    expect(rendered.text).toContain("Group: Office Club\nStatus: Forming: 2 of 5 members have joined");
    expect(rendered.html).toContain("Still to pay");
    // A payout that waits for a contribution has no day to promise.
    const [wedding, office] = samples["weekly-summary"].data.groups;
    const waiting = renderEmail({
      template: "weekly-summary",
      data: {
        ...samples["weekly-summary"].data,
        groups: [{ ...wedding!, nextPayout: { recipient: "Omar Haddad", payoutOn: null, amountCents: 30_000 } }, office!],
      },
    });
    expect(waiting.text).toContain("Next payout: Omar Haddad · waiting for every contribution · $300.00");
  });

  it("puts the alert's own words in the subject and the body", () => {
    const rendered = renderEmail(samples["account-alert"]);
    expect(rendered.subject).toBe("New sign-in to your Rosca account");
    expect(rendered.text).toContain("Someone signed in from Firefox on Windows (IP 203.0.113.9).");
    expect(rendered.text).toContain("Review account security: https://rosca.example/profile/security");
  });
});

describe("group templates", () => {
  it("greets an invitee by their profile's name, and one without an account with a plain 'Hi,'", () => {
    expect(renderEmail(samples["group-invitation"]).text).toMatch(/^Hi Omar Haddad,$/m);
    const stranger = renderEmail({ template: "group-invitation", data: { ...samples["group-invitation"].data, name: null } });
    expect(stranger.text).toMatch(/^Hi,$/m);
    expect(renderEmail(samples.invitation).text).toMatch(/^Hi,$/m);
  });

  it("states the invitation's figures", () => {
    const rendered = renderEmail(samples["group-invitation"]);
    expect(rendered.subject).toBe("Amina Yusuf invited you to join Wedding Fund");
    expect(rendered.text).toContain("$100.00");
    expect(rendered.text).toContain("$300.00");
    expect(rendered.text).toContain("Every other Friday");
    expect(rendered.text).toContain("https://rosca.example/groups/join/abcdEFGH1234ijkl");
    expect(rendered.text).toContain("Setup fee: $5.00 one-time setup fee, the same for every member and position");
  });

  it("tells each member their turn when the group starts", () => {
    const rendered = renderEmail(samples["group-started"]);
    expect(rendered.subject).toBe("Wedding Fund has started: your first contribution is due Friday, March 6, 2026");
    expect(rendered.text).toContain("2 of 3");
    expect(rendered.text).toContain("Your payout: $300.00, expected in your bank on Friday, March 20, 2026");
  });

  it("gives the creator the open invite link", () => {
    const rendered = renderEmail(samples["group-created"]);
    expect(rendered.subject).toBe("Your group Wedding Fund is ready for members");
    expect(rendered.text).toContain("omar@example.com, lena@example.com");
    expect(rendered.text).toContain("$300.00");
  });
});

describe("daily-reminder", () => {
  it("links to the group, or to Pay now for a late contribution (payUrl)", () => {
    const plain = renderEmail(samples["daily-reminder"]);
    expect(plain.text).toContain("View your group: https://rosca.example/groups/g1");
    const late = renderEmail({
      template: "daily-reminder",
      data: { ...samples["daily-reminder"].data, payUrl: "https://rosca.example/groups/g1/pay" },
    } as EmailMessage);
    expect(late.html).toContain('href="https://rosca.example/groups/g1/pay"');
    expect(late.text).toContain("Pay now: https://rosca.example/groups/g1/pay");
    expect(late.text).not.toContain("View your group");
  });
});

describe("group-notice", () => {
  it("puts the notice's title in the subject and its body, the group and the link in the email", () => {
    const email = renderEmail(samples["group-notice"]);
    expect(email.subject).toBe("Omar Haddad left Wedding Fund");
    expect(email.text).toContain("Omar Haddad left the group before it started. Their seat is open again; the invite link works for someone new.");
    expect(email.text).toContain("Group: Wedding Fund");
    expect(email.text).toContain("View your group: https://rosca.example/groups/g1");
  });
});

describe("report-reply", () => {
  it("quotes the admin's reply and what the member wrote, and links to their reports", () => {
    const email = renderEmail(samples["report-reply"]);
    expect(email.subject).toBe("Reply to your report about Wedding Fund");
    expect(email.text).toContain("> It was sent on Friday and reaches your bank on Monday.");
    expect(email.text).toContain("> My payout of $300 has not arrived.\n> It was due Friday.");
    expect(email.text).toContain("See your reports: https://rosca.example/reports");
  });
});

describe("escapeHtml", () => {
  it.each([
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    [`"quoted" & 'single'`, "&quot;quoted&quot; &amp; &#39;single&#39;"],
    ["plain", "plain"],
  ])("%s", (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});

describe("formatting", () => {
  it.each([
    [0, "$0.00"],
    [1_000, "$10.00"],
    [123_456, "$1,234.56"],
  ])("formatCents(%i) is %s", (cents, expected) => {
    expect(formatCents(cents)).toBe(expected);
  });

  it("formats a calendar day without shifting it by time zone", () => {
    expect(formatCalendarDay("2026-03-06")).toBe("Friday, March 6, 2026");
    expect(formatCalendarDay("2026-01-01")).toBe("Thursday, January 1, 2026");
  });
});

describe("every template", () => {
  it.each(TEMPLATE_NAMES)("%s renders a subject, an HTML document and a text body", (name) => {
    const rendered = renderEmail(samples[name]);
    expect(rendered.subject.length).toBeGreaterThan(0);
    expect(rendered.subject).not.toMatch(/[\r\n]/);
    expect(rendered.html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(rendered.html).toContain("Rosca");
    expect(rendered.text).toContain("Rosca");
    // No markup leaks into the text version.
    expect(rendered.text).not.toMatch(/<\/?(p|a|table|div)\b/);
  });

  it.each(TEMPLATE_NAMES)("%s escapes a hostile name in HTML and keeps it verbatim in text", (name) => {
    const hostile = '<script>alert("x")</script>';
    const sample = samples[name];
    const message = { ...sample, data: { ...sample.data, name: hostile } } as EmailMessage;
    const rendered = renderEmail(message);
    expect(rendered.html).not.toContain("<script>");
    expect(rendered.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(rendered.text).toContain(hostile);
  });
});

describe("confirm-email", () => {
  const rendered = renderEmail(samples["confirm-email"]);

  it("has the exact subject", () => {
    expect(rendered.subject).toBe("Confirm your email address for Rosca");
  });

  it("puts the link in both bodies (HTML-escaped in the href)", () => {
    expect(rendered.html).toContain(`href="${confirmUrl.replace("&", "&amp;")}"`);
    expect(rendered.text).toContain(`Confirm email address: ${confirmUrl}`);
  });

  it("says the link is valid for 24 hours", () => {
    expect(rendered.html).toContain("This link is valid for 24 hours.");
    expect(rendered.text).toContain("This link is valid for 24 hours.");
  });
});

describe("password-reset", () => {
  const rendered = renderEmail(samples["password-reset"]);

  it("has the exact subject, the link, the expiry and the ignore notice", () => {
    expect(rendered.subject).toBe("Reset your Rosca password");
    expect(rendered.html).toContain(`href="${resetUrl.replaceAll("&", "&amp;")}"`);
    expect(rendered.text).toContain(`Choose a new password: ${resetUrl}`);
    expect(rendered.text).toContain("This link expires in 1 hour and can be used once.");
    expect(rendered.text).toContain("If you didn't ask to reset your password, ignore this email: your password stays the same.");
    expect(rendered.html).toContain("If you didn&#39;t ask to reset your password, ignore this email");
  });

  it("words other lifetimes correctly", () => {
    const twoHours = renderEmail({ template: "password-reset", data: { name: "A", resetUrl, expiresInMinutes: 120 } });
    expect(twoHours.text).toContain("This link expires in 2 hours and can be used once.");
    const minutes = renderEmail({ template: "password-reset", data: { name: "A", resetUrl, expiresInMinutes: 30 } });
    expect(minutes.text).toContain("This link expires in 30 minutes and can be used once.");
  });
});

describe("welcome", () => {
  it("greets by name and links to the dashboard", () => {
    const rendered = renderEmail(samples.welcome);
    expect(rendered.subject).toBe("Welcome to Rosca");
    expect(rendered.text).toContain("Hi Amina Yusuf,");
    expect(rendered.text).toContain("Go to your dashboard: https://rosca.example/dashboard");
    expect(rendered.html).toContain('href="https://rosca.example/dashboard"');
  });

  it('greets a blank name with a plain "Hi,"', () => {
    const rendered = renderEmail({ template: "welcome", data: { name: "  ", dashboardUrl: "https://rosca.example/dashboard" } });
    expect(rendered.text).toMatch(/^Hi,$/m);
    expect(rendered.text).not.toContain("Hi there");
  });
});

describe("contact", () => {
  it("carries name, email, topic and message, with a one-line subject", () => {
    const rendered = renderEmail({
      template: "contact",
      data: { name: "Omar\r\nBcc: evil@example.com", email: "omar@example.com", topic: "Billing", message: "Line one\nLine <b>two</b>" },
    });
    expect(rendered.subject).toBe("Contact form: Billing — from Omar Bcc: evil@example.com");
    expect(rendered.text).toContain("Name: Omar Bcc: evil@example.com\nEmail: omar@example.com\nTopic: Billing");
    expect(rendered.text).toContain("> Line one\n> Line <b>two</b>");
    expect(rendered.html).toContain("Line one\nLine &lt;b&gt;two&lt;/b&gt;");
  });
});

describe("payment-reminder and payout-notification", () => {
  it("formats the amount from cents and the day", () => {
    const reminder = renderEmail(samples["payment-reminder"]);
    expect(reminder.subject).toBe("Reminder: your $500.00 contribution to Wedding Fund is due Friday, March 6, 2026");
    expect(reminder.text).toContain("Group: Wedding Fund\nAmount: $500.00\nDue: Friday, March 6, 2026");

    // The payout has arrived: sent one day, arrived the next, labelled as every page labels them (ADR 040).
    const payout = renderEmail(samples["payout-notification"]);
    expect(payout.subject).toBe("Your $5,000.00 payout from Wedding Fund has arrived");
    expect(payout.text).toContain("Group: Wedding Fund\nPayout: $5,000.00\nPayout sent: Thursday, March 19, 2026\nArrived: Friday, March 20, 2026");
    expect(payout.text).toContain("View your group: https://rosca.example/groups/g1");
    // A message queued before sentOn existed still renders, with the day it arrived.
    const older = renderEmail({ template: "payout-notification", data: { ...samples["payout-notification"].data, sentOn: undefined } });
    expect(older.text).toContain("Group: Wedding Fund\nPayout: $5,000.00\nArrived: Friday, March 20, 2026");
  });
});

describe("links", () => {
  it("renders a non-http URL as text, never as a link", () => {
    const rendered = renderEmail({ template: "welcome", data: { name: "A", dashboardUrl: "javascript:alert(1)" } });
    expect(rendered.html).not.toContain('href="javascript:');
    expect(rendered.html).toContain("Go to your dashboard: javascript:alert(1)");
  });
});

describe("renderTemplate (untrusted alias and model)", () => {
  it("renders a known alias exactly like renderEmail", () => {
    const result = renderTemplate("confirm-email", samples["confirm-email"].data);
    expect(result).toEqual({ ok: true, rendered: renderEmail(samples["confirm-email"]) });
  });

  it("rejects an unknown alias, including inherited object keys", () => {
    expect(renderTemplate("no-such-template", {})).toEqual({ ok: false, reason: "unknown-template" });
    expect(renderTemplate("toString", {})).toEqual({ ok: false, reason: "unknown-template" });
  });

  it("names the invalid model fields", () => {
    expect(renderTemplate("payment-reminder", { name: "A", groupName: "G", amountCents: 1.5, dueOn: "06/03/2026", groupUrl: "x" })).toEqual({
      ok: false,
      reason: "invalid-model",
      issues: ["amountCents", "dueOn"],
    });
  });
});
