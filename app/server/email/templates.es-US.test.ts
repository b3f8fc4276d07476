import { describe, expect, it } from "vitest";
import { describeSchedule, type Schedule } from "../../domain/schedule";
import { ENGLISH_ONLY_TEMPLATES, renderEmail, scheduleWords, TEMPLATE_NAMES, withLanguage, type EmailMessage } from "./templates";

const confirmUrl = "https://rosca.example/auth/confirm?id=4f0c&token=s3cr3t";
const resetUrl = "https://rosca.example/reset-password?access_token=abc&refresh_token=def&type=recovery";

/** Words that would give an English sentence away in a Spanish email (the frame's and the translated templates'). */
const ENGLISH = /\b(Hi|Welcome|Please|your|you|the|This link|If the button|interest-free|Create|Members|Contribution|Schedule|Setup fee)\b/;

const invitation: Extract<EmailMessage, { template: "group-invitation" }> = {
  template: "group-invitation",
  data: {
    name: null,
    invitedBy: "Amina Yusuf",
    groupName: "Fondo de boda",
    memberCount: 3,
    amountCents: 105_000,
    payoutCents: 315_000,
    setupFeeCents: 500,
    scheduleLine: "Every other Friday",
    schedule: { frequency: "biweekly", dayOfWeek: 5, dayOfMonth: null },
    joinUrl: "https://rosca.example/groups/join/abcdEFGH1234ijkl",
  },
};

