/**
 * Los últimos avisos emergentes y respuestas (ADR 056, parte cinco (m)), en español de EE. UU., de "usted"
 * (docs/glossary-es.md). Los mismos ids y textos que toasts.en-US.ts.
 */
import type { TOASTS_MESSAGES, TOASTS_SERVER_TEXTS } from "./toasts.en-US";

export const TOASTS_MESSAGES_ES: Record<keyof typeof TOASTS_MESSAGES, string> = {
  "toasts.swap.proposed": "Le preguntamos a {name}. Le avisaremos cuando responda.",
  "toasts.swap.swapped": "Su turno ahora es el {turn}: el pago del pozo sale el {sentOn}; se espera en su banco el {arrivesOn}.",
  "toasts.clock.daysRange": "Elija entre {min} y {max} días.",
};

export const TOASTS_SERVER_TEXTS_ES: Record<(typeof TOASTS_SERVER_TEXTS)[number], string> = {
  "Bad Request": "Solicitud no válida",
  "Unknown action": "Acción desconocida",
  Unauthorized: "No autorizado",
  Forbidden: "Prohibido",
  "Not Found": "No encontrado",
  "Method Not Allowed": "Método no permitido",
  "Request Timeout": "Se agotó el tiempo de espera",
  Conflict: "Conflicto",
  Gone: "Ya no existe",
  "Content Too Large": "Contenido demasiado grande",
  "Unsupported Media Type": "Tipo de contenido no admitido",
  "Unprocessable Content": "Contenido que no se puede procesar",
  "Internal Server Error": "Error interno del servidor",
  "Bad Gateway": "Puerta de enlace incorrecta",
  "Service Unavailable": "Servicio no disponible",
  "Gateway Timeout": "Se agotó el tiempo de espera de la puerta de enlace",
  "Client Error": "Error en la solicitud",
  "Session Expired": "Su sesión venció",
  "You were logged out after 30 minutes of inactivity. Please log in again.":
    "Cerramos su sesión después de 30 minutos sin actividad. Vuelva a iniciar sesión.",
  "Logged Out": "Sesión cerrada",
  "You have been logged out.": "Usted cerró su sesión.",
  "Authentication Error": "Error de autenticación",
  "Your session could not be verified. Please log in again.": "No pudimos verificar su sesión. Vuelva a iniciar sesión.",
  "Authentication Required": "Debe iniciar sesión",
  "Please log in to access the admin dashboard.": "Inicie sesión para entrar al panel de administración.",
  "Access Denied": "Acceso denegado",
  "Administrator privileges required to access this page.": "Se necesitan permisos de administrador para entrar a esta página.",
  "Sandbox access granted": "Acceso al entorno de prueba concedido",
  "Your account already has sandbox access.": "Su cuenta ya tiene acceso al entorno de prueba.",
  "Request Sent": "Solicitud enviada",
  "We review sandbox access requests within 24 hours.": "Revisamos las solicitudes de acceso al entorno de prueba en un plazo de 24 horas.",
};
