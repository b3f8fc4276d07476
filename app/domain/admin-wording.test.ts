/**
 * The admin console's catalogue (ADR 056 part five (i)): the texts its actions write in English are the ones the
 * domain writes (so the page finds their Spanish), and the reminder's description says in English exactly what
 * `nudgeSentText` says, and in Spanish the same facts.
 */
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { describe, expect, it } from "vitest";
import { ADMIN_MESSAGES } from "./admin";
import { nudgeSentIn } from "./admin-wording";
import { type NudgeDelivery, nudgeSentText } from "./failed-contribution";
import { REPORT_MESSAGES } from "./reports";
import { ADMIN_SERVER_TEXTS } from "./messages/admin.en-US";
import { ADMIN_SERVER_TEXTS_ES } from "./messages/admin.es-US";
import { SERVER_TEXTS, messages as english } from "./messages/en-US";
import { messages as spanish } from "./messages/es-US";
import type { Words } from "./messages/words";

function translatorOf(locale: string, catalogue: Record<string, string>): Words {
  const compiled = Object.fromEntries(Object.entries(catalogue).map(([id, text]) => [id, compileMessage(text)]));
  const i18n = setupI18n({ locale, messages: { [locale]: compiled } });
  return (id, values) => i18n._(id, values);
}
const en = translatorOf("en-US", english);
const es = translatorOf("es-US", spanish);

describe("the admin console's server texts", () => {
  it("are every toast and refusal the console's actions write, each once in SERVER_TEXTS", () => {
    const server = new Set<string>(SERVER_TEXTS);
    for (const text of Object.values(ADMIN_MESSAGES)) expect(server.has(text), text).toBe(true);
    for (const text of [
      REPORT_MESSAGES.replyRequired,
      REPORT_MESSAGES.replyLong,
      REPORT_MESSAGES.closeNoteRequired,
      REPORT_MESSAGES.closeNoteLong,
      REPORT_MESSAGES.repliedTitle,
      REPORT_MESSAGES.repliedDescription,
      REPORT_MESSAGES.closedTitle,
      REPORT_MESSAGES.reportNotFound,
      REPORT_MESSAGES.alreadyClosed,
    ]) {
      expect(ADMIN_SERVER_TEXTS as readonly string[], text).toContain(text);
    }
    for (const text of ADMIN_SERVER_TEXTS)
      expect(
        SERVER_TEXTS.filter((other) => other === text),
        text,
      ).toHaveLength(1);
  });

  it("have Spanish of their own", () => {
    expect(ADMIN_SERVER_TEXTS_ES["User already exists in the system"]).toBe("Ese usuario ya existe en el sistema");
    expect(spanish["Please enter a valid email address"]).toBe("Escriba un correo electrónico válido");
    for (const text of ADMIN_SERVER_TEXTS) expect(spanish[text], text).not.toBe(text);
  });
});

describe("the reminder's description (nudgeSentIn)", () => {
  const cases: NudgeDelivery[][] = [
    [{ memberName: "Lena", reached: "app-and-email" }],
    [
      { memberName: "Lena", reached: "app-and-email" },
      { memberName: "Kofi", reached: "app-and-email" },
      { memberName: "Ama", reached: "app" },
      { memberName: "Yaw", reached: "nobody" },
    ],
    [
      { memberName: "Ama", reached: "app" },
      { memberName: "Yaw", reached: "nobody" },
      { memberName: "Efua", reached: "nobody" },
    ],
  ];

  it("is nudgeSentText in English, with or without the catalogue", () => {
    for (const deliveries of cases) {
      expect(nudgeSentIn(deliveries)).toBe(nudgeSentText(deliveries));
      expect(nudgeSentIn(deliveries, en, "en-US")).toBe(nudgeSentText(deliveries));
    }
  });

  it("the English catalogue says the same as nudgeSentText (names joined by commas)", () => {
    expect(en("admin.nudge.both", { names: "Lena", count: 1 })).toBe(nudgeSentText([{ memberName: "Lena", reached: "app-and-email" }]));
    expect(en("admin.nudge.app", { names: "Ama, Kofi", count: 2 })).toBe(
      nudgeSentText([
        { memberName: "Ama", reached: "app" },
        { memberName: "Kofi", reached: "app" },
      ]),
    );
    expect(en("admin.nudge.nobody", { names: "Yaw", count: 1 })).toBe(nudgeSentText([{ memberName: "Yaw", reached: "nobody" }]));
  });

  it("says who was told, and how, in Spanish", () => {
    expect(nudgeSentIn(cases[0]!, es, "es-US")).toBe("Lena recibió el aviso por correo electrónico y en la app.");
    expect(nudgeSentIn(cases[1]!, es, "es-US")).toBe(
      "Lena y Kofi recibieron el aviso por correo electrónico y en la app. Ama recibió el aviso en la app; no se pudo enviar el correo. Yaw desactivó las notificaciones urgentes, así que no se envió nada.",
    );
    expect(nudgeSentIn(cases[2]!, es, "es-US")).toBe(
      "Ama recibió el aviso en la app; no se pudo enviar el correo. Yaw y Efua desactivaron las notificaciones urgentes, así que no se envió nada.",
    );
  });
});
