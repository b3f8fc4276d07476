/** Las palabras propias de la campana y de /notifications, en español (ver notices.en-US.ts). */
import type { NOTICES_MESSAGES } from "./notices.en-US";

export const NOTICES_MESSAGES_ES: Record<keyof typeof NOTICES_MESSAGES, string> = {
  "notices.title": "Notificaciones",
  "notices.bellLabel": "{count, plural, =0 {Notificaciones, ninguna sin leer} other {Notificaciones, {count} sin leer}}",
  "notices.loadFailed": "No se pudieron cargar las notificaciones",
  "notices.empty": "Todavía no tiene notificaciones.",
  "notices.unreadMarker": " (sin leer)",
  "notices.viewAll": "Ver todas las notificaciones",
  "notices.sandboxDay": "{day} (hora del entorno de prueba)",
  "notices.pageTitle": "Notificaciones — Rosca",
  "notices.caughtUp": "Está al día.",
  "notices.unreadCount": "{count} sin leer",
  "notices.markAll": "Marcar todas como leídas",
  "notices.emptyFirst":
    "Todavía no tiene notificaciones. Aquí le avisaremos sobre el acceso al entorno de prueba, las invitaciones, los aportes y los pagos del pozo.",
  "notices.emptyOlder": "No hay notificaciones anteriores.",
  "notices.unread": "Sin leer",
  "notices.open": "Abrir",
  "notices.markRead": "Marcar como leída",
  "notices.pages": "Páginas de notificaciones",
  "notices.newest": "Notificaciones más recientes",
  "notices.older": "Notificaciones anteriores",
  "notices.allRead": "Todas las notificaciones se marcaron como leídas",
};
