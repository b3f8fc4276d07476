/**
 * The emails' Spanish words (US Spanish, "usted", docs/glossary-es.md; ADR 056): the same ids as email.en-US.ts (its
 * type says so, messages.test.ts checks it again with the same arguments).
 */
import type { EmailMessageId } from "./email.en-US";

export const emailMessages: Record<EmailMessageId, string> = {
  "layout.footer": "Rosca — tandas (grupos de ahorro) sin intereses.",
  "layout.buttonFallback": "Si el botón no funciona, copie este enlace en su navegador:",
  "layout.hi": "Hola, {name}:",
  "layout.hiNoName": "Hola:",

  welcome: "Le damos la bienvenida a Rosca",
  "welcome.preheader": "Le damos la bienvenida a Rosca, {name}.",
  "welcome.preheaderNoName": "Le damos la bienvenida a Rosca.",
  "welcome.body":
    "¡Le damos la bienvenida a Rosca! Ahora puede formar una tanda con personas de su confianza, aportar el mismo monto según un calendario y recibir el pozo completo por turnos, sin intereses.",
  "welcome.button": "Ir a su panel",
  "welcome.confirmFirst": "Si todavía no lo ha hecho, confirme primero su correo electrónico: busque nuestro correo de confirmación.",

  "confirm.subject": "Confirme su correo electrónico para Rosca",
  "confirm.preheader": "Confirme su correo electrónico para terminar de crear su cuenta.",
  "confirm.body": "Confirme su correo electrónico para terminar de crear su cuenta de Rosca.",
  "confirm.button": "Confirmar correo electrónico",
  "confirm.validity": "Este enlace es válido por {hours, plural, one {# hora} other {# horas}}.",
  "confirm.ignore": "Si usted no creó una cuenta de Rosca, puede ignorar este correo.",

  "reset.subject": "Restablezca su contraseña de Rosca",
  "reset.preheader": "Use este enlace para elegir una contraseña nueva.",
  "reset.body": "Recibimos una solicitud para restablecer la contraseña de su cuenta de Rosca.",
  "reset.button": "Elegir una contraseña nueva",
  "reset.expiryHours": "Este enlace vence en {hours, plural, one {# hora} other {# horas}} y se puede usar una sola vez.",
  "reset.expiryMinutes": "Este enlace vence en {minutes, plural, one {# minuto} other {# minutos}} y se puede usar una sola vez.",
  "reset.ignore": "Si usted no pidió restablecer su contraseña, ignore este correo: su contraseña sigue siendo la misma.",

  "invitation.subject": "{invitedBy} le invitó a Rosca",
  "invitation.preheader": "Tiene una invitación a Rosca, tandas (grupos de ahorro) sin intereses.",
  "invitation.body":
    "{invitedBy} le invitó a Rosca, donde amigos, familiares y colegas ahorran juntos: todos aportan el mismo monto según un calendario y cada miembro recibe el pozo completo en su turno, sin intereses.",
  "invitation.sandbox":
    "Su cuenta tendrá acceso al entorno de prueba desde el principio, así que podrá vincular un banco de prueba y unirse a tandas de inmediato.",
  "invitation.button": "Crear su cuenta",
  "invitation.ignore": "¿No le interesa? Ignore este correo y no pasará nada.",

  "groupInvitation.subject": "{invitedBy} le invitó a unirse a {groupName}",
  "groupInvitation.preheader": "Únase a {groupName}: {amount}, {schedule}.",
  "groupInvitation.body":
    "{invitedBy} le invitó a unirse a {groupName}, una tanda (grupo de ahorro) sin intereses en Rosca. Cada miembro aporta el mismo monto según un calendario y cada uno recibe el pozo completo en su turno.",
  "groupInvitation.members": "Miembros",
  "groupInvitation.contribution": "Aporte",
  "groupInvitation.schedule": "Calendario",
  "groupInvitation.payout": "Pago del pozo por turno",
  "groupInvitation.setupFee": "Tarifa de inicio",
  "groupInvitation.setupFeeLine": "{amount} de tarifa de inicio, una sola vez y la misma para cada miembro y cada turno",
  "groupInvitation.button": "Ver la invitación",
  "groupInvitation.requirements":
    "Para unirse necesita una cuenta de Rosca con acceso al entorno de prueba y una cuenta bancaria vinculada. ¿No le interesa? Ignore este correo.",

  "confirmNew.subject": "Confirme su nuevo correo electrónico para Rosca",
  "confirmNew.preheader": "Confirme esta dirección para que sea el correo electrónico de su cuenta.",
  "confirmNew.body": "Usted pidió usar {newEmail} para su cuenta de Rosca. Confírmelo para terminar el cambio.",
  "confirmNew.button": "Confirmar el nuevo correo electrónico",
  "confirmNew.validity":
    "Este enlace es válido por {hours, plural, one {# hora} other {# horas}}; si no ha iniciado sesión, se le pedirá que lo haga.",
  "confirmNew.ignore": "Si usted no lo pidió, ignore este correo: no cambia nada.",
  "sandbox.subject": "Acceso al entorno de prueba concedido en Rosca",
  "sandbox.preheader": "Ya puede vincular una cuenta bancaria de prueba y unirse a tandas.",
  "sandbox.body":
    "Buenas noticias: un administrador le dio a su cuenta acceso al entorno de prueba. Ya puede vincular una cuenta bancaria de prueba, crear tandas y unirse a las tandas a las que le inviten.",
  "sandbox.button": "Vincular una cuenta bancaria",
  "sandbox.demo": "Fase de demostración: el banco es de prueba y no se mueve dinero real.",
  "removed.subject": "Ya no forma parte de {groupName}",
  "removed.preheader": "{removedBy} le quitó de {groupName} antes de que empezara.",
  "removed.body": "{removedBy}, quien administra {groupName}, le quitó del grupo antes de que la tanda empezara.",
  "removed.reason": "Motivo indicado",
  "removed.nothingCharged":
    "No se le cobró nada: los aportes y la tarifa de inicio solo empiezan cuando la tanda empieza. Los enlaces de invitación del grupo, viejos o nuevos, ya no le sirven, salvo que quien lo administra le invite de nuevo.",
  "removed.button": "Ir a su panel",
  "started.subject": "{groupName} empezó: su primer aporte vence el {date}",
  "started.preheader": "Todos se unieron a {groupName}. Su turno es el {position} de {count}.",
  "started.body": "Todos los miembros se unieron a {groupName}, así que la tanda empezó y el orden de los turnos está fijado.",
  "started.contribution": "Aporte",
  "started.firstDue": "Vence el primer aporte",
  "started.turn": "Su turno",
  "started.turnValue": "{position} de {count}",
  "started.payout": "Su pago del pozo",
  "started.payoutValue": "{amount}, que se espera en su banco el {date}",
  "started.button": "Ver su tanda",

  "schedule.daily": "Todos los días",
  "schedule.weekly": "Cada {weekday, select, 0 {domingo} 1 {lunes} 2 {martes} 3 {miércoles} 4 {jueves} 5 {viernes} other {sábado}}",
  "schedule.biweekly":
    "Cada dos semanas, los {weekday, select, 0 {domingos} 1 {lunes} 2 {martes} 3 {miércoles} 4 {jueves} 5 {viernes} other {sábados}}",
  "schedule.monthly": "Cada mes, el día {day}",
  "schedule.monthlyShort": "Cada mes, el día {day} (o el último día de los meses más cortos)",
};
