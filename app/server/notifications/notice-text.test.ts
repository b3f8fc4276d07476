import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { noticeTexts as english } from "~/domain/messages/notice-texts.en-US";
import { noticeTexts as spanish } from "~/domain/messages/notice-texts.es-US";
import { LOGIN_REQUIRED_REASONS, reconnectedNotice, reconnectNotice } from "~/domain/bank-health";
import { UNDELIVERABLE_REASONS, undeliverableNotice } from "~/domain/email-delivery";
import { payoutArrivedNotice } from "~/domain/payment-dates";
import { contributionDueNotice } from "~/domain/reminders";
import { REPORT_MESSAGES } from "~/domain/reports";
import { ROSTER_MESSAGES } from "~/domain/roster";
import { plannedDates } from "~/domain/payment-dates";
import { feeFailureValues } from "~/domain/failed-contribution";
import { SWAP_MESSAGES, SWAP_NOTICES } from "~/domain/swaps";
import { describeSchedule } from "~/domain/schedule";
import { NOTICE_TEXTS_REMEMBERED, noticeText, noticeTextsRemembered, scheduleValues } from "./notice-text";

/** The arguments a compiled message uses, branches included. */
function argumentsOf(compiled: unknown, found = new Set<string>()): string[] {
  if (Array.isArray(compiled)) {
    for (const part of compiled) {
      if (!Array.isArray(part)) continue;
      const [name, , branches] = part as [string, string | undefined, Record<string, unknown> | undefined];
      found.add(name);
      for (const branch of Object.values(branches ?? {})) argumentsOf(branch, found);
    }
  }
  return [...found].sort();
}

describe("the notices' catalogues (ADR 062)", () => {
  it("give every English notice a Spanish text with the same arguments, a title for every body, and say 'usted'", () => {
    expect(Object.keys(spanish).sort()).toEqual(Object.keys(english).sort());
    for (const [id, text] of Object.entries(english)) {
      const translation = spanish[id as keyof typeof spanish];
      expect(translation.trim(), id).not.toBe("");
      expect(argumentsOf(compileMessage(translation)), id).toEqual(argumentsOf(compileMessage(text)));
      if (id.endsWith(".body")) expect(Object.hasOwn(english, id.replace(/\.body$/, ".title")), id).toBe(true);
    }
    // Every message compiles: a plural or select left as its source would read "{count, plural, …}" to the member.
    for (const catalogue of [english, spanish])
      for (const [id, text] of Object.entries(catalogue)) expect(JSON.stringify(compileMessage(text)), id).not.toMatch(/, (select|plural),/);
    const informal = /\b(tú|tienes|puedes|quieres|tu cuenta|tus |eres|haz )\b/i;
    for (const [id, text] of Object.entries(spanish)) expect(informal.test(text), `${id}: ${text}`).toBe(false);
  });
});

