/**
 * El buzón de la demostración (/dev/mailbox) en español de EE. UU. (ADR 056, parte cuatro (f)): los mismos ids que
 * mailbox.en-US.ts, de "usted".
 */
import type { MAILBOX_MESSAGES } from "./mailbox.en-US";

export const MAILBOX_MESSAGES_ES: Record<keyof typeof MAILBOX_MESSAGES, string> = {
  "mailbox.title": "Buzón — Rosca",
  "mailbox.heading": "Buzón",
  "mailbox.lead":
    "Cada correo que la aplicación envía fuera de producción queda aquí, en el entorno de prueba de correo, en lugar de entregarse. Los más recientes primero.",
  "mailbox.scope.admin": "Usted es administrador: ve todos los mensajes capturados.",
  "mailbox.scope.open": "<0>MAILBOX_OPEN=true</0>: todos los mensajes capturados se muestran a quien abra esta página (solo en desarrollo local).",
  "mailbox.scope.addresses":
    "{signedIn, select, yes {Se muestran los correos a {addresses}: su dirección y las cuentas creadas o con sesión iniciada en este navegador.} other {Se muestran los correos a {addresses}: las cuentas creadas o con sesión iniciada en este navegador.}}",
  "mailbox.filter": "Filtrar mensajes",
  "mailbox.recipient": "Correo electrónico del destinatario",
  "mailbox.filterButton": "Filtrar",
  "mailbox.showAll": "Mostrar todos",
  "mailbox.nothingTitle": "Todavía no hay nada que mostrar en este navegador",
  "mailbox.nothing":
    "Este buzón muestra los correos enviados a su propia cuenta: <0>inicie sesión</0> para leer los suyos. Las cuentas que cree aquí (<1>regístrese</1>) se recuerdan en este navegador, así que su correo de confirmación aparece sin iniciar sesión.",
  "mailbox.noneTo": "No hay mensajes para {address}",
  "mailbox.none": "Todavía no hay mensajes",
  "mailbox.noneToBody": "No se ha enviado nada a esta dirección. Revise cómo está escrita o muestre todos los mensajes.",
  "mailbox.noneBody":
    "Aquí aparecerán los correos que envía la aplicación (confirmación de la cuenta, restablecimiento de la contraseña, bienvenida, formulario de contacto).",
  "mailbox.captionTo": "Mensajes para {address}, los más recientes primero",
  "mailbox.caption": "Mensajes capturados, los más recientes primero",
  "mailbox.to": "Para",
  "mailbox.subject": "Asunto",
  "mailbox.received": "Recibido",
  "mailbox.newest": "Se muestran los {count} mensajes más recientes.",
  "mailbox.notFound": "Página no encontrada",
  "mailbox.notFoundBody": "No hay nada en esta dirección.",
  "mailbox.home": "Ir al inicio",
  "mailbox.message.title": "{subject} — Buzón — Rosca",
  "mailbox.message.notFoundTitle": "Mensaje no encontrado — Buzón — Rosca",
  "mailbox.message.breadcrumb": "Ruta de navegación",
  "mailbox.message.back": "← Volver al buzón",
  "mailbox.message.headers": "Encabezados",
  "mailbox.message.from": "De",
  "mailbox.message.to": "Para",
  "mailbox.message.received": "Recibido",
  "mailbox.message.tag": "Etiqueta",
  "mailbox.message.template": "Plantilla",
  "mailbox.message.stream": "Flujo",
  "mailbox.message.id": "ID del mensaje",
  "mailbox.message.links": "Enlaces de este mensaje",
  "mailbox.message.noLinks": "Este mensaje no contiene enlaces.",
  "mailbox.message.html": "Cuerpo HTML",
  "mailbox.message.htmlOf": "Cuerpo HTML de “{subject}”",
  "mailbox.message.noHtml": "Este mensaje no tiene cuerpo HTML.",
  "mailbox.message.text": "Cuerpo de texto",
  "mailbox.message.noText": "Este mensaje no tiene cuerpo de texto.",
  "mailbox.message.notFound": "Mensaje no encontrado",
  "mailbox.message.notFoundBody": "No hay ningún mensaje capturado en esta dirección.",
  "mailbox.message.backButton": "Volver al buzón",
};
