/**
 * Issue 46, part four (d): a member who reads Spanish on a started group's page, with a contribution of theirs that did
 * not go through (late-contribution.support.ts: Lena's $30 account, declined on the due day), then Pay now, the
 * statement with its CSV's headings, and the calendar file. Both projects (JavaScript on and off), at 375 px; each page
 * fails on the English phrases its English version shows (ADR 056). Part five (m): the admin's reminder toast and the
 * turn swaps' toasts with a name or a turn in them, in Spanish.
 */
import type { Browser, Page } from "@playwright/test";
import { bankDayOnOrAfter } from "../../app/domain/bank-days";
import { sandboxSettlesOn } from "../../app/domain/money";
import { plannedDates } from "../../app/domain/payment-dates";
import { addDays, todayIn } from "../../app/domain/schedule";
import { bankedMember, expect, fixture, login, test, toasts } from "./fixtures";
import { formingGroup } from "./groups-page.support";
import { advanceTo, lateGroup, PASSWORD } from "./late-contribution.support";

const PHONE = { width: 375, height: 800 };

/** What the English group page, Pay now and the statement say, which a Spanish reader must not see. */
const ENGLISH_PHRASES = [
  "Your groups",
  "Statement",
  "Add to calendar",
  "Report a problem",
  "Your reports",
  "Members",
  "Next contribution",
  "Contribution deadline",
  "Payout timeline",
  "payouts made",
  "Today is",
  "Turn 1",
  "Next Payout",
  "Recipient",
  "Amount",
  "Expected in your bank",
  "Expected to arrive",
  "Payout goes out",
  "Pool balance",
  "Contributions fill the pool",
  "Show the numbers",
  "Payout schedule",
  "Show All",
  "Position",
  "Pending",
  "If a member can't pay",
  "What happens, step by step",
  "Paid from",
  "Your contributions to this group are taken from",
  "Take this group's contributions from",
  "Use this account",
  "Link another account",
  "Turn swaps",
  "Swap my turn with",
  "Propose Swap",
  "Before either turn is paid",
  "Sandbox time",
  "In the demo phase",
  "Due:",
  "Next automatic attempt",
  "Pay $100.00 now",
  "Choose another account",
  "Pay now",
  "Debit sent to your bank",
  "To be collected on",
  "I authorise Rosca",
  "Download CSV",
  "Every posting of the group's ledger",
  "Pool balance",
  "Kind",
  "Settled",
  // Lines the server writes (the Next Payout card's next steps, the members' records, the scroll hint).
  "Your contribution did not go through",
  "If it goes through",
  "Payment record across all their groups",
  "No payment history yet",
  "Scroll sideways",
  "Attempt 1 of 3",
  "we'll try",
  "Before then you can pay it now",
] as const;

async function expectNoEnglish(page: Page) {
  await expect(page.locator("html")).toHaveAttribute("lang", "es-US");
  const text = await page.locator("main").innerText();
  for (const phrase of ENGLISH_PHRASES) expect(text.includes(phrase), `English on a Spanish page: "${phrase}"`).toBe(false);
}