describe("noticeText", () => {
  it("writes English word for word as the notices were written before they were stored as messages", () => {
    expect(noticeText({ message: "contributionDue", values: { groupName: "Family Circle", dueOn: "2026-12-01" } })).toEqual(
      contributionDueNotice({ groupName: "Family Circle", dueOn: "2026-12-01" }),
    );
    expect(
      noticeText({
        message: "payoutArrived",
        values: { groupName: "Family Circle", amountCents: 105000, sentOnMedium: "2027-01-13", arrivedOnMedium: "2027-01-14" },
      }),
    ).toEqual(payoutArrivedNotice({ groupName: "Family Circle", amountCents: 105000, sentOn: "2027-01-13", arrivedOn: "2027-01-14" }));
    expect(noticeText({ message: "reportReceived", values: { groupName: "Block Savers", category: "not_received" } })).toEqual({
      title: REPORT_MESSAGES.receiptTitle("Block Savers"),
      body: REPORT_MESSAGES.receiptBody("Payment not received"),
    });
    expect(noticeText({ message: "memberRemoved", values: { groupName: "Block Savers", adminName: "Amina Yusuf", reason: "Moved away" } })).toEqual({
      title: ROSTER_MESSAGES.removedNoticeTitle("Block Savers"),
      body: ROSTER_MESSAGES.removedNoticeBody("Amina Yusuf", "Moved away"),
    });
    expect(noticeText({ message: "memberJoined", values: { memberName: "Bilal Khan", groupName: "Block Savers" } })).toEqual({
      title: "Bilal Khan joined Block Savers",
      body: null,
    });
    for (const reason of UNDELIVERABLE_REASONS) {
      const { title, body } = undeliverableNotice("ana@example.com", reason);
      expect(noticeText({ message: "undeliverable", values: { reason, address: "ana@example.com" } })).toEqual({ title, body });
    }
    const reconnected = reconnectedNotice("First Platypus Bank");
    expect(noticeText({ message: "bankReconnected", values: { institutionName: "First Platypus Bank" } })).toEqual({
      title: reconnected.title,
      body: reconnected.body,
    });
    expect(noticeText({ message: "bankReconnectedUnnamed" }).body).toBe(reconnectedNotice(null).body);
    for (const reason of LOGIN_REQUIRED_REASONS) {
      const named = reconnectNotice("First Platypus Bank", reason);
      expect(noticeText({ message: "bankReconnect", values: { institutionName: "First Platypus Bank", reason } })).toEqual({
        title: named.title,
        body: named.body,
      });
      expect(noticeText({ message: "bankReconnectUnnamed", values: { reason } }).body).toBe(reconnectNotice(null, reason).body);
    }
    expect(noticeText({ message: "swapAccepted", values: { counterpartName: "Omar", groupName: "Family Circle" } })).toEqual(
      SWAP_NOTICES.accepted("Omar", "Family Circle"),
    );
    expect(
      noticeText({
        message: "swapApproval",
        values: { proposerName: "Amina", counterpartName: "Omar", groupName: "Family Circle", proposerTurn: 2, counterpartTurn: 3 },
      }),
    ).toEqual(SWAP_NOTICES.approvalNeeded("Amina", "Omar", "Family Circle", 2, 3));
    expect(noticeText({ message: "swapDeclined", values: { counterpartName: "Omar", groupName: "Family Circle" } })).toEqual(
      SWAP_NOTICES.declined("Omar", "Family Circle"),
    );
    expect(noticeText({ message: "swapRefused", values: { groupName: "Family Circle" } })).toEqual(SWAP_NOTICES.refused("Family Circle"));
    expect(noticeText({ message: "swapCancelled", values: { groupName: "Family Circle" } })).toEqual({
      title: "A turn swap in Family Circle was cancelled",
      body: SWAP_MESSAGES.turnClosed,
    });
    expect(noticeText({ message: "swapEnded", values: { groupName: "Family Circle", otherName: "Omar", yourTurn: 2, otherTurn: 3 } })).toEqual(
      SWAP_NOTICES.cancelled("Family Circle", "Omar", 2, 3),
    );
    expect(SWAP_NOTICES.cancelled("Family Circle", "Omar", 2, 3)).toEqual({
      title: "A turn swap in Family Circle was cancelled",
      body: "Your turn 2 and Omar's turn 3 won't be swapped: one of them is already being paid. Both stay as they were.",
    });
    expect(noticeText({ message: "swapWithdrawn", values: { proposerName: "Amina", groupName: "Family Circle" } })).toEqual(
      SWAP_NOTICES.withdrawn("Amina", "Family Circle"),
    );
    // The swaps that name turns and their planned days.
    const days = (prefix: string, turn: number, dueOn: string) => {
      const planned = plannedDates(turn, dueOn);
      return { [`${prefix}Turn`]: turn, [`${prefix}SentOnLong`]: planned.sent!.day, [`${prefix}ArrivesOnLong`]: planned.arrival!.day };
    };
    expect(
      noticeText({
        message: "swapProposed",
        values: {
          proposerName: "Amina",
          groupName: "Family Circle",
          closesOnLong: "2026-01-16",
          ...days("your", 3, "2026-01-23"),
          ...days("their", 2, "2026-01-16"),
        },
      }),
    ).toEqual(SWAP_NOTICES.proposed("Amina", "Family Circle", 2, "2026-01-16", 3, "2026-01-23"));
    for (const approval of [true, false])
      expect(
        noticeText({
          message: "swapProposedOthers",
          values: {
            proposerName: "Amina",
            counterpartName: "Omar",
            groupName: "Family Circle",
            proposerTurn: 2,
            counterpartTurn: 3,
            approval: approval ? "yes" : "no",
            ...days("your", 1, "2026-01-09"),
          },
        }),
      ).toEqual(SWAP_NOTICES.proposedToOthers("Amina", "Omar", "Family Circle", 2, 3, approval, { turn: 1, dueOn: "2026-01-09" }));
    expect(
      noticeText({
        message: "swapSwapped",
        values: { groupName: "Family Circle", otherName: "Omar", ...days("your", 3, "2026-01-23"), ...days("before", 2, "2026-01-16") },
      }),
    ).toEqual(SWAP_NOTICES.swapped("Family Circle", "Omar", 3, "2026-01-23", { turn: 2, dueOn: "2026-01-16" }));
    const others = { groupName: "Family Circle", proposerName: "Amina", counterpartName: "Omar", proposerTurn: 2, counterpartTurn: 3 };
    expect(noticeText({ message: "swapSwappedOthers", values: { ...others, ...days("your", 1, "2026-01-09") } })).toEqual(
      SWAP_NOTICES.swappedToOthers("Family Circle", "Amina", "Omar", 2, 3, { turn: 1, dueOn: "2026-01-09" }),
    );
    expect(noticeText({ message: "swapOffOthers", values: { ...others, ...days("your", 1, "2026-01-09") } })).toEqual(
      SWAP_NOTICES.offForOthers("Family Circle", "Amina", "Omar", 2, 3, { turn: 1, dueOn: "2026-01-09" }),
    );
    // A member whose own turn is in payment or paid: no planned days told as if still ahead.
    for (const approval of [true, false])
      expect(noticeText({ message: "swapProposedOthersDone", values: { ...others, approval: approval ? "yes" : "no" } })).toEqual(
        SWAP_NOTICES.proposedToOthers("Amina", "Omar", "Family Circle", 2, 3, approval, null),
      );
    expect(noticeText({ message: "swapSwappedOthersDone", values: others })).toEqual(
      SWAP_NOTICES.swappedToOthers("Family Circle", "Amina", "Omar", 2, 3, null),
    );
    expect(noticeText({ message: "swapOffOthersDone", values: others })).toEqual(
      SWAP_NOTICES.offForOthers("Family Circle", "Amina", "Omar", 2, 3, null),
    );
    expect(SWAP_NOTICES.offForOthers("Family Circle", "Amina", "Omar", 2, 3, null).body).toBe(
      "Amina keeps turn 2 and Omar turn 3. Your turn is not affected.",
    );
    const schedule = { frequency: "monthly", dayOfWeek: null, dayOfMonth: 15 } as const;
    expect(
      noticeText({
        message: "groupInvited",
        values: { inviterName: "Amina Yusuf", groupName: "Block Savers", memberCount: 5, ...scheduleValues(schedule) },
      }).body,
    ).toBe(`${describeSchedule(schedule)}, 5 members.`);
  });

  it("writes the same notice in Spanish, with the locale's dates and dollars", () => {
    const turn = (prefix: string, number: number, dueOn: string) => {
      const planned = plannedDates(number, dueOn);
      return { [`${prefix}Turn`]: number, [`${prefix}SentOnLong`]: planned.sent!.day, [`${prefix}ArrivesOnLong`]: planned.arrival!.day };
    };
    expect(
      noticeText(
        {
          message: "swapSwapped",
          values: { groupName: "Familia", otherName: "Omar", ...turn("your", 3, "2026-01-23"), ...turn("before", 2, "2026-01-16") },
        },
        "es-US",
      ),
    ).toEqual({
      title: "Cambió su turno en Familia",
      body: "Usted cambió de turno con Omar. Su turno era el 2 (el pago del pozo salía el 21 de enero de 2026; se esperaba en su banco el 22 de enero de 2026). Su turno ahora es el 3: el pago del pozo sale el 27 de enero de 2026; se espera en su banco el 28 de enero de 2026.",
    });
    expect(noticeText({ message: "contributionDue", values: { groupName: "Familia", dueOn: "2026-12-01" } }, "es-US")).toEqual({
      title: "Aporte con fecha de pago el martes, 1 de diciembre de 2026",
      body: "Su aporte a Familia se cargará el martes, 1 de diciembre de 2026.",
    });
    expect(
      noticeText(
        {
          message: "payoutArrived",
          values: { groupName: "Familia", amountCents: 105000, sentOnMedium: "2027-01-13", arrivedOnMedium: "2027-01-14" },
        },
        "es-US",
      ),
    ).toEqual({
      title: "Llegó su pago del pozo de Familia",
      body: "$1,050.00 ya está en su cuenta bancaria. Pago del pozo enviado el 13 ene 2027. Llegó el 14 ene 2027.",
    });
    expect(noticeText({ message: "reportReceived", values: { groupName: "Vecinos", category: "wrong_amount" } }, "es-US").body).toMatch(
      /^Su reporte \(Monto incorrecto\) llegó a nuestro equipo\./,
    );
    expect(noticeText({ message: "sandboxGranted" }, "es-US")).toEqual({
      title: "Acceso al entorno de prueba concedido",
      body: "Ya puede vincular una cuenta bancaria de prueba, crear tandas y unirse a tandas.",
    });
    expect(
      noticeText(
        {
          message: "groupInvited",
          values: {
            inviterName: "Amina",
            groupName: "Vecinos",
            memberCount: 5,
            ...scheduleValues({ frequency: "daily", dayOfWeek: null, dayOfMonth: null }),
          },
        },
        "es-US",
      ),
    ).toEqual({ title: "Amina le invitó a Vecinos", body: "Todos los días, 5 miembros." });
  });

  it("says of a setup fee's last failed attempt that nothing more is debited for it, and that the group is not affected", () => {
    const facts = {
      status: "declined" as const,
      failureCode: "NSF",
      attempt: 3,
      amountCents: 500,
      account: { institution: "First Platypus Bank", name: "Plaid Checking", mask: "0000" },
      payNow: false,
      otherAccount: false,
      statusOn: "2026-01-20",
      retryOn: null,
    };
    const values = { groupName: "Vecinos", reason: "NSF", ...feeFailureValues(facts) };
    expect(values).toEqual({ groupName: "Vecinos", reason: "NSF", amountCents: 500, retries: "no" });
    expect(noticeText({ message: "feeFailed", values })).toEqual({
      title: "Your $5.00 setup fee for Vecinos did not go through",
      body: "Your bank account did not have enough money available for this payment, so it was not attempted. Nothing more is debited automatically for it. The setup fee goes to Rosca, not to the group: your contributions, your turn and the group's payouts are not affected.",
    });
    expect(noticeText({ message: "feeFailed", values }, "es-US").body).toMatch(
      / No se carga nada más automáticamente por ella\. La tarifa de inicio es para Rosca, no para la tanda: sus aportes, su turno y los pagos del pozo de la tanda no se ven afectados\.$/,
    );
    // A retry is the contribution's policy: the next attempt three days on, from the account the member chose since.
    expect(
      feeFailureValues({ ...facts, attempt: 1, nextAccount: { institution: "First Platypus Bank", name: "Plaid Saving", mask: "1111" } }),
    ).toEqual({
      amountCents: 500,
      retries: "yes",
      attempt: 1,
      attempts: 3,
      nextAttemptOn: "2026-01-23",
      account: "First Platypus Bank Plaid Saving ••1111",
      accountKnown: "yes",
    });
  });

  it("writes a new sign-in's device and an unknown address in the reader's language; one stored with English words keeps them", () => {
    const body = (values: Record<string, string>, locale: "en-US" | "es-US") => noticeText({ message: "newDevice", values }, locale).body;
    const chromeOnLinux = { browser: "Chrome", os: "Linux", ipAddress: "203.0.113.9" };
    expect(body(chromeOnLinux, "en-US")).toBe(
      "Someone signed in from Chrome on Linux (IP 203.0.113.9), a device not used on this account before. If this wasn't you, change your password now and sign out your other sessions.",
    );
    expect(body(chromeOnLinux, "es-US")).toBe(
      "Alguien inició sesión desde Chrome en Linux (IP 203.0.113.9), un dispositivo que no se había usado antes en esta cuenta. Si no fue usted, cambie su contraseña ahora y cierre sus otras sesiones.",
    );
    expect(body({ browser: "", os: "Windows", ipAddress: "unknown" }, "en-US")).toMatch(
      /^Someone signed in from Unknown browser on Windows \(IP unknown\), /,
    );
    expect(body({ browser: "", os: "Windows", ipAddress: "unknown" }, "es-US")).toMatch(
      /^Alguien inició sesión desde Navegador desconocido en Windows \(IP desconocida\), /,
    );
    expect(body({ browser: "curl", os: "", ipAddress: "198.51.100.4" }, "es-US")).toMatch(
      /^Alguien inició sesión desde curl \(IP 198\.51\.100\.4\), /,
    );
    expect(body({ browser: "", os: "", ipAddress: "198.51.100.4" }, "es-US")).toMatch(/^Alguien inició sesión desde Dispositivo desconocido \(IP /);
    expect(body({ browser: "", os: "", ipAddress: "198.51.100.4" }, "en-US")).toMatch(/^Someone signed in from Unknown device \(IP /);
    // Stored before the device was kept as its names.
    expect(body({ device: "Safari on macOS", ipAddress: "203.0.113.9" }, "es-US")).toMatch(
      /^Alguien inició sesión desde Safari on macOS \(IP 203\.0\.113\.9\), /,
    );
  });
});

describe("noticeText remembered (ADR 059 part eight (s))", () => {
  it("answers again what it wrote, by language, notice and values, a copy each time, and keeps at most its bound", () => {
    const due = (dueOn: string) => ({ message: "contributionDue" as const, values: { groupName: "Familia <&>", dueOn } });
    const first = noticeText(due("2026-12-01"), "es-US");
    expect(first).toEqual({
      title: "Aporte con fecha de pago el martes, 1 de diciembre de 2026",
      body: "Su aporte a Familia <&> se cargará el martes, 1 de diciembre de 2026.",
    });
    first.title = "changed by a caller";
    expect(noticeText(due("2026-12-01"), "es-US").title).toBe("Aporte con fecha de pago el martes, 1 de diciembre de 2026");
    // Another language, other values, another notice: each its own words.
    expect(noticeText(due("2026-12-01"), "en-US").title).toBe("Contribution due Tuesday, December 1, 2026");
    expect(noticeText(due("2026-12-08"), "es-US").title).toBe("Aporte con fecha de pago el martes, 8 de diciembre de 2026");
    expect(noticeText({ message: "sandboxGranted" }, "en-US").title).toBe("Sandbox access granted");
    for (let day = 0; day < NOTICE_TEXTS_REMEMBERED + 10; day++) noticeText(due(`2027-01-${String((day % 28) + 1).padStart(2, "0")}`), "en-US");
    for (let n = 0; n < NOTICE_TEXTS_REMEMBERED + 10; n++)
      noticeText({ message: "contributionDue", values: { groupName: `G${n}`, dueOn: "2026-12-01" } });
    expect(noticeTextsRemembered()).toBe(NOTICE_TEXTS_REMEMBERED);
    expect(noticeText(due("2026-12-01"), "es-US").title).toBe("Aporte con fecha de pago el martes, 1 de diciembre de 2026");
  });
});
