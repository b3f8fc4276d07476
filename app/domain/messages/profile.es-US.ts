/**
 * Las páginas del perfil en español de EE. UU. (ADR 056, parte cinco (h)): los mismos ids que profile.en-US.ts, de
 * "usted", con las palabras de docs/glossary-es.md; y los textos que el servidor escribe en inglés, en español.
 */
import type { PROFILE_MESSAGES_UI, PROFILE_SERVER_TEXTS } from "./profile.en-US";

export const PROFILE_MESSAGES_UI_ES: Record<keyof typeof PROFILE_MESSAGES_UI, string> = {
  "profile.info.title": "Perfil — Rosca",
  "profile.info.heading": "Información del perfil",
  "profile.info.refresh": "Actualizar",
  "profile.info.emailNote": "El correo electrónico no se puede cambiar aquí. <0>Cambiar su correo electrónico</0>",
  "profile.info.name": "Nombre visible",
  "profile.info.email": "Correo electrónico",
  "profile.info.phone": "Teléfono",
  "profile.info.address": "Dirección",
  "profile.info.city": "Ciudad",
  "profile.info.state": "Estado/Provincia",
  "profile.info.zip": "Código postal",
  "profile.info.dateOfBirth": "Fecha de nacimiento",
  "profile.info.dateOfBirthLocked": "La fecha de nacimiento no se puede cambiar una vez guardada",
  "profile.info.notProvided": "Sin indicar",
  "profile.info.details": "Datos personales",
  "profile.info.edit": "Editar",
  "profile.info.editDetails": "Editar datos personales",
  "profile.info.nameHint": "Lo ven los demás miembros. Si lo deja vacío, aparece como “User”.",
  "profile.info.phoneHint": "Un número de EE. UU., p. ej. (313) 555-0142",
  "profile.info.stateHint": "p. ej. MI o Michigan",
  "profile.info.zipHint": "12345 o 12345-6789",
  "profile.info.dateOfBirthHint":
    "Rosca es para personas adultas: debe tener al menos 18 años. La fecha de nacimiento no se puede cambiar una vez guardada.",
  "profile.info.saving": "Guardando…",
  "profile.info.save": "Guardar",
  "profile.info.cancel": "Cancelar",
  "profile.record.title": "Su historial de pagos",
  "profile.record.scope": "En todas sus tandas, pasadas y actuales.",
  "profile.record.score": "Puntuación: {score} de 100 (los pagos recientes cuentan más)",
  "profile.record.noScore":
    "Todavía sin puntuación: se muestra a partir de {marks} aportes contados, para que un problema al principio no le defina.",
  "profile.record.onTime": "A tiempo",
  "profile.record.late": "Con atraso (pagado en un nuevo intento)",
  "profile.record.missed": "Sin pagar",
  "profile.record.covered": "Cubiertos por la plataforma",
  "profile.record.coveredRepaid": "{covered} ({repaid} reembolsados)",
  "profile.record.owed": "Todavía pendientes",
  "profile.record.cycles": "Tandas completadas",
  "profile.record.open":
    "{count, plural, one {# aporte todavía está en camino y aún no cuenta.} other {# aportes todavía están en camino y aún no cuentan.}}",
  "profile.record.declined":
    "{count, plural, one {# cargo fue rechazado y espera un nuevo intento o una acción suya; aún no cuenta.} other {# cargos fueron rechazados y esperan un nuevo intento o una acción suya; aún no cuentan.}}",
  "profile.record.faded":
    "{count, plural, one {# aporte anterior tiene más de {years} años y ya no cuenta.} other {# aportes anteriores tienen más de {years} años y ya no cuentan.}}",
  "profile.record.how": "Cómo se calcula su historial",
  "profile.record.explanation1":
    "Su historial se calcula a partir de lo que el banco y nuestro registro contable anotaron de sus aportes, en todas las tandas en las que está o estuvo. Nadie lo escribe a mano y nadie lo puede cambiar.",
  "profile.record.explanation2":
    "Cada aporte cuenta una vez que se sabe su resultado: a tiempo (pagado en el primer intento), con atraso (pagado en un nuevo intento) o sin pagar (no se pagó después de todos los intentos, o su banco lo revirtió después de que salió el pago del pozo, así que Rosca lo cubrió). Un aporte cubierto que usted pagó después aparece como reembolsado.",
  "profile.record.explanation3":
    "Lo reciente pesa más: el peso de un aporte se reduce a la mitad cada {halfLife} días, y después de {years} años ya no cuenta. La puntuación es la parte ponderada pagada a tiempo; un pago con atraso cuenta la mitad y uno reembolsado, la cuarta parte. Se muestra a partir de {marks} aportes contados; antes de eso usted es miembro nuevo y se muestran sus cifras en su lugar.",
  "profile.record.explanation4": "Un aporte que usted todavía debe se muestra sin importar su antigüedad, hasta que se pague.",
  "profile.record.explanation5":
    "El historial solo informa: nunca impide que alguien se una a una tanda. Quien administra una tanda decide a quién invitar.",
  "profile.record.sharing": "Compartir",
  "profile.record.shared": "Los demás ven este resumen: <0>{summary}</0>",
  "profile.record.hidden":
    "Oculto. Las tandas a las que se una a partir de ahora, y las personas invitadas a ellas, no ven su historial. Los miembros de las tandas en las que ya estaba cuando lo ocultó siguen viendo este resumen, porque usted lo compartió cuando se unieron: <0>{summary}</0>",
  "profile.record.profileHidden":
    "Su perfil está oculto para los demás miembros (<0>Seguridad → Visibilidad del perfil</0>), así que tampoco ven su historial, elija lo que elija aquí.",
  "profile.record.shareLabel": "Mostrar este resumen a los miembros de mis tandas y a las personas invitadas a ellas",
  "profile.record.update": "Actualizar",
  "profile.email.title": "Correo electrónico — Rosca",
  "profile.email.heading": "Correo electrónico",
  "profile.email.lead": "Enviamos los enlaces para iniciar sesión, los recordatorios y los avisos a <0>{email}</0>.",
  "profile.email.confirmTitle": "Confirme su nuevo correo electrónico",
  "profile.email.confirmQuestion": "¿Cambiar su correo electrónico de <0>{from}</0> a <1>{to}</1>?",
  "profile.email.confirm": "Confirmar el nuevo correo electrónico",
  "profile.email.notNow": "Ahora no",
  "profile.email.pendingTitle": "Esperando la confirmación",
  "profile.email.pending":
    "Enviamos un enlace de confirmación a <0>{address}</0> el {date}. Ábralo para terminar el cambio; mientras tanto, su correo electrónico sigue igual.",
  "profile.email.cancel": "Cancelar este cambio",
  "profile.email.changeTitle": "Cambiar su correo electrónico",
  "profile.email.changeLead": "Enviaremos un enlace a la nueva dirección; su correo electrónico cambia cuando usted lo abra.",
  "profile.email.newEmail": "Nuevo correo electrónico",
  "profile.email.currentPassword": "Contraseña actual",
  "profile.email.passwordHint": "Para confirmar que es usted.",
  "profile.email.sending": "Enviando…",
  "profile.email.send": "Enviar el enlace de confirmación",
  "profile.email.sent": "Enviamos un enlace de confirmación a {address}. Su correo electrónico cambia cuando usted lo abra.",
  "profile.email.queued":
    "Nuestro servicio de correo no puede enviar en este momento, así que el enlace de confirmación para {address} está en cola y se enviará automáticamente.",
  "profile.email.notDelivered":
    "No pudimos enviar un enlace de confirmación a {address}: nuestro servicio de correo no entrega a esa dirección. Revísela o use otra.",
  "profile.email.changed": "Su correo electrónico ahora es {address}.",
};

