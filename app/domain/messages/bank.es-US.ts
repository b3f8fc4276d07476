/**
 * La vinculación bancaria en español de EE. UU. (ADR 056, parte cuatro (f)): los mismos ids que bank.en-US.ts, de
 * "usted", con las palabras de docs/glossary-es.md.
 */
import type { BANK_MESSAGES } from "./bank.en-US";

export const BANK_MESSAGES_ES: Record<keyof typeof BANK_MESSAGES, string> = {
  "bank.modal.login": "Inicie sesión en {name}",
  "bank.modal.choose": "Elija las cuentas",
  "bank.modal.reconnect": "Vuelva a conectar su banco",
  "bank.modal.connect": "Conecte un banco",
  "bank.modal.close": "Cerrar",
  "bank.modal.sandbox": "Banco de prueba: no se mueve dinero real. Use user_good / pass_good.",
  "bank.modal.loading": "Conectando con el proveedor de vinculación bancaria…",
  "bank.modal.retry": "Reintentar",
  "bank.modal.unavailable": "No se pudo cargar el proveedor de vinculación bancaria. Inténtelo de nuevo.",
  "bank.modal.cancelled": "Vinculación bancaria cancelada",
  "bank.modal.username": "Usuario",
  "bank.modal.password": "Contraseña",
  "bank.modal.loggingIn": "Iniciando sesión…",
  "bank.modal.submit": "Enviar",
  "bank.modal.share": "Compartir estas cuentas con Rosca:",
  "bank.modal.continue": "Continuar",
  "bank.modal.reconnecting": "Volviendo a conectar {name}…",
  "bank.modal.connecting": "Conectando sus cuentas de {name}…",
  "bank.modal.error.INVALID_CREDENTIALS": "Las credenciales no son correctas. Inténtelo de nuevo.",
  "bank.modal.error.INVALID_MFA": "Las respuestas de verificación no son correctas. Inténtelo de nuevo.",
  "bank.modal.error.ITEM_LOCKED": "Estas credenciales son de una cuenta bloqueada. Restablézcalas con su institución financiera.",
  "bank.modal.error.ITEM_NOT_SUPPORTED": "Por ahora no se puede conectar esta cuenta.",
  "bank.modal.error.USER_SETUP_REQUIRED": "Esta cuenta requiere que usted haga un trámite con su institución financiera.",
  "bank.modal.error.NO_ACCOUNTS": "No se encontraron cuentas válidas en la institución financiera.",
  "bank.modal.error.INSTITUTION_DOWN": "Esta institución financiera no está disponible en este momento. Inténtelo de nuevo más tarde.",
  "bank.modal.subtype": "{subtype, select, checking {corriente} savings {ahorros} other {{subtype}}}",
  "bank.modal.wrong": "Algo salió mal.",
  "bank.plaid.scriptFailed": "No se pudo cargar el proveedor de vinculación bancaria. Actualice la página e inténtelo de nuevo.",
  "bank.plaid.ended": "La conexión con el banco terminó antes de completarse. Inténtelo de nuevo.",
  "bank.plaid.connecting": "Conectando sus cuentas bancarias…",
};
