/**
 * Notifications in the reader's language (issue 46 part four e, ADR 062): a notice is stored as a message and its
 * values and written when read, so the same notice reads in English for an en-US member and in Spanish for an es-US one,
 * with the locale's dates and dollars, in the bell (every page's root loader), /api/notifications and /notifications;
 * and a member who switches language (POST /language) sees it in the new language. Rows stored before 0031 (English
 * words, no message) stay as they were.
 */
import { describe, expect, it } from "vitest";
import { useTestDatabase } from "../support/test-db";

await useTestDatabase();
const root = await import("../../app/root");
const apiList = await import("../../app/routes/api.notifications");
const page = await import("../../app/routes/notifications");
const language = await import("../../app/routes/language");
const { notify } = await import("../../app/server/notifications/notifications.server");
const { db } = await import("../../app/server/db/client.server");
const { notifications } = await import("../../app/server/db/schema");
const { call, get, post } = await import("../support/routes");
const { createUser, sessionJarFor } = await import("../support/users");
const { eq } = await import("drizzle-orm");

type Item = { title: string; body: string | null };
const titlesAndBodies = (items: Item[]) => items.map(({ title, body }) => ({ title, body }));

const PAYOUT = { groupName: "Vecinos Unidos", amountCents: 105000, sentOnMedium: "2027-01-13", arrivedOnMedium: "2027-01-14" };
const ENGLISH = {
  title: "Your payout from Vecinos Unidos has arrived",
  body: "$1,050.00 is in your bank account. Payout sent Jan 13, 2027. Arrived Jan 14, 2027.",
};
const SPANISH = {
  title: "Llegó su pago del pozo de Vecinos Unidos",
  body: "$1,050.00 ya está en su cuenta bancaria. Pago del pozo enviado el 13 ene 2027. Llegó el 14 ene 2027.",
};

describe("notifications in the reader's language", () => {
  it("stores the message and its values with the English words, and writes the same notice in each member's language", async () => {
    const english = await createUser({ name: "Grace English", locale: "en-US" });
    const spanish = await createUser({ name: "Diego Español", locale: "es-US" });
    for (const user of [english, spanish]) await notify(user.id, { message: "payoutArrived", values: PAYOUT, link: "/groups" });

    const [stored] = await db().select().from(notifications).where(eq(notifications.userId, spanish.id));
    expect(stored).toMatchObject({ message: "payoutArrived", values: PAYOUT, title: ENGLISH.title, body: ENGLISH.body });

    const englishJar = await sessionJarFor(english.id);
    const spanishJar = await sessionJarFor(spanish.id);
    expect(titlesAndBodies((await call(root.loader, get("/dashboard", englishJar))).data.feed.notifications)).toEqual([ENGLISH]);
    expect(titlesAndBodies((await call(root.loader, get("/dashboard", spanishJar))).data.feed.notifications)).toEqual([SPANISH]);
    expect(titlesAndBodies((await call(apiList.loader, get("/api/notifications", spanishJar))).data.notifications)).toEqual([SPANISH]);
    expect(titlesAndBodies((await call(page.loader, get("/notifications", spanishJar))).data.notifications)).toEqual([SPANISH]);
    expect(titlesAndBodies((await call(page.loader, get("/notifications", englishJar))).data.notifications)).toEqual([ENGLISH]);
  });

  it("follows the member's switch of language: the same notice, read again, in the new language", async () => {
    const member = await createUser({ name: "Ana Cambia", locale: "en-US" });
    const jar = await sessionJarFor(member.id);
    await notify(member.id, { message: "contributionDue", values: { groupName: "Vecinos Unidos", dueOn: "2026-12-01" } });
    expect(titlesAndBodies((await call(root.loader, get("/dashboard", jar))).data.feed.notifications)).toEqual([
      { title: "Contribution due Tuesday, December 1, 2026", body: "Your contribution to Vecinos Unidos is debited on Tuesday, December 1, 2026." },
    ]);

    expect((await call(language.action, post("/language", { locale: "es-US", redirectTo: "/dashboard" }, jar))).status).toBe(303);
    const spanish = [
      {
        title: "Aporte con fecha de pago el martes, 1 de diciembre de 2026",
        body: "Su aporte a Vecinos Unidos se cargará el martes, 1 de diciembre de 2026.",
      },
    ];
    expect(titlesAndBodies((await call(root.loader, get("/dashboard", jar))).data.feed.notifications)).toEqual(spanish);
    expect(titlesAndBodies((await call(page.loader, get("/notifications", jar))).data.notifications)).toEqual(spanish);

    expect((await call(language.action, post("/language", { locale: "en-US", redirectTo: "/dashboard" }, jar))).status).toBe(303);
    expect((await call(apiList.loader, get("/api/notifications", jar))).data.notifications[0].title).toBe(
      "Contribution due Tuesday, December 1, 2026",
    );
  });

  it("shows a notice stored before messages (English words only) as it was, whatever the language", async () => {
    const member = await createUser({ name: "Rosa Antes", locale: "es-US" });
    await db().insert(notifications).values({ userId: member.id, title: "An old notice", body: "Its English words." });
    const jar = await sessionJarFor(member.id);
    expect(titlesAndBodies((await call(page.loader, get("/notifications", jar))).data.notifications)).toEqual([
      { title: "An old notice", body: "Its English words." },
    ]);
  });
});