export const PROFILE_SERVER_TEXTS_ES: Record<(typeof PROFILE_SERVER_TEXTS)[number], string> = {
  "Profile Updated": "Perfil actualizado",
  "Your profile information has been saved successfully.": "Su información del perfil se guardó.",
  "Update Failed": "No se pudo actualizar",
  "Failed to update profile. Please try again.": "No se pudo actualizar el perfil. Inténtelo de nuevo.",
  "Profile Unavailable": "Perfil no disponible",
  "Profile loading timed out. Please refresh the page to try again.":
    "El perfil tardó demasiado en cargar. Actualice la página para intentarlo de nuevo.",
  "Limited Access": "Acceso limitado",
  "We couldn't load your full profile right now, so some details may be missing or out of date. Please refresh to try again.":
    "Ahora no pudimos cargar su perfil completo, así que puede faltar algún dato o estar desactualizado. Actualice la página para intentarlo de nuevo.",
  "Date of birth cannot be changed once set": "La fecha de nacimiento no se puede cambiar una vez guardada",
  "Display name must be at most 100 characters": "El nombre visible debe tener como máximo 100 caracteres",
  "Please enter a valid US phone number, e.g. (313) 555-0142": "Escriba un número de teléfono válido de EE. UU., p. ej. (313) 555-0142",
  "Street address must be at most 200 characters": "La dirección debe tener como máximo 200 caracteres",
  "City must be at most 100 characters": "La ciudad debe tener como máximo 100 caracteres",
  "Please enter a US state as its two-letter code or name, e.g. MI or Michigan":
    "Escriba un estado de EE. UU. con su código de dos letras o su nombre, p. ej. MI o Michigan",
  "Please enter a valid ZIP code: 5 digits (12345) or ZIP+4 (12345-6789)": "Escriba un código postal válido: 5 dígitos (12345) o ZIP+4 (12345-6789)",
  "Please enter a valid date of birth": "Escriba una fecha de nacimiento válida",
  "Date of birth cannot be in the future": "La fecha de nacimiento no puede ser en el futuro",
  "You must be at least 18 years old to use Rosca.": "Debe tener al menos 18 años para usar Rosca.",
  "Display name can't contain line breaks, tabs or other control characters":
    "El nombre visible no puede contener saltos de línea, tabulaciones ni otros caracteres de control",
  "Display name can't contain characters that change the direction of the text":
    "El nombre visible no puede contener caracteres que cambien la dirección del texto",
  "Display name can't contain invisible characters, such as zero-width spaces":
    "El nombre visible no puede contener caracteres invisibles, como los espacios de ancho cero",
  "Payment record shared": "Historial de pagos compartido",
  "Members of your groups, and people invited to them, see its summary.":
    "Los miembros de sus tandas, y las personas invitadas a ellas, ven su resumen.",
  "Payment record hidden": "Historial de pagos oculto",
  "Groups you join from now on, and people invited to them, don't see it. The members of the groups you are already in keep seeing it: you shared it when you joined them together.":
    "Las tandas a las que se una a partir de ahora, y las personas invitadas a ellas, no lo ven. Los miembros de las tandas en las que ya está lo siguen viendo: usted lo compartió cuando se unieron.",
  "Current password is required": "La contraseña actual es obligatoria",
  "Current password is incorrect": "La contraseña actual no es correcta",
  "Too many attempts. Please wait a few minutes before trying again.": "Demasiados intentos. Espere unos minutos antes de intentarlo de nuevo.",
  "That's already your email address": "Ese ya es su correo electrónico",
  "An account with this email address already exists": "Ya existe una cuenta con este correo electrónico",
  "Too many email change requests. Please wait an hour and try again.":
    "Demasiadas solicitudes de cambio de correo electrónico. Espere una hora e inténtelo de nuevo.",
  "Check your new inbox": "Revise su nueva bandeja de entrada",
  "Email Address Changed": "Correo electrónico cambiado",
  "Email change cancelled": "Cambio de correo electrónico cancelado",
  "This confirmation link isn't valid for your account. Ask for a new one below.":
    "Este enlace de confirmación no es válido para su cuenta. Pida uno nuevo abajo.",
  "This confirmation link has expired or was already used. Ask for a new one below.":
    "Este enlace de confirmación venció o ya se usó. Pida uno nuevo abajo.",
  "That address now belongs to another account, so your email stays as it was.":
    "Esa dirección ahora pertenece a otra cuenta, así que su correo electrónico sigue igual.",
  "Unknown action.": "Acción desconocida.",
};