async function expectPhoneFit(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${page.url()} is wider than the phone`).toBeLessThanOrEqual(PHONE.width);
}

const fullEs = new Intl.DateTimeFormat("es-US", { timeZone: "UTC", dateStyle: "full" });
/** "viernes, 4 de diciembre de 2026". */
const full = (day: string) => fullEs.format(new Date(`${day}T00:00:00Z`));
const longEs = new Intl.DateTimeFormat("es-US", { timeZone: "UTC", dateStyle: "long" });
/** "4 de diciembre de 2026". */
const long = (day: string) => longEs.format(new Date(`${day}T00:00:00Z`));

/** The signed-in account's language set to Spanish (Profile → Notifications), as a member does. */
async function chooseSpanish(page: Page) {
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Language" }).getByLabel("Language").selectOption("es-US");
  await page.getByRole("button", { name: "Save Language" }).click();
  await expect(toasts(page)).toContainText("Idioma guardado");
}

/** Lena in a context of her own, as a phone, with JavaScript as the project has it, her account set to Spanish. */
async function spanishMember(browser: Browser, email: string) {
  const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false });
  const page = await context.newPage();
  await login(page, email, PASSWORD, { dashboard: false });
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Language" }).getByLabel("Language").selectOption("es-US");
  await page.getByRole("button", { name: "Save Language" }).click();
  await expect(toasts(page)).toContainText("Idioma guardado");
  return { page, close: () => context.close() };
}

/**
 * Three parts in order (issue 47: one test took 10.2-10.4 s at the machine's slow hours): the declined debit and the
 * admin's reminder in Spanish, Lena's group page in Spanish, then her Pay now, statement and calendar file. Lena chooses
 * Spanish in the second part; her account keeps it for the third.
 */
test.describe("a member who reads Spanish: the group page with a late contribution, Pay now, the statement and the calendar file", () => {
  test.describe.configure({ mode: "serial", timeout: 120_000 });
  let world: { groupId: string; name: string; lena: string; due: string; retryOn: string };

  test("the debit is declined, and the admin, in Spanish, reminds Lena", async ({ page }) => {
    const { groupId, name, lena, due } = await lateGroup(page, [{ subtype: "checking", name: "Everyday", mask: "3030", balance: 30 }]);
    // The admin (in English) moves the group's clock to the due day: Lena's debit is declined (NSF).
    await advanceTo(page, due);
    // No payday on file: the retry is three days later, on a bank business day (default-cover.ts).
    const retryOn = bankDayOnOrAfter(addDays(due, 3));

    // Part five (m): the admin reads Spanish too and reminds Lena; the toast says whom it reached, and how, in Spanish.
    await page.setViewportSize(PHONE);
    await chooseSpanish(page);
    await page.goto(`/groups/${groupId}`);
    await page.getByTestId("late-member").getByRole("button", { name: "Enviar un recordatorio a Lena Late" }).click();
    await expect(toasts(page)).toContainText("Recordatorio enviado");
    await expect(toasts(page)).toContainText("Lena Late recibió el aviso por correo electrónico y en la app.");
    expect(await toasts(page).innerText()).not.toContain("was told");
    await expectPhoneFit(page);
    world = { groupId, name, lena, due, retryOn };
  });

  test("Lena's group page in Spanish: her late contribution, its dates and what she can do", async ({ browser }) => {
    const { groupId, name, lena, due, retryOn } = world;
    const lenaSide = await spanishMember(browser, lena);
    try {
      const phone = lenaSide.page;
      await phone.goto(`/groups/${groupId}`);
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText(name);
      const main = phone.locator("main");
      await expect(phone.getByRole("link", { name: "Sus tandas" })).toBeVisible();
      await expect(phone.getByRole("link", { name: "Estado de cuenta" })).toBeVisible();
      await expect(phone.getByRole("link", { name: "Agregar al calendario" })).toBeVisible();
      await expect(main).toContainText("Activa");
      await expect(main).toContainText("Miembros3 miembros");
      await expect(main).toContainText("Aporte$100.00");

      // Her late contribution: the amount, the dates in Spanish, and what she can do.
      const alert = phone.getByTestId("late-contribution");
      await expect(alert.getByRole("heading")).toHaveText("Su aporte de $100.00 no se completó");
      await expect(alert).toContainText(
        `Intento 1 de 3: volveremos a intentar cargar $100.00 a First Platypus Bank Everyday ••3030 el ${full(retryOn)}. Antes de esa fecha puede pagarlo ahora con Pagar ahora, más abajo, elegir otra cuenta para esta tanda en «Se paga desde» o asegurarse de tener los fondos disponibles.`,
      );
      await expect(alert).toContainText(`Fecha de pago: ${full(due)}`);
      await expect(alert).toContainText(`Próximo intento automático: ${full(retryOn)}`);
      await expect(alert.getByRole("link", { name: "Pagar $100.00 ahora" })).toBeVisible();

      await expect(phone.getByRole("heading", { name: "Próximo pago del pozo" })).toBeVisible();
      await expect(phone.getByRole("heading", { name: "Calendario de turnos" })).toBeVisible();
      await expect(main).toContainText("0 de 3 pagos del pozo hechos. Hoy es");
      await expect(main).toContainText("Turno 1");
      await expect(phone.getByRole("heading", { name: "Saldo del pozo" })).toBeVisible();
      await expect(phone.getByRole("heading", { name: "Orden de pagos del pozo" })).toBeVisible();
      await expect(phone.getByRole("columnheader", { name: "Quién recibe el pozo" }).first()).toBeAttached();
      await expect(main).toContainText(
        `Vence el ${new Intl.DateTimeFormat("es-US", { timeZone: "UTC", dateStyle: "medium" }).format(new Date(`${due}T00:00:00Z`))}`,
      );
      await expect(phone.getByRole("heading", { name: "Si un miembro no puede pagar" })).toBeVisible();
      await expect(phone.getByTestId("paid-from-account")).toHaveText("Sus aportes a esta tanda se cargan a First Platypus Bank Everyday ••3030.");
      await expect(phone.getByRole("heading", { name: "Cambios de turno" })).toBeVisible();
      await expect(phone.getByTestId("sandbox-clock")).toContainText(`Fecha de prueba: ${full(due)}`);
      await expect(phone.getByTestId("payout-next-steps")).toContainText(
        `Su aporte no se completó (intento 1 de 3): lo intentaremos de nuevo el ${long(retryOn)}.`,
      );
      await expect(phone.getByTestId("member-record").first()).toHaveText(
        "Historial de pagos en todas sus tandas: Todavía sin historial de pagos · 0 tandas completadas",
      );
      await expectNoEnglish(phone);
      await expectPhoneFit(phone);
    } finally {
      await lenaSide.close();
    }
  });

  test("her Pay now, statement and calendar file in Spanish", async ({ browser }) => {
    const { groupId, name, lena, due } = world;
    // Spanish is her account's language since the part before: a plain sign-in reads it.
    const context = await browser.newContext({ viewport: PHONE, javaScriptEnabled: test.info().project.use.javaScriptEnabled !== false });
    const lenaSide = { page: await context.newPage(), close: () => context.close() };
    try {
      const phone = lenaSide.page;
      await login(phone, lena, PASSWORD, { dashboard: false });
      await phone.goto(`/groups/${groupId}`);
      const alert = phone.getByTestId("late-contribution");
      // Pay now, in Spanish: the ACH dates, the authorisation she gives in her language, the toast.
      await fixture(phone, "/bank/balance", { email: lena, mask: "3030", balance: 500 });
      await alert.getByRole("link", { name: "Pagar $100.00 ahora" }).click();
      await expect(phone).toHaveURL(new RegExp(`/groups/${groupId}/pay$`));
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Pagar ahora");
      const summary = phone.getByTestId("pay-now-summary");
      await expect(summary).toContainText("Monto$100.00");
      await expect(summary).toContainText("La tarifa de inicio única de $5.00 se carga aparte cuando este aporte se haya completado.");
      await expect(summary).toContainText("DesdeFirst Platypus Bank Everyday ••3030");
      const today = due;
      const collectOn = bankDayOnOrAfter(today);
      await expect(summary).toContainText(`Cargo enviado a su banco el${full(collectOn)}`);
      await expect(summary).toContainText(
        `Llega al pozo el ${full(sandboxSettlesOn(today))}: el día en que se liquida, como lo muestran el calendario de la tanda y su estado de cuenta (días hábiles de ACH).`,
      );
      const consent = phone.getByRole("checkbox", {
        name: `Autorizo a Rosca a cargar $100.00 una sola vez a First Platypus Bank Everyday ••3030 por la red ACH el ${full(collectOn)}, por mi aporte atrasado a ${name}. Puedo cancelar esta autorización comunicándome con el soporte de Rosca antes de ese día.`,
      });
      await expectNoEnglish(phone);
      await expectPhoneFit(phone);
      // Paying without the authorisation: the browser's own check stops it, in her language where JavaScript words it
      // (the browser here speaks English: it said "Please check this box if you want to proceed.").
      await phone.getByRole("button", { name: "Pagar $100.00 ahora" }).click();
      await expect(phone).toHaveURL(new RegExp(`/groups/${groupId}/pay$`));
      const javaScript = test.info().project.use.javaScriptEnabled !== false;
      if (javaScript) expect(await consent.evaluate((box: HTMLInputElement) => box.validationMessage)).toBe("Marque esta casilla para continuar.");
      await consent.check();
      expect(await consent.evaluate((box: HTMLInputElement) => box.validity.valid)).toBe(true);
      await phone.getByRole("button", { name: "Pagar $100.00 ahora" }).click();
      await expect(phone).toHaveURL(new RegExp(`/groups/${groupId}$`));
      await expect(toasts(phone)).toContainText("Pago en camino");
      await expect(toasts(phone)).toContainText(
        `El cargo de $100.00 se envía a su banco el ${full(collectOn)} y se espera cobrarlo el ${full(sandboxSettlesOn(today))}, el día en que se liquida y lo muestra su estado de cuenta. El pago del pozo que lo espera sale en cuanto haya llegado.`,
      );

      // The statement and its CSV's headings in her language.
      await phone.goto(`/groups/${groupId}/statement`);
      await expect(phone.getByRole("heading", { level: 1 })).toHaveText(`Estado de cuenta: ${name}`);
      await expect(phone.getByRole("link", { name: "Descargar CSV" })).toBeVisible();
      await expectNoEnglish(phone);
      await expectPhoneFit(phone);
      const csv = await phone.request.get(`/groups/${groupId}/statement.csv`);
      expect(csv.status()).toBe(200);
      expect((await csv.text()).split("\r\n")[0]).toBe("Fecha,Miembro,Tipo,Período,Monto (USD),Cambio del pozo (USD),Estado,Saldo del pozo (USD)");

      // The calendar file's words.
      const ics = await phone.request.get(`/groups/${groupId}/calendar.ics`);
      expect(ics.status()).toBe(200);
      const unfolded = (await ics.text()).replace(/\r\n[ \t]/g, "");
      expect(unfolded).toContain(`SUMMARY:Aporte con fecha de pago: ${name} ($100.00)`);
      expect(unfolded).toContain(`DESCRIPTION:Vence su aporte de $100.00 a ${name} (período 1).`);
      expect(unfolded).not.toContain("Contribution due");
    } finally {
      await lenaSide.close();
    }
  });
});

test("the admin of a forming group reads its page in Spanish: seats left, the invite link, the projected schedule, the sent invitation", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const group = await formingGroup(page, baseURL, "es-forming");
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Language" }).getByLabel("Language").selectOption("es-US");
  await page.getByRole("button", { name: "Save Language" }).click();
  await expect(toasts(page)).toContainText("Idioma guardado");

  await page.goto(`/groups/${group.id}`);
  const main = page.locator("main");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(group.name);
  await expect(main).toContainText("En formación");
  await expect(main).toContainText("Miembros1 de 3 se unió");
  await expect(main).toContainText("Si la tanda se llenara hoy");
  await expect(page.getByRole("heading", { name: "Invitar miembros" })).toBeVisible();
  await expect(main).toContainText("Quedan 2 lugares. Comparta este enlace con las personas de su confianza.");
  await expect(page.getByLabel("Enlace de invitación")).toBeVisible();
  await expect(main).toContainText("Fechas previstas: como si la tanda se llenara hoy.");
  await expect(main).toContainText("Falta que se unan 2 miembros más.");
  await expect(main).toContainText("El pozo empieza con la tanda: no se mueve dinero hasta que se hayan unido los 3 miembros.");
  await expect(main).toContainText("La tanda empieza cuando se hayan unido los 3 miembros.");
  const sent = page.getByTestId("sent-invitation");
  await expect(sent).toContainText("Pendiente · vence el");
  await expect(sent.getByRole("button", { name: /^Revocar la invitación a / })).toBeVisible();
  await expectNoEnglish(page);
  for (const phrase of ["Invite members", "seats left", "Invite link", "Invitations sent", "Revoke", "Waiting for", "Projected start"])
    expect(await main.innerText()).not.toContain(phrase);
  await expectPhoneFit(page);
});

test("a member reports a problem in Spanish: the form, its refusals with what was typed, the toast; a roster refusal in Spanish", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(PHONE);
  const group = await formingGroup(page, baseURL, "es-report");
  await page.goto("/profile/notifications");
  await page.getByRole("region", { name: "Language" }).getByLabel("Language").selectOption("es-US");
  await page.getByRole("button", { name: "Save Language" }).click();
  await expect(toasts(page)).toContainText("Idioma guardado");

  await page.goto(`/groups/${group.id}`);
  await page.getByRole("link", { name: "Reportar un problema" }).click();
  await expect(page).toHaveURL(new RegExp(`/groups/${group.id}/report$`));
  await expect(page).toHaveTitle(`Reportar un problema: ${group.name} — Rosca`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reportar un problema");
  const main = page.locator("main");
  await expect(page.getByRole("link", { name: `← Volver a ${group.name}` })).toBeVisible();
  await expect(main).toContainText(`Cuéntenos qué salió mal en ${group.name}.`);
  await expect(main).toContainText("Hasta 2,000 caracteres. Nunca incluya contraseñas ni números completos de cuentas bancarias.");

  // Nothing chosen, nothing written: both refusals in Spanish.
  await page.getByRole("button", { name: "Enviar reporte" }).click();
  await expect(main.getByText("Elija de qué se trata el problema", { exact: true })).toBeVisible();
  await expect(main.getByText("Describa el problema", { exact: true })).toBeVisible();

  // Too short: the refusal in Spanish, the choice and the words kept (JavaScript on or off).
  await page.getByRole("radio", { name: "Pago no recibido" }).check();
  await page.getByLabel("¿Qué pasó?").fill("Corto");
  await page.getByRole("button", { name: "Enviar reporte" }).click();
  await expect(main.getByText("Describa el problema con al menos 10 caracteres", { exact: true })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Pago no recibido" })).toBeChecked();
  await expect(page.getByLabel("¿Qué pasó?")).toHaveValue("Corto");
  await expectNoEnglish(page);
  for (const phrase of ["What is the problem?", "What happened?", "Send Report", "Please ", "Back to", "Up to 2,000"])
    expect(await main.innerText()).not.toContain(phrase);
  await expectPhoneFit(page);

  await page.getByLabel("¿Qué pasó?").fill("El pago del pozo no llegó a mi cuenta.");
  await page.getByRole("button", { name: "Enviar reporte" }).click();
  await expect(page).toHaveURL(/\/reports$/);
  await expect(toasts(page)).toContainText("Problema reportado");
  await expect(toasts(page)).toContainText("Nuestro equipo lo revisará y le responderá aquí y por correo, normalmente en menos de 24 horas.");

  // The roster's refusal (the admin may not leave her own group) as she reads it.
  const refused = await page.request.post(`/groups/${group.id}`, {
    form: { intent: "leave-group" },
    headers: { Origin: baseURL ?? "" },
    maxRedirects: 0,
  });
  expect(refused.status()).toBe(302);
  await page.goto(`/groups/${group.id}`);
  await expect(toasts(page)).toContainText(
    "El administrador de la tanda no puede salir de ella. Si la tanda no debe seguir adelante, quite primero a los demás miembros.",
  );

  // Part five (m): a hand-made POST's error page names the status in Spanish ("400 Bad Request" in English).
  const malformed = await page.request.post("/reports", { form: { intent: "nonsense" }, headers: { Origin: baseURL ?? "" } });
  expect(malformed.status()).toBe(400);
  const html = await malformed.text();
  expect(html).toContain("400 Solicitud no válida");
  expect(html).not.toContain("400 Bad Request");
});

test("turn swaps in Spanish: the proposal's toast names whom we asked, the swap's says the turn now yours by its days", async ({ page, browser }) => {
  test.setTimeout(150_000);
  const suffix = Math.random().toString(36).slice(2, 7);
  const admin = await bankedMember(page, "es-swap-admin", "Dana Demo");
  const bo = await bankedMember(page, "es-swap-bo", "Bo Baker");
  const cy = await bankedMember(page, "es-swap-cy", "Cy Chen");
  const { groupId } = await fixture<{ groupId: string }>(page, "/groups/started", { admin, members: [bo, cy], name: `Tanda de cambios ${suffix}` });
  // The fixture's group is weekly on the weekday three days from today in New York (turn-swaps.spec.ts).
  const today = todayIn("America/New_York", new Date());
  const due = [3, 10, 17].map((days) => addDays(today, days));

  // Bo (turn 2), reading Spanish, proposes to swap with Dana (turn 1, the group's admin: no approval follows).
  const boSide = await spanishMember(browser, bo);
  try {
    const phone = boSide.page;
    await phone.goto(`/groups/${groupId}`);
    const swaps = phone.getByTestId("turn-swaps");
    await swaps.getByLabel("Cambiar mi turno con").selectOption({ label: await swaps.locator("option", { hasText: "Dana Demo" }).innerText() });
    await swaps.getByRole("button", { name: "Proponer cambio" }).click();
    await expect(toasts(phone)).toContainText("Cambio propuesto");
    await expect(toasts(phone)).toContainText("Le preguntamos a Dana Demo. Le avisaremos cuando responda.");
    expect(await toasts(phone).innerText()).not.toContain("We asked");
    await expectPhoneFit(phone);
  } finally {
    await boSide.close();
  }

  // Dana, reading Spanish, accepts: the turns are swapped, and her toast says her new turn by its payout's days.
  const danaSide = await spanishMember(browser, admin);
  try {
    const phone = danaSide.page;
    await phone.goto(`/groups/${groupId}`);
    await phone.getByTestId("open-swap").getByRole("button", { name: "Aceptar cambio" }).click();
    await expect(toasts(phone)).toContainText("Turnos cambiados");
    const dates = plannedDates(2, due[1]!);
    await expect(toasts(phone)).toContainText(
      `Su turno ahora es el 2: el pago del pozo sale el ${long(dates.sent!.day)}; se espera en su banco el ${long(dates.arrival!.day)}.`,
    );
    const said = await toasts(phone).innerText();
    for (const phrase of ["Your turn is now", "payout goes out", "expected in your bank"]) expect(said).not.toContain(phrase);
    await expectPhoneFit(phone);
  } finally {
    await danaSide.close();
  }
});
