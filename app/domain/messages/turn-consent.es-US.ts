/**
 * La aceptación de lo que llegó (ADR 053 paso 4; ADR 056 parte cuatro), en español de EE. UU., de "usted"
 * (docs/glossary-es.md). Los mismos ids que turn-consent.en-US.ts.
 */
import type { TURN_CONSENT_MESSAGES, TURN_CONSENT_SERVER_TEXTS } from "./turn-consent.en-US";

export const TURN_CONSENT_MESSAGES_ES: Record<keyof typeof TURN_CONSENT_MESSAGES, string> = {
  "turnConsent.owing.title": "Usted le debe {amount} a {name}",
  "turnConsent.owing.body":
    "El {date}, {name} aceptó lo que había llegado para el turno {period} en vez de esperar su aporte. Sus {amount} se le siguen debiendo a {name}: páguelos con Pagar ahora (arriba) y se le envían a {name} cuando lleguen.",
  "turnConsent.owing.onItsWay":
    "El {date}, {name} aceptó lo que había llegado para el turno {period} en vez de esperar su aporte. Su pago de {amount} está en camino: se le envía a {name} cuando llegue.",
  "turnConsent.offer.title": "Su pago del pozo espera a {names}",
  "turnConsent.offer.body":
    "Su pago del pozo de {amount} (turno {period}, con fecha {date}) espera porque {count, plural, one {no ha llegado un aporte} other {no han llegado aportes}}. Rosca no presta el dinero que falta.",
  "turnConsent.offer.arrived": "Llegó: {amount}",
  "turnConsent.offer.missing": "Falta: {amount}",
  "turnConsent.offer.accepting": "Aceptando…",
  "turnConsent.offer.accept": "Aceptar {amount} ahora",
  "turnConsent.offer.later":
    "Si todavía falta el {date}, aquí podrá elegir que le paguen los {amount} que llegaron; lo que {count, plural, one {debe} other {deben}} {names} se le seguiría debiendo a usted y se le enviaría cuando llegue.",
  "turnConsent.consequence":
    "Recibirá {arrived} ahora. Los {owed} que todavía {count, plural, one {debe} other {deben}} {names} quedan en el registro de la tanda como deuda con usted y se le envían cuando lleguen.",
  "turnConsent.given.stillOwed": "Todavía se le debe",
  "turnConsent.given.complete": "Su pago del pozo está completo",
  "turnConsent.given.body": "El {date} usted aceptó {amount} para el turno {period}{sending, select, yes {; se está enviando.} other {.}}",
  "turnConsent.given.owes": "{name} le debe {amount}: se le envía cuando llegue.",
  "turnConsent.given.collected": "Los {amount} de {name} llegaron y se le enviaron el {date}.",
  "turnConsent.partial.sent": "{amount} enviados el {date}",
  "turnConsent.partial.sentLast": "{amount} enviados, la última parte el {date}",
  "turnConsent.partial.sending": "{amount} en proceso de envío",
  "turnConsent.partial.failed": "El envío de {amount} falló el {date}; se enviarán de nuevo el {again}",
  "turnConsent.partial.stopped":
    "El envío de {amount} falló el {date} y no se volverá a hacer automáticamente; se avisó al equipo de soporte de Rosca",
  "turnConsent.partial.cancelled": "El envío de {amount} se canceló el {date} y no se volverá a hacer automáticamente",
  "turnConsent.partial.rest.sending": "{amount} de {name} en proceso de envío",
  "turnConsent.partial.rest.failed": "El envío de los {amount} de {name} falló el {date}; se enviarán de nuevo el {again}",
  "turnConsent.partial.rest.stopped":
    "El envío de los {amount} de {name} falló el {date} y no se volverá a hacer automáticamente; se avisó al equipo de soporte de Rosca",
  "turnConsent.partial.rest.cancelled": "El envío de los {amount} de {name} se canceló el {date} y no se volverá a hacer automáticamente",
  "turnConsent.partial.owed": "{amount} que todavía debe {name}, se envían cuando lleguen",
  "turnConsent.owedToRecipient":
    "{name} aceptó {arrived} el {date} en vez de esperar este aporte. Usted le debe {owed} a {name}, que se le envían cuando lleguen: páguelos ahora desde la página de la tanda.",
  "turnConsent.consentedNote": "{name} aceptó {arrived} el {date}; {member} le debe {owed} a {name}, que se le envían cuando lleguen.",
  "turnConsent.page.title": "Aceptar lo que llegó",
  "turnConsent.page.metaTitle": "Aceptar lo que llegó — Rosca",
  "turnConsent.page.back": "← Volver a la tanda",
  "turnConsent.page.none": "No tiene ningún turno que espere un aporte que falta y que pueda aceptar ahora.",
  "turnConsent.page.notYet": "Podrá aceptar lo que llegó a partir del {date}.",
  "turnConsent.toast.accepted":
    "{arrived} van en camino a usted. Los {owed} que todavía se le deben siguen siendo suyos y se le envían cuando lleguen.",
  "turnConsent.toast.allArrived":
    "Ya no se le debe nada por este turno: los {owed} que faltaban llegaron y se le enviaron, después de los {arrived} que usted aceptó.",
};

/** Los textos que el servidor escribe en inglés (TURN_CONSENT_SERVER_TEXTS), en español. */
export const TURN_CONSENT_SERVER_TEXTS_ES: Record<(typeof TURN_CONSENT_SERVER_TEXTS)[number], string> = {
  "Tick the box to accept what has arrived.": "Marque la casilla para aceptar lo que llegó.",
  "There is no such turn in this group.": "No existe ese turno en esta tanda.",
  "Only the member whose turn it is can accept what has arrived.": "Solo quien recibe el pozo en este turno puede aceptar lo que llegó.",
  "This group is not active.": "Esta tanda no está activa.",
  "This turn's payout has already gone out.": "El pago del pozo de este turno ya se envió.",
  "Every contribution for this turn has arrived: the full payout goes out by itself.":
    "Llegaron todos los aportes de este turno: el pozo completo se envía solo.",
  "Your own contribution for this turn hasn't arrived yet: pay it first (Pay now on the group page).":
    "Su propio aporte para este turno todavía no ha llegado: páguelo primero (Pagar ahora en la página de la tanda).",
  "No contribution for this turn has arrived yet, so there is nothing to pay out.":
    "Todavía no ha llegado ningún aporte para este turno, así que no hay nada que pagar.",
  "You already accepted what arrived": "Usted ya aceptó lo que llegó",
  Accepted: "Aceptado",
};
