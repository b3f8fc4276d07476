/**
 * /reports en español de EE. UU. (ADR 056, parte cuatro (f)): los mismos ids que report.en-US.ts, de "usted", con
 * las palabras de docs/glossary-es.md (aporte, pago del pozo, tarifa de inicio, período).
 */
import type { REPORT_PAGE_MESSAGES } from "./report.en-US";

export const REPORT_PAGE_MESSAGES_ES: Record<keyof typeof REPORT_PAGE_MESSAGES, string> = {
  "report.title": "Sus reportes — Rosca",
  "report.heading": "Sus reportes",
  "report.lead":
    "Los problemas que reportó sobre sus tandas y sus pagos, y las respuestas de nuestro equipo. Para reportar uno nuevo, abra la tanda o su estado de cuenta y elija «Reportar un problema».",
  "report.none": "No ha reportado ningún problema.",
  "report.sent": "Enviado el <0>{time}</0>",
  "report.yourAnswer": "Su respuesta",
  "report.closingNote": "Nota de cierre del equipo de Rosca",
  "report.teamReply": "Respuesta del equipo de Rosca",
  "report.add": "Agregar a este reporte",
  "report.answerLabel": "Su respuesta (nuestro equipo la ve junto con su reporte)",
  "report.sendAnswer": "Enviar respuesta",
  "report.answerRequired": "Escriba su respuesta",
  "report.answerLong": "La respuesta debe tener como máximo {max} caracteres",
  "report.answeredTitle": "Respuesta enviada",
  "report.answeredDescription": "Nuestro equipo la ve junto con su reporte.",
  "report.category.wrong_amount": "Monto incorrecto",
  "report.category.not_received": "Pago no recibido",
  "report.category.member_not_paying": "Un miembro no está pagando",
  "report.category.other": "Otro asunto",
  "report.status.open": "Abierto",
  "report.status.answered": "Respondido",
  "report.status.closed": "Cerrado",
  "report.reason.contribution": "Aporte",
  "report.reason.contribution_reversal": "Aporte devuelto",
  "report.reason.shortfall_cover": "Cubierto por la plataforma",
  "report.reason.shortfall_repaid": "Faltante reembolsado",
  "report.reason.payout": "Pago del pozo",
  "report.reason.payout_reversal": "Pago del pozo devuelto",
  "report.reason.fee": "Tarifa de inicio",
  "report.reason.fee_reversal": "Tarifa de inicio devuelta",
  "report.period": " · período {period}",
  "report.transfer.created": "En proceso",
  "report.transfer.pending": "Pendiente",
  "report.transfer.posted": "Registrado",
  "report.transfer.settled": "Liquidado",
  "report.transfer.funds_available": "Disponible",
  "report.transfer.declined": "Rechazado",
  "report.transfer.failed": "Fallido",
  "report.transfer.returned": "Devuelto",
  "report.transfer.cancelled": "Cancelado",
};
