/**
 * Las últimas palabras de la página de la tanda en español de EE. UU. (ADR 056, parte cinco (j)): el formulario para
 * reportar un problema, la explicación del sorteo y las negativas de los miembros, del enlace y de los cambios de
 * turno. De "usted", con las palabras de docs/glossary-es.md.
 */
import type { GROUP_EXTRA_MESSAGES, GROUP_EXTRA_SERVER_TEXTS } from "./group-extra.en-US";

export const GROUP_EXTRA_MESSAGES_ES: Record<keyof typeof GROUP_EXTRA_MESSAGES, string> = {
  "groupExtra.report.metaTitle": "Reportar un problema: {group} — Rosca",
  "groupExtra.report.back": "← Volver a {group}",
  "groupExtra.report.heading": "Reportar un problema",
  "groupExtra.report.lead":
    "Cuéntenos qué salió mal en {group}. Nuestro equipo lee cada reporte y responde en la aplicación y por correo, normalmente en menos de 24 horas.",
  "groupExtra.report.aboutPayment": "Sobre este pago",
  "groupExtra.report.paymentMissing": "Ese pago no está en el estado de cuenta de esta tanda, así que este reporte es sobre la tanda en general.",
  "groupExtra.report.whatProblem": "¿Cuál es el problema?",
  "groupExtra.report.whatHappened": "¿Qué pasó?",
  "groupExtra.report.hint": "Hasta {max} caracteres. Nunca incluya contraseñas ni números completos de cuentas bancarias.",
  "groupExtra.report.sending": "Enviando…",
  "groupExtra.report.send": "Enviar reporte",
  "groupExtra.report.tooMany": "Puede enviar hasta {count} reportes en 24 horas. Podrá enviar otro después del {time}.",
  "groupExtra.report.sentTitle": "Problema reportado",
  "groupExtra.report.sentDescription": "Nuestro equipo lo revisará y le responderá aquí y por correo, normalmente en menos de 24 horas.",
  "groupExtra.draw.why":
    "Cuando se creó la tanda elegimos un número aleatorio secreto (la semilla) y le mostramos su huella (el hash SHA-256 de los 32 bytes de la semilla) antes de que nadie supiera el orden. Cuando la tanda empieza, revelamos la semilla.",
  "groupExtra.draw.steps":
    'Para comprobar el sorteo: calcule el hash de la semilla revelada y compárelo con la huella que vio; luego baraje a los miembros, en el orden en que se unieron, con una mezcla de Fisher-Yates guiada por la semilla. Para cada posición i, desde la última hasta la segunda, calcule HMAC-SHA256 con la semilla como clave y el texto "rosca-draw:i:0" como mensaje, lea sus primeros 4 bytes como un número big-endian x, e intercambie la posición i con la posición x mod (i+1). Si x es 2^32 - (2^32 mod (i+1)) o más, vuelva a intentarlo con :1, :2 y así sucesivamente en lugar de :0, para que todas las posiciones sean igual de probables. Las posiciones se cuentan desde 0. El resultado es el orden de los turnos, del primero al último.',
};

