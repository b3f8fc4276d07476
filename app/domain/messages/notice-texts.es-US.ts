/**
 * Lo que dicen las notificaciones, en español (ADR 062): los mismos ids y valores que notice-texts.en-US.ts, de "usted",
 * con las palabras de docs/glossary-es.md.
 */
import type { NoticeTextId } from "./notice-texts.en-US";

export const noticeTexts: Record<NoticeTextId, string> = {
  "groupComplete.title": "La tanda {groupName} terminó",
  "groupComplete.body": "Todos los miembros recibieron su pago del pozo. Gracias por ahorrar en grupo.",
  "contributionDue.title": "Aporte con fecha de pago el {dueOn}",
  "contributionDue.body": "Su aporte a {groupName} se cargará el {dueOn}.",
  "payoutArrived.title": "Llegó su pago del pozo de {groupName}",
  "payoutArrived.body": "{amountCents} ya está en su cuenta bancaria. Pago del pozo enviado el {sentOnMedium}. Llegó el {arrivedOnMedium}.",
  "payNowArrived.title": "Llegó su pago a {groupName}",
  "payNowArrived.body":
    "Su aporte de {amountCents} pagado con Pagar ahora llegó el {arrivedOn}. El pago del pozo que lo esperaba sale cuando el dinero esté disponible.",
  "payNowArrivedAdmin.title": "{memberName} pagó su aporte atrasado a {groupName}",
  "payNowArrivedAdmin.body":
    "El aporte de {amountCents} de {memberName}, pagado con Pagar ahora, llegó el {arrivedOn}. El pago del pozo que lo esperaba sale cuando el dinero esté disponible.",
  "payNowArrivedRecipient.title": "Llegó el aporte atrasado para su pago del pozo de {groupName}",
  "payNowArrivedRecipient.body":
    "El aporte de {amountCents} de {memberName} llegó el {arrivedOn}. Su pago del pozo sale cuando el dinero esté disponible.",
  "sandboxGranted.title": "Acceso al entorno de prueba concedido",
  "sandboxGranted.body": "Ya puede vincular una cuenta bancaria de prueba, crear tandas y unirse a tandas.",
  "sandboxRevoked.title": "Acceso al entorno de prueba retirado",
  "sandboxRevoked.body": "Un administrador retiró su acceso al entorno de prueba. Comuníquese con soporte si cree que se trata de un error.",
  "sandboxDeclined.title": "Solicitud de acceso al entorno de prueba rechazada",
  "sandboxDeclined.body": "Un administrador rechazó su solicitud de acceso al entorno de prueba. Comuníquese con soporte para más detalles.",
  "bankConnected.title": "Cuenta bancaria vinculada",
  "bankConnected.body": "{institutionName} ya está vinculado a su cuenta.",
  "bankConnectedUnnamed.title": "Cuenta bancaria vinculada",
  "bankConnectedUnnamed.body": "Su banco ya está vinculado a su cuenta.",
  "groupInvited.title": "{inviterName} le invitó a {groupName}",
  "groupInvited.body": "{schedule}, {memberCount} miembros.",
  "memberJoined.title": "{memberName} se unió a {groupName}",
  "groupStarted.title": "La tanda {groupName} comenzó",
  "groupStarted.body":
    "Todos los miembros se unieron. Su primer aporte tiene fecha de pago el {firstDueOn}; su turno es el {position} de {memberCount}.",
  "memberRemoved.title": "Se le quitó de {groupName}",
  "memberRemoved.body": "{adminName} le quitó de la tanda antes de que comenzara. Motivo: {reason}",
  "memberLeft.title": "{memberName} salió de {groupName}",
  "memberLeft.body":
    "{memberName} salió de la tanda antes de que comenzara. Su lugar está libre otra vez; el enlace de invitación sirve para alguien nuevo.",
  "invitedAgain.title": "Puede unirse otra vez a {groupName}",
  "invitedAgain.body": "{adminName} le invitó a unirse otra vez a la tanda. Su enlace de invitación ya le sirve.",
  "reportReceived.title": "Recibimos su reporte sobre {groupName}",
  "reportReceived.body":
    "Su reporte ({category, select, wrong_amount {Monto incorrecto} not_received {Pago no recibido} member_not_paying {Un miembro no está pagando} other {Otra cosa}}) llegó a nuestro equipo. Respondemos aquí y por correo, por lo general en menos de 24 horas. Puede agregar información desde su página de reportes mientras siga abierto.",
  "reportReplied.title": "Respuesta a su reporte sobre {groupName}",
  "reportReplied.body": "{text}",
  "reportClosed.title": "Se cerró su reporte sobre {groupName}",
  "reportClosed.body": "{text}",
  "newDevice.title": "Nuevo inicio de sesión en su cuenta de Rosca",
  "newDevice.body":
    "Alguien inició sesión desde {device} (IP {ipAddress}), un dispositivo que no se había usado antes en esta cuenta. Si no fue usted, cambie su contraseña ahora y cierre sus otras sesiones.",
  "passwordChanged.title": "Se cambió su contraseña",
  "passwordChanged.body":
    "Se acaba de cambiar la contraseña de su cuenta y se cerraron sus otras sesiones. Si no fue usted, restablezca su contraseña ahora.",
  "emailChanged.title": "Se cambió su correo electrónico",
  "emailChanged.body":
    "El correo electrónico de su cuenta ahora es {newEmail}. Si no fue usted, restablezca su contraseña ahora y comuníquese con soporte.",
  "passwordReset.title": "Se restableció su contraseña",
  "passwordReset.body":
    "Su contraseña se restableció con un enlace enviado por correo y se cerraron todas las sesiones. Si no fue usted, restablézcala otra vez ahora y comuníquese con soporte.",
  "twoFactorEnabled.title": "Verificación en dos pasos activada",
  "twoFactorEnabled.body":
    "Para iniciar sesión ahora se necesita un código de su aplicación de autenticación además de su contraseña. Si no fue usted, cambie su contraseña ahora.",
  "twoFactorDisabled.title": "Verificación en dos pasos desactivada",
  "twoFactorDisabled.body":
    "Para iniciar sesión ya no se necesita un código de su aplicación de autenticación. Si no fue usted, cambie su contraseña y vuelva a activarla ahora.",
  "bankUnlinked.title": "Cuenta bancaria desvinculada",
  "bankUnlinked.body":
    "{institutionName} se desvinculó de su cuenta. Los aportes y los pagos del pozo ya no pueden usarla. Si no fue usted, cambie su contraseña ahora.",
  "bankUnlinkedUnnamed.title": "Cuenta bancaria desvinculada",
  "bankUnlinkedUnnamed.body":
    "Se desvinculó un banco de su cuenta. Los aportes y los pagos del pozo ya no pueden usarlo. Si no fue usted, cambie su contraseña ahora.",
  "dailyUpcoming.title": "Su aporte de {amountCents} a {groupName} vence {days, plural, =1 {mañana} other {en {days} días}}",
  "dailyUpcoming.body": "Se carga a su cuenta bancaria vinculada el {dueOn}. Asegúrese de tener los fondos disponibles.",
  "dailyCollecting.title": "Se está cargando su aporte de {amountCents} a {groupName}",
  "dailyCollecting.body": "Vencía el {dueOn}. Mantenga los fondos en su cuenta bancaria vinculada hasta que se complete el cargo.",
  "undeliverable.title": "No podemos comunicarnos con su correo electrónico",
  "undeliverable.body":
    "{reason, select, inactive {Nuestro servicio de correo dejó de entregar a esta dirección porque correos anteriores fueron devueltos sin entregar.} invalid {Nuestro servicio de correo indica que esta no es una dirección de correo electrónico válida.} bounced {Los correos que enviamos a esta dirección fueron devueltos sin entregar.} other {Un correo que enviamos a esta dirección se marcó como correo no deseado, así que nuestro servicio de correo ya no le entrega mensajes.}} Hasta que cambie {address}, recibirá los recordatorios y avisos solo aquí, en la aplicación.",
  "bankReconnected.title": "Banco conectado de nuevo",
  "bankReconnected.body": "{institutionName} está conectado otra vez. Los aportes y pagos del pozo que lo esperaban siguen adelante ahora.",
  "bankReconnectedUnnamed.title": "Banco conectado de nuevo",
  "bankReconnectedUnnamed.body": "Su banco está conectado otra vez. Los aportes y pagos del pozo que lo esperaban siguen adelante ahora.",
  "swapAccepted.title": "{counterpartName} aceptó su cambio de turno en {groupName}",
  "swapAccepted.body": "Se le pidió al administrador de la tanda que lo apruebe. Sus turnos cambian cuando se apruebe.",
  "swapApproval.title": "¿Aprueba un cambio de turno en {groupName}?",
  "swapApproval.body":
    "{proposerName} (turno {proposerTurn}) y {counterpartName} (turno {counterpartTurn}) acordaron cambiar de turno. Apruébelo o recházelo en la página de la tanda.",
  "swapDeclined.title": "{counterpartName} rechazó su cambio de turno en {groupName}",
  "swapDeclined.body": "Su turno sigue igual.",
  "swapRefused.title": "El administrador de {groupName} rechazó un cambio de turno",
  "swapRefused.body": "El administrador de la tanda rechazó el cambio que ustedes acordaron. Su turno sigue igual.",
  "swapWithdrawn.title": "{proposerName} retiró un cambio de turno en {groupName}",
  "swapWithdrawn.body": "El cambio que propuso ya no va. Su turno sigue igual.",
  "swapProposed.title": "{proposerName} le pide cambiar de turno en {groupName}",
  "swapProposed.body":
    "{proposerName} tomaría su turno {yourTurn} (el pago del pozo sale el {yourSentOnLong}; se espera en su banco el {yourArrivesOnLong}) y le daría el turno {theirTurn} (el pago del pozo sale el {theirSentOnLong}; se espera en su banco el {theirArrivesOnLong}). Acepte o rechace en la página de la tanda.",
  "swapProposedOthers.title": "{proposerName} y {counterpartName} podrían cambiar de turno en {groupName}",
  "swapProposedOthers.body":
    "{proposerName} (turno {proposerTurn}) le pidió a {counterpartName} (turno {counterpartTurn}) cambiar de turno{approval, select, yes {; si acepta, el administrador de la tanda lo aprueba o lo rechaza} other {}}. Su turno sigue siendo el {yourTurn} antes y después: el pago del pozo sale el {yourSentOnLong}; se espera en su banco el {yourArrivesOnLong}. Le avisaremos lo que pase.",
  "swapSwapped.title": "Cambió su turno en {groupName}",
  "swapSwapped.body":
    "Usted cambió de turno con {otherName}. Su turno era el {beforeTurn} (el pago del pozo salía el {beforeSentOnLong}; se esperaba en su banco el {beforeArrivesOnLong}). Su turno ahora es el {yourTurn}: el pago del pozo sale el {yourSentOnLong}; se espera en su banco el {yourArrivesOnLong}.",
  "swapSwappedOthers.title": "{proposerName} y {counterpartName} cambiaron de turno en {groupName}",
  "swapSwappedOthers.body":
    "{proposerName} ahora tiene el turno {counterpartTurn} y {counterpartName} el turno {proposerTurn}. Su turno sigue siendo el {yourTurn} antes y después: el pago del pozo sale el {yourSentOnLong}; se espera en su banco el {yourArrivesOnLong}.",
  "swapOffOthers.title": "El cambio de turno propuesto en {groupName} no se hará",
  "swapOffOthers.body":
    "{proposerName} se queda con el turno {proposerTurn} y {counterpartName} con el turno {counterpartTurn}. Su turno sigue siendo el {yourTurn}: el pago del pozo sale el {yourSentOnLong}; se espera en su banco el {yourArrivesOnLong}.",
  "bankReconnect.title": "Vuelva a conectar su banco",
  "bankReconnect.body":
    "{reason, select, PENDING_EXPIRATION {Su conexión con {institutionName} vence en unos días. Vuelva a conectar su banco antes para que sus aportes y pagos del pozo sigan pasando; toma un minuto y sus cuentas siguen siendo las mismas.} other {Su inicio de sesión en {institutionName} venció, así que no podemos cargar aportes ni enviar pagos del pozo por medio de él. Vuelva a conectar su banco para que sus tandas sigan al día; toma un minuto y sus cuentas siguen siendo las mismas.}}",
  "bankReconnectUnnamed.title": "Vuelva a conectar su banco",
  "bankReconnectUnnamed.body":
    "{reason, select, PENDING_EXPIRATION {Su conexión con su banco vence en unos días. Vuelva a conectar su banco antes para que sus aportes y pagos del pozo sigan pasando; toma un minuto y sus cuentas siguen siendo las mismas.} other {Su inicio de sesión en su banco venció, así que no podemos cargar aportes ni enviar pagos del pozo por medio de él. Vuelva a conectar su banco para que sus tandas sigan al día; toma un minuto y sus cuentas siguen siendo las mismas.}}",
  "swapCancelled.title": "Se canceló un cambio de turno en {groupName}",
  "swapCancelled.body": "Ya se está pagando uno de esos turnos, así que el cambio no puede hacerse. Se canceló.",
  "consentDebtor.title": "Le debe {owedCents} a {recipientName} en {groupName}",
  "consentDebtor.body":
    "El {consentedOn}, {recipientName} aceptó {arrivedCents} para su turno (período {periodNumber}) en vez de esperar su aporte. Su aporte de {owedCents} se le sigue debiendo a {recipientName}: páguelo con Pagar ahora en la página de la tanda y se le envía a {recipientName} cuando llegue.",
  "consentAdmin.title": "{recipientName} aceptó lo que llegó en {groupName}",
  "consentAdmin.body":
    "El {consentedOn}, {recipientName} aceptó {arrivedCents} para el período {periodNumber}. Los {owedCents} de {debtorName} se le siguen debiendo a {recipientName} y se le envían cuando lleguen.",
  "restSentRecipient.title": "El resto de su pago del pozo de {groupName} va en camino",
  "restSentRecipient.body":
    "Llegó el aporte de {amountCents} de {debtorName} para el período {periodNumber}, y el {sentOn} se lo enviamos: el resto de su pago del pozo.",
  "restSentDebtor.title": "Sus {amountCents} que debía en {groupName} están pagados",
  "restSentDebtor.body":
    "Llegó su aporte para el período {periodNumber}, y el {sentOn} le enviamos los {amountCents} a {recipientName}. No debe nada más por ese turno.",
  "restSentAdmin.title": "Los {amountCents} de {debtorName} le llegaron a {recipientName} en {groupName}",
  "restSentAdmin.body":
    "Llegó el aporte de {debtorName} para el período {periodNumber}, y el {sentOn} le enviamos los {amountCents} a {recipientName}: el resto de su pago del pozo.",
};
