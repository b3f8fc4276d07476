/**
 * Las piezas pequeñas del marco y las páginas de la cuenta en español de EE. UU. (ADR 056, parte cuatro (f)): los
 * mismos ids que account.en-US.ts, de "usted", con las palabras de docs/glossary-es.md.
 */
import type { ACCOUNT_MESSAGES } from "./account.en-US";

export const ACCOUNT_MESSAGES_ES: Record<keyof typeof ACCOUNT_MESSAGES, string> = {
  "account.session.title": "Su sesión vencerá en 5 minutos",
  "account.session.body": "Por su seguridad, cerramos su sesión después de 30 minutos sin actividad.",
  "account.session.stay": "Mantener la sesión",
  "account.session.extended": "Sesión extendida",
  "account.toasts": "Notificaciones",
  "account.toasts.dismiss": "Cerrar notificación",
  "account.dismiss": "Cerrar",
  "account.scrollHint": "Deslice hacia el lado para ver más →",
  "account.undeliverable.title": "No podemos comunicarnos con {address}: actualice su correo electrónico",
  "account.undeliverable.spam-complaint":
    "Un correo que enviamos a esta dirección se reportó como correo no deseado, así que nuestro servicio de correo ya no entrega a ella.",
  "account.undeliverable.invalid": "Nuestro servicio de correo indica que esta no es una dirección de correo electrónico válida.",
  "account.undeliverable.bounced": "Los correos que enviamos a esta dirección fueron devueltos sin entregar.",
  "account.undeliverable.inactive":
    "Nuestro servicio de correo dejó de entregar a esta dirección porque correos anteriores fueron devueltos sin entregar.",
  "account.undeliverable.inApp": "Los recordatorios y avisos le siguen llegando aquí, en la aplicación.",
  "account.undeliverable.change": "Cambiar su correo electrónico",
  "account.confirmed.title": "Correo electrónico confirmado",
  "account.confirmed.description": "Su correo electrónico está confirmado. Inicie sesión para empezar a ahorrar con su grupo.",
  "account.confirmed.invitation": "Gracias por confirmar su correo electrónico. Inicie sesión y le llevaremos a su invitación.",
  "account.confirmed.ready": "Gracias por confirmar su correo electrónico. Su cuenta está lista: inicie sesión para comenzar.",
  "account.confirmed.login": "Iniciar sesión",
  "account.confirm.title": "Confirme su correo electrónico",
  "account.confirm.pageTitle": "{title} — Rosca",
  "account.confirm.lead": "Un clic y su cuenta estará lista.",
  "account.confirm.submit": "Confirmar correo electrónico",
  "account.confirm.submitting": "Confirmando…",
  "account.confirm.tooMany": "Demasiadas solicitudes",
  "account.confirm.resend": "Reenviar el correo de confirmación",
  "account.confirm.sending": "Enviando…",
  "account.confirm.already": "¿Ya lo confirmó? <0>Inicie sesión</0>",
  "account.reset.pageTitle": "Elija una contraseña nueva — Rosca",
  "account.reset.title": "Elija una contraseña nueva",
  "account.reset.rules": "Use al menos 8 caracteres, con una letra mayúscula, una letra minúscula y un número.",
  "account.reset.password": "Contraseña nueva",
  "account.reset.confirm": "Confirme la contraseña nueva",
  "account.reset.submit": "Cambiar contraseña",
  "account.reset.submitting": "Cambiando…",
  "account.reset.doneTitle": "Contraseña cambiada",
  "account.reset.doneAlert": "Su contraseña se restableció",
  "account.reset.doneBody":
    "Por su seguridad, se cerró la sesión en todos los dispositivos. Le llevaremos a la página de inicio de sesión en 3 segundos…",
  "account.reset.toLogin": "Ir a iniciar sesión",
};