const translated: EmailMessage[] = [
  { template: "welcome", data: { name: "Amina Yusuf", dashboardUrl: "https://rosca.example/dashboard" } },
  { template: "confirm-email", data: { name: "Amina Yusuf", confirmUrl, expiresInHours: 24 } },
  { template: "password-reset", data: { name: "Amina Yusuf", resetUrl, expiresInMinutes: 60 } },
  { template: "invitation", data: { name: null, invitedBy: "Avery Admin", registerUrl: "https://rosca.example/register" } },
  invitation,
  {
    template: "confirm-new-email",
    data: {
      name: "Amina Yusuf",
      newEmail: "amina.new@example.com",
      confirmUrl: "https://rosca.example/profile/email?id=1&token=2",
      expiresInHours: 24,
    },
  },
  { template: "sandbox-granted", data: { name: "Amina Yusuf", bankAccountsUrl: "https://rosca.example/profile/bank-accounts" } },
  {
    template: "group-member-removed",
    data: {
      name: "Omar Haddad",
      groupName: "Fondo de boda",
      removedBy: "Amina Yusuf",
      reason: "Cambio de planes",
      dashboardUrl: "https://rosca.example/dashboard",
    },
  },
  {
    template: "group-started",
    data: {
      name: "Omar Haddad",
      groupName: "Fondo de boda",
      amountCents: 10_000,
      firstDueOn: "2026-03-06",
      payoutPosition: 2,
      memberCount: 3,
      payoutOn: "2026-12-01",
      payoutCents: 30_000,
      groupUrl: "https://rosca.example/groups/g1",
    },
  },
  // Part four (e).
  {
    template: "login-alert",
    data: {
      name: "Amina Yusuf",
      signedInAt: "2026-11-21T23:04:00.000Z",
      device: "Firefox on Linux",
      ipAddress: "203.0.113.7",
      securityUrl: "https://rosca.example/profile/security",
    },
  },
  {
    template: "email-changed",
    data: { name: "Amina Yusuf", newEmail: "amina.new@example.com", changedAt: "2026-11-26T14:41:00.000Z", supportEmail: "support@rosca.example" },
  },
  {
    template: "password-changed",
    data: { name: "Amina Yusuf", changedAt: "2026-11-21T23:04:00.000Z", resetUrl: "https://rosca.example/login?mode=reset" },
  },
  {
    template: "payment-reminder",
    data: { name: "Amina Yusuf", groupName: "Fondo de boda", amountCents: 105_000, dueOn: "2026-12-01", groupUrl: "https://rosca.example/groups/g1" },
  },
  {
    template: "payout-notification",
    data: {
      name: "Omar Haddad",
      groupName: "Fondo de boda",
      amountCents: 315_000,
      payoutOn: "2027-01-14",
      sentOn: "2027-01-13",
      groupUrl: "https://rosca.example/groups/g1",
    },
  },
  {
    template: "group-created",
    data: {
      name: "Amina Yusuf",
      groupName: "Fondo de boda",
      memberCount: 3,
      amountCents: 105_000,
      scheduleLine: "Every other Friday",
      schedule: { frequency: "biweekly", dayOfWeek: 5, dayOfMonth: null },
      invitedEmails: [],
      inviteUrl: "https://rosca.example/groups/join/abcdEFGH1234ijkl",
      groupUrl: "https://rosca.example/groups/g1",
    },
  },
  {
    template: "report-reply",
    data: {
      name: "Omar Haddad",
      groupName: "Fondo de boda",
      category: "Payment not received",
      reportMessage: "No me llegó el pago.",
      reply: "Ya lo revisamos.",
      reportsUrl: "https://rosca.example/reports",
    },
  },
  {
    template: "group-notice",
    data: {
      name: "Amina Yusuf",
      groupName: "Fondo de boda",
      title: "Omar Haddad left Fondo de boda",
      body: "Omar Haddad left the group before it started. Their seat is open again; the invite link works for someone new.",
      notice: { message: "memberLeft", values: { memberName: "Omar Haddad", groupName: "Fondo de boda" } },
      actionLabel: "View your group",
      actionUrl: "https://rosca.example/groups/g1",
    },
  },
  {
    template: "swap-notice",
    data: {
      name: "Amina Yusuf",
      groupName: "Fondo de boda",
      title: "Omar Haddad joined Fondo de boda",
      body: "",
      notice: { message: "memberJoined", values: { memberName: "Omar Haddad", groupName: "Fondo de boda" } },
      actionLabel: "Open the group",
      actionUrl: "https://rosca.example/groups/g1",
    },
  },
  {
    template: "account-alert",
    data: {
      name: "Amina Yusuf",
      title: "Two-factor authentication turned on",
      body: "Signing in now needs a code from your authenticator app as well as your password. If this wasn't you, change your password now.",
      notice: { message: "twoFactorEnabled", values: {} },
      occurredAt: "2026-11-21T23:04:00.000Z",
      actionLabel: "Review account security",
      actionUrl: "https://rosca.example/profile/security",
    },
  },
  {
    template: "daily-reminder",
    data: {
      name: "Amina Yusuf",
      title: "Your $1,050.00 contribution to Fondo de boda is due tomorrow",
      body: "It is debited from your linked bank account on Tuesday, December 1, 2026. Please make sure the funds are available.",
      notice: { message: "dailyUpcoming", values: { groupName: "Fondo de boda", amountCents: 105_000, dueOn: "2026-12-01", days: 1 } },
      groupUrl: "https://rosca.example/groups/g1",
    },
  },
  {
    template: "weekly-summary",
    data: {
      name: "Amina Yusuf",
      weekOf: "2026-12-07",
      dashboardUrl: "https://rosca.example/dashboard",
      groups: [
        {
          name: "Fondo de boda",
          url: "https://rosca.example/groups/g1",
          status: "active",
          memberCount: 3,
          joinedCount: 3,
          contributionCents: 10_000,
          period: 2,
          paidNames: ["Omar Haddad", "You"],
          unpaidNames: ["A member"],
          nextDueOn: "2026-12-11",
          nextPayout: { recipient: "You", payoutOn: "2026-12-16", amountCents: 30_000 },
        },
        {
          name: "Club de la oficina",
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
];

describe("emails in Spanish (ADR 056, part two)", () => {
  it("translates every template but contact (which goes to support), one sample each", () => {
    expect([...ENGLISH_ONLY_TEMPLATES]).toEqual(["contact"]);
    expect(translated.map((message) => message.template).sort()).toEqual(TEMPLATE_NAMES.filter((name) => name !== "contact").sort());
  });

  it.each(translated.map((message) => [message.template, message] as const))("%s has no English words in Spanish", (_name, message) => {
    const rendered = renderEmail(message, "es-US");
    for (const part of [rendered.subject, rendered.text]) expect(part).not.toMatch(ENGLISH);
    expect(rendered.html).toContain('<html lang="es">');
    expect(rendered.text).toContain("Rosca — tandas (grupos de ahorro) sin intereses.");
  });

  it("writes the confirmation in Spanish, its link keeping the language", () => {
    const rendered = renderEmail(translated[1]!, "es-US");
    expect(rendered.subject).toBe("Confirme su correo electrónico para Rosca");
    expect(rendered.text).toMatch(/^Hola, Amina Yusuf:$/m);
    expect(rendered.text).toContain("Este enlace es válido por 24 horas.");
    expect(rendered.text).toContain(`Confirmar correo electrónico: ${confirmUrl}&lang=es-US`);
    expect(rendered.html).toContain(`href="${`${confirmUrl}&lang=es-US`.replaceAll("&", "&amp;")}"`);
    expect(rendered.html).toContain("Si el botón no funciona, copie este enlace en su navegador:");
  });

  it("words the reset link's lifetime with Spanish plurals", () => {
    const hour = renderEmail(translated[2]!, "es-US");
    expect(hour.subject).toBe("Restablezca su contraseña de Rosca");
    expect(hour.text).toContain("Este enlace vence en 1 hora y se puede usar una sola vez.");
    const minutes = renderEmail({ template: "password-reset", data: { name: "A", resetUrl, expiresInMinutes: 30 } }, "es-US");
    expect(minutes.text).toContain("Este enlace vence en 30 minutos y se puede usar una sola vez.");
  });

  it("states a group invitation's figures in Spanish: money in dollars, the schedule from the schedule itself", () => {
    const rendered = renderEmail(invitation, "es-US");
    expect(rendered.subject).toBe("Amina Yusuf le invitó a unirse a Fondo de boda");
    expect(rendered.text).toMatch(/^Hola:$/m);
    expect(rendered.text).toContain("Aporte: $1,050.00");
    expect(rendered.text).toContain("Pago del pozo por turno: $3,150.00");
    expect(rendered.text).toContain("Calendario: Cada dos semanas, los viernes");
    expect(rendered.text).toContain("Tarifa de inicio: $5.00 de tarifa de inicio, una sola vez y la misma para cada miembro y cada turno");
    expect(rendered.text).toContain("Ver la invitación: https://rosca.example/groups/join/abcdEFGH1234ijkl?lang=es-US");
  });

  it("tells a member their turn when the group starts, dates in Spanish and money in dollars", () => {
    const rendered = renderEmail(translated.find((message) => message.template === "group-started")!, "es-US");
    expect(rendered.subject).toBe("Fondo de boda empezó: su primer aporte vence el viernes, 6 de marzo de 2026");
    expect(rendered.text).toContain("Su turno: 2 de 3");
    expect(rendered.text).toContain("Su pago del pozo: $300.00, que se espera en su banco el martes, 1 de diciembre de 2026");
    expect(rendered.text).toContain("Ver su tanda: https://rosca.example/groups/g1?lang=es-US");
  });

  it("says who removed the member and why, in Spanish", () => {
    const rendered = renderEmail(translated.find((message) => message.template === "group-member-removed")!, "es-US");
    expect(rendered.subject).toBe("Ya no forma parte de Fondo de boda");
    expect(rendered.text).toContain("Motivo indicado: Cambio de planes");
  });

  it("keeps English exactly as it was, links untouched", () => {
    const rendered = renderEmail(translated[1]!, "en-US");
    expect(rendered.subject).toBe("Confirm your email address for Rosca");
    expect(rendered.text).toContain(`Confirm email address: ${confirmUrl}\n`);
    expect(renderEmail(translated[1]!)).toEqual(rendered);
    expect(rendered.html).toContain('<html lang="en">');
  });

  it("writes a money email in Spanish: the amount in dollars, the days in Spanish, its link keeping the language", () => {
    const reminder = renderEmail(translated.find((message) => message.template === "payment-reminder")!, "es-US");
    expect(reminder.subject).toBe("Recordatorio: su aporte de $1,050.00 a Fondo de boda vence el martes, 1 de diciembre de 2026");
    expect(reminder.text).toContain("Tanda: Fondo de boda\nMonto: $1,050.00\nFecha de pago: martes, 1 de diciembre de 2026");
    expect(reminder.text).toContain("Ver su tanda: https://rosca.example/groups/g1?lang=es-US");
    const payout = renderEmail(translated.find((message) => message.template === "payout-notification")!, "es-US");
    expect(payout.subject).toBe("Llegó su pago del pozo de $3,150.00 de Fondo de boda");
    expect(payout.text).toContain("Pago del pozo enviado: miércoles, 13 de enero de 2027\nLlegó: jueves, 14 de enero de 2027");
  });

  it("says when a sign-in or a change happened in the email's language, from the moment the caller passes", () => {
    const alert = renderEmail(translated.find((message) => message.template === "login-alert")!, "es-US");
    expect(alert.subject).toBe("Nuevo inicio de sesión en su cuenta de Rosca");
    expect(alert.text).toMatch(/^Cuándo: 21 nov 2026, 6:04\sp\.\s?m\. EST$/m);
    const english = renderEmail(translated.find((message) => message.template === "login-alert")!, "en-US");
    expect(english.text).toContain("When: Nov 21, 2026, 6:04 PM EST");
    const changed = renderEmail(translated.find((message) => message.template === "password-changed")!, "es-US");
    expect(changed.text).toContain("La contraseña de su cuenta de Rosca se cambió el 21 nov 2026");
  });

  it("names a report's category and the group's schedule in Spanish", () => {
    const reply = renderEmail(translated.find((message) => message.template === "report-reply")!, "es-US");
    expect(reply.text).toContain("Nuestro equipo respondió al problema que usted reportó en Fondo de boda (Pago no recibido).");
    const created = renderEmail(translated.find((message) => message.template === "group-created")!, "es-US");
    expect(created.text).toContain("Calendario: Cada dos semanas, los viernes");
    expect(created.text).toContain("Invitados: Nadie todavía");
  });

  it("writes a notice's email from its message in Spanish, and in English word for word as its title and body", () => {
    const daily = translated.find((message) => message.template === "daily-reminder")!;
    const spanish = renderEmail(daily, "es-US");
    expect(spanish.subject).toBe("Su aporte de $1,050.00 a Fondo de boda vence mañana");
    expect(spanish.text).toContain("Se carga a su cuenta bancaria vinculada el martes, 1 de diciembre de 2026.");
    expect(spanish.text).toContain("Ver su tanda: https://rosca.example/groups/g1?lang=es-US");
    const english = renderEmail(daily, "en-US");
    expect(english).toEqual(renderEmail({ ...daily, data: { ...daily.data, notice: undefined } } as EmailMessage, "en-US"));
    expect(english.subject).toBe("Your $1,050.00 contribution to Fondo de boda is due tomorrow");
    const alert = renderEmail(translated.find((message) => message.template === "account-alert")!, "es-US");
    expect(alert.subject).toBe("Verificación en dos pasos activada");
    expect(alert.text).toContain("Revisar la seguridad de la cuenta: https://rosca.example/profile/security?lang=es-US");
  });

  it("writes part five (k)'s notice emails in Spanish: a bank account's warning, a late reminder, the leaver's own email", () => {
    const unusable: EmailMessage = {
      template: "account-alert",
      data: {
        name: "Amina Yusuf",
        title: "Link another account: First Platypus Bank Plaid Checking ••0000 can't be used",
        body: "The bank says this account is closed. We can't take contributions from it or pay payouts into it any more. Link another bank account to keep your groups on schedule.",
        notice: { message: "accountUnusable", values: { account: "First Platypus Bank Plaid Checking ••0000", code: "R02" } },
        occurredAt: "2026-11-21T23:04:00.000Z",
        actionLabel: "Link another account",
        actionUrl: "https://rosca.example/profile/bank-accounts",
      },
    };
    const alert = renderEmail(unusable, "es-US");
    expect(alert.subject).toBe("Vincule otra cuenta: First Platypus Bank Plaid Checking ••0000 no se puede usar");
    expect(alert.text).toContain("El banco dice que esta cuenta está cerrada. Ya no podemos cargar aportes a esta cuenta");
    expect(renderEmail(unusable, "en-US")).toEqual(
      renderEmail({ ...unusable, data: { ...unusable.data, notice: undefined } } as EmailMessage, "en-US"),
    );

    const late: EmailMessage = {
      template: "daily-reminder",
      data: {
        name: "Amina Yusuf",
        title: "Your $100.00 contribution to Fondo de boda hasn't gone through yet",
        body: "The debit of $100.00 from your bank account, due Friday, January 9, 2026, did not go through, and there are no more automatic attempts: pay with Pay now. The group's payout waits for it.",
        notice: {
          message: "lateReminder",
          values: { groupName: "Fondo de boda", amountCents: 10_000, accountKnown: "no", dueOn: "2026-01-09", retries: "no", feeOwed: "no" },
        },
        groupUrl: "https://rosca.example/groups/g1",
        payUrl: "https://rosca.example/groups/g1/pay",
      },
    };
    expect(renderEmail(late, "es-US").subject).toBe("Su aporte de $100.00 a Fondo de boda todavía no se ha completado");
    expect(renderEmail(late, "es-US").text).toContain("Pagar ahora: https://rosca.example/groups/g1/pay?lang=es-US");
    expect(renderEmail(late, "en-US")).toEqual(renderEmail({ ...late, data: { ...late.data, notice: undefined } } as EmailMessage, "en-US"));

    const left: EmailMessage = {
      template: "group-notice",
      data: {
        name: "Omar Haddad",
        groupName: "Fondo de boda",
        title: "You left Fondo de boda",
        body: "You left Fondo de boda before it started. Nothing was charged: contributions and the setup fee only start once a group starts. The invite links you had no longer work for you; to join again, ask the group's admin to invite you again.",
        notice: { message: "memberLeftSelf", values: { groupName: "Fondo de boda" } },
        actionLabel: "Go to your dashboard",
        actionUrl: "https://rosca.example/dashboard",
      },
    };
    const spanish = renderEmail(left, "es-US");
    expect(spanish.subject).toBe("Usted salió de Fondo de boda");
    expect(spanish.text).toContain("No se cargó nada: los aportes y la tarifa de inicio empiezan solo cuando una tanda empieza.");
    expect(spanish.text).toContain("Ir a su panel: https://rosca.example/dashboard?lang=es-US");
    expect(renderEmail(left, "en-US")).toEqual(renderEmail({ ...left, data: { ...left.data, notice: undefined } } as EmailMessage, "en-US"));
  });

  it("writes a notice's email queued before notices were messages (English words only) wholly in English", () => {
    const alert = translated.find((message) => message.template === "account-alert")!;
    const old = { ...alert, data: { ...alert.data, notice: undefined, occurredAt: "Nov 21, 2026, 6:04 PM EST" } } as EmailMessage;
    expect(renderEmail(old, "es-US")).toEqual(renderEmail(old, "en-US"));
    expect(renderEmail(old, "es-US").text).toContain("When: Nov 21, 2026, 6:04 PM EST");
  });

  it("sums up the week in Spanish: the reader and an unnamed member in Spanish, days and dollars by locale", () => {
    const summary = renderEmail(translated.find((message) => message.template === "weekly-summary")!, "es-US");
    expect(summary.subject).toBe("Su semana en Rosca: 2 tandas, semana del 7 de diciembre de 2026");
    expect(summary.text).toContain(
      [
        "Tanda: Fondo de boda",
        "Período: 2 de 3",
        "Pagaron en este período: Omar Haddad, Usted (2 de 3)",
        "Falta por pagar: Un miembro",
        "Próxima fecha de pago: viernes, 11 de diciembre de 2026 · $100.00",
        "Próximo pago del pozo: Usted · se espera que llegue el miércoles, 16 de diciembre de 2026 · $300.00",
      ].join("\n"),
    );
    expect(summary.text).toContain("Tanda: Club de la oficina\nEstado: En formación: se han unido 2 de 5 miembros");
    expect(summary.text).toContain("Ir a su panel: https://rosca.example/dashboard?lang=es-US");
  });

  it("renders the contact form's message to support in English, frame included, whatever the locale", () => {
    const message: EmailMessage = {
      template: "contact",
      data: { name: "Amina Yusuf", email: "amina@example.com", topic: "General", message: "Hola" },
    };
    expect(renderEmail(message, "es-US")).toEqual(renderEmail(message, "en-US"));
  });

  it("says every schedule in Spanish, and in English exactly as describeSchedule does", () => {
    const schedules: Schedule[] = [
      { frequency: "daily", dayOfWeek: null, dayOfMonth: null },
      ...[0, 1, 2, 3, 4, 5, 6].flatMap((day): Schedule[] => [
        { frequency: "weekly", dayOfWeek: day, dayOfMonth: null },
        { frequency: "biweekly", dayOfWeek: day, dayOfMonth: null },
      ]),
      ...Array.from({ length: 31 }, (_, index): Schedule => ({ frequency: "monthly", dayOfWeek: null, dayOfMonth: index + 1 })),
    ];
    for (const schedule of schedules) expect(scheduleWords(schedule, "en-US")).toBe(describeSchedule(schedule));
    expect(scheduleWords(schedules[0]!, "es-US")).toBe("Todos los días");
    expect(scheduleWords({ frequency: "weekly", dayOfWeek: 3, dayOfMonth: null }, "es-US")).toBe("Cada miércoles");
    expect(scheduleWords({ frequency: "biweekly", dayOfWeek: 6, dayOfMonth: null }, "es-US")).toBe("Cada dos semanas, los sábados");
    expect(scheduleWords({ frequency: "monthly", dayOfWeek: null, dayOfMonth: 15 }, "es-US")).toBe("Cada mes, el día 15");
    expect(scheduleWords({ frequency: "monthly", dayOfWeek: null, dayOfMonth: 31 }, "es-US")).toBe(
      "Cada mes, el día 31 (o el último día de los meses más cortos)",
    );
  });

  it("adds the language to http(s) links only", () => {
    expect(withLanguage("https://rosca.example/dashboard", "es-US")).toBe("https://rosca.example/dashboard?lang=es-US");
    expect(withLanguage("https://rosca.example/dashboard", "en-US")).toBe("https://rosca.example/dashboard");
    expect(withLanguage("javascript:alert(1)", "es-US")).toBe("javascript:alert(1)");
  });
});