/** Los textos que el servidor escribe en inglés (GROUP_EXTRA_SERVER_TEXTS), en español. */
export const GROUP_EXTRA_SERVER_TEXTS_ES: Record<(typeof GROUP_EXTRA_SERVER_TEXTS)[number], string> = {
  "Please choose what the problem is about": "Elija de qué se trata el problema",
  "Please describe the problem": "Describa el problema",
  "Please describe the problem in at least 10 characters": "Describa el problema con al menos 10 caracteres",
  "Message must be at most 2,000 characters": "El mensaje debe tener como máximo 2,000 caracteres",
  "That payment is not in this group's statement.": "Ese pago no está en el estado de cuenta de esta tanda.",
  "Message can't contain control characters": "El mensaje no puede contener caracteres de control",
  "Message can't contain characters that change the direction of the text":
    "El mensaje no puede contener caracteres que cambian la dirección del texto",
  "Message can't contain invisible characters, such as zero-width spaces":
    "El mensaje no puede contener caracteres invisibles, como los espacios de ancho cero",
  "Please give a reason: the member will see it": "Indique un motivo: el miembro lo verá",
  "Reason must be at most 200 characters": "El motivo debe tener como máximo 200 caracteres",
  "Reason can't contain line breaks, tabs or other control characters":
    "El motivo no puede contener saltos de línea, tabulaciones ni otros caracteres de control",
  "Reason can't contain characters that change the direction of the text":
    "El motivo no puede contener caracteres que cambian la dirección del texto",
  "Reason can't contain invisible characters, such as zero-width spaces":
    "El motivo no puede contener caracteres invisibles, como los espacios de ancho cero",
  "Only the group admin can remove members.": "Solo el administrador de la tanda puede quitar miembros.",
  "Only the group admin can replace the invite link.": "Solo el administrador de la tanda puede reemplazar el enlace de invitación.",
  "Members can only be removed before the group starts.": "Solo se pueden quitar miembros antes de que empiece la tanda.",
  "The invite link can only be replaced while the group is forming.":
    "El enlace de invitación solo se puede reemplazar mientras la tanda se está formando.",
  "The group's admin can't be removed.": "No se puede quitar al administrador de la tanda.",
  "That member is not in this group.": "Ese miembro no está en esta tanda.",
  "The group's admin can't leave the group. Remove the other members first if the group should not go ahead.":
    "El administrador de la tanda no puede salir de ella. Si la tanda no debe seguir adelante, quite primero a los demás miembros.",
  "You can only leave a group before it starts. Once it runs, other members count on your contributions.":
    "Solo puede salir de una tanda antes de que empiece. Una vez en marcha, los demás miembros cuentan con sus aportes.",
  "Only the group admin can invite someone again.": "Solo el administrador de la tanda puede volver a invitar a alguien.",
  "People can only be invited again before the group starts.": "Solo se puede volver a invitar a alguien antes de que empiece la tanda.",
  "That person can already join this group.": "Esa persona ya puede unirse a esta tanda.",
  "That person is already a member of this group.": "Esa persona ya es miembro de esta tanda.",
  "Turns can be swapped only once the group has started.": "Los turnos solo se pueden cambiar una vez que la tanda haya empezado.",
  "Choose another member to swap turns with.": "Elija a otro miembro con quien cambiar de turno.",
  "Choose how the payout order is set.": "Elija cómo se fija el orden de los pagos del pozo.",
  "Choose who has the last word on turn swaps.": "Elija quién tiene la última palabra sobre los cambios de turno.",
  "Your turn is already being paid (or was paid), so it can't be swapped any more.":
    "Su turno ya se está pagando (o ya se pagó), así que ya no se puede cambiar.",
  "That member's turn is already being paid (or was paid), so it can't be swapped any more.":
    "El turno de ese miembro ya se está pagando (o ya se pagó), así que ya no se puede cambiar.",
  "One of these turns is already being paid, so the swap can't happen. It was cancelled.":
    "Uno de estos turnos ya se está pagando, así que el cambio no puede hacerse. Se canceló.",
  "One of these turns is already part of another swap proposal. Wait until that one is answered.":
    "Uno de estos turnos ya forma parte de otra propuesta de cambio. Espere a que se responda.",
  "The group's payments are being processed right now. Try again in a minute.":
    "En este momento se están procesando los pagos de la tanda. Inténtelo de nuevo en un minuto.",
  "That swap proposal was not found in this group.": "No se encontró esa propuesta de cambio en esta tanda.",
  "Only the member it was proposed to can answer this swap.": "Solo el miembro a quien se le propuso puede responder a este cambio.",
  "Only the member who proposed this swap can withdraw it.": "Solo el miembro que propuso este cambio puede retirarlo.",
  "Only the group admin can approve or refuse a swap.": "Solo el administrador de la tanda puede aprobar o negar un cambio.",
  "This swap was already answered.": "Este cambio ya se respondió.",
  "This swap was withdrawn by the member who proposed it.": "Quien propuso este cambio lo retiró.",
  "This swap needs no approval.": "Este cambio no necesita aprobación.",
  "The other member hasn't accepted this swap yet.": "El otro miembro todavía no ha aceptado este cambio.",
};
