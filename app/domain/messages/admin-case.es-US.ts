/**
 * El caso de soporte de un turno sin pagar, como lo lee el administrador en la consola (ADR 056, parte cinco (m)), en
 * español de EE. UU., de "usted" (docs/glossary-es.md). Los mismos ids que admin-case.en-US.ts.
 */
import type { ADMIN_CASE_MESSAGES } from "./admin-case.en-US";

export const ADMIN_CASE_MESSAGES_ES: Record<keyof typeof ADMIN_CASE_MESSAGES, string> = {
  "admin.case.summary": "El aporte de {amount} de {member} a {group} (período {period}) vencía el {date} y lleva {days} días esperando.",
  "admin.case.action":
    "Trátelo con {admin} y {member}: acuerden cuándo {member} lo paga con Pagar ahora. El pago del pozo lo espera; Rosca no presta nada. Quien recibe el pozo en este turno puede, en cambio, aceptar lo que llegó, en la página de la tanda.",
  "admin.case.actionOwnTurn":
    "Trátelo con {admin} y {member}: acuerden cuándo {member} lo paga con Pagar ahora. El pago del pozo lo espera; Rosca no presta nada. {member} recibe el pozo en este turno, así que el turno espera su propio aporte.",
  "admin.case.noAdmin": "el administrador de la tanda",
};
