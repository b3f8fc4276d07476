/**
 * Lo que dicen las notificaciones, en español (ADR 062): los mismos ids y valores que notice-texts.en-US.ts, de "usted",
 * con las palabras de docs/glossary-es.md.
 */
import type { NoticeTextId } from "./notice-texts.en-US";

// Parte cinco (k): las frases que comparten varias notificaciones (las mismas que notice-texts.en-US.ts).
const CUENTA = "{accountKnown, select, no {su cuenta bancaria} other {{account}}}";
const CUENTA_AL_EMPEZAR = "{accountKnown, select, no {Su cuenta bancaria} other {{account}}}";
const MOTIVO =
  "{reason, select, NSF {Su cuenta bancaria no tenía suficiente dinero disponible para este pago, así que no se intentó.} RISK {Su cuenta bancaria no se pudo usar para este pago en este momento, así que no se intentó. Suele ayudar agregar dinero a la cuenta o vincular otra.} TRANSFER_LIMIT_REACHED {Este pago habría superado un límite de transferencias de su cuenta, así que no se intentó.} TRANSFER_ACCOUNT_BLOCKED {Su cuenta bancaria ya no se puede usar para pagos porque se devolvió un pago anterior. Vincule otra cuenta.} R01 {Su banco devolvió el pago por fondos insuficientes.} R09 {Su banco devolvió el pago porque el dinero de la cuenta todavía no estaba disponible.} R02 {Su banco devolvió el pago porque la cuenta está cerrada.} R03 {Su banco no encontró ninguna cuenta con este número.} R04 {Su banco dice que el número de cuenta no es válido.} R16 {Su banco devolvió el pago porque la cuenta está congelada.} R20 {Su banco devolvió el pago porque esta cuenta no puede hacer pagos.} R05 {Su banco devolvió el pago porque los cargos de este tipo no estaban autorizados en una cuenta personal.} R07 {Usted retiró en su banco la autorización de estos pagos.} R08 {Usted le pidió a su banco que detuviera este pago.} R10 {Usted le dijo a su banco que este pago no estaba autorizado.} R29 {Su banco dice que el titular de la cuenta no autorizó este pago.} returnedOther {Su banco devolvió el pago (código de devolución {returnCode}).} cancelled {El pago se canceló antes de llegar a su banco.} bankSaid {{bankDescription}} other {El banco no completó el pago.}}";
/** MOTIVO tal como lo lee el administrador de la tanda sobre el cargo de un miembro: la cuenta es del miembro, en tercera persona. */
const MOTIVO_DEL_MIEMBRO =
  "{reason, select, NSF {La cuenta bancaria de {memberName} no tenía suficiente dinero disponible para este pago, así que no se intentó.} RISK {La cuenta bancaria de {memberName} no se pudo usar para este pago en este momento, así que no se intentó.} TRANSFER_LIMIT_REACHED {Este pago habría superado un límite de transferencias de la cuenta de {memberName}, así que no se intentó.} TRANSFER_ACCOUNT_BLOCKED {La cuenta bancaria de {memberName} ya no se puede usar para pagos porque se devolvió un pago anterior.} R01 {El banco de {memberName} devolvió el pago por fondos insuficientes.} R09 {El banco de {memberName} devolvió el pago porque el dinero de la cuenta todavía no estaba disponible.} R02 {El banco de {memberName} devolvió el pago porque la cuenta está cerrada.} R03 {El banco de {memberName} no encontró ninguna cuenta con este número.} R04 {El banco de {memberName} dice que el número de cuenta no es válido.} R16 {El banco de {memberName} devolvió el pago porque la cuenta está congelada.} R20 {El banco de {memberName} devolvió el pago porque esta cuenta no puede hacer pagos.} R05 {El banco de {memberName} devolvió el pago porque los cargos de este tipo no estaban autorizados en una cuenta personal.} R07 {{memberName} retiró en su banco la autorización de estos pagos.} R08 {{memberName} le pidió a su banco que detuviera este pago.} R10 {{memberName} le dijo a su banco que este pago no estaba autorizado.} R29 {El banco de {memberName} dice que el titular de la cuenta no autorizó este pago.} returnedOther {El banco de {memberName} devolvió el pago (código de devolución {returnCode}).} cancelled {El pago se canceló antes de llegar al banco de {memberName}.} bankSaid {{bankDescription}} other {El banco no completó el pago.}}";
const PASO = `{step, select, stopped {El cargo de {amountCents} a ${CUENTA} se detuvo y no se volverá a intentar automáticamente: páguelo ahora desde la página de la tanda; el pago del pozo de la tanda lo espera.} unusable {${CUENTA_AL_EMPEZAR} ya no se puede usar para {amountCents}: vincule otra cuenta en Perfil → Cuentas bancarias y elíjala para esta tanda, o páguelo ahora desde la página de la tanda.} revoked {No volveremos a cargar ${CUENTA} hasta que usted vuelva a autorizar los cargos en Perfil → Cuentas bancarias; puede pagar los {amountCents} ahora desde la página de la tanda.} final {El cargo de {amountCents} a ${CUENTA} no se volverá a intentar automáticamente: páguelo ahora desde la página de la tanda; el pago del pozo de la tanda lo espera.} lastAttempt {Ese fue el último de {attempts} intentos de cargar {amountCents} a ${CUENTA}. No se carga nada más automáticamente: páguelo ahora desde la página de la tanda; el pago del pozo de la tanda lo espera.} payNowLast {Su pago con Pagar ahora de {amountCents} desde {payNowAccount} el {failedOn} no se completó y no se carga nada más automáticamente: páguelo con Pagar ahora desde otra cuenta{otherAccount, select, yes {} other { (vincule una en Perfil → Cuentas bancarias)}} o desde esta cuando tenga los fondos disponibles; el pago del pozo de la tanda lo espera.} payNowRetry {Su pago con Pagar ahora de {amountCents} desde {payNowAccount} el {failedOn} no se completó. El próximo intento automático carga {amountCents} a ${CUENTA} el {nextAttemptOn}{payday, select, yes {, el día después de su día de pago} other {}}. Antes de esa fecha puede pagarlo con Pagar ahora desde otra cuenta{otherAccount, select, yes {} other { (vincule una en Perfil → Cuentas bancarias)}} o asegurarse de tener los fondos disponibles.} other {{switched, select, yes {El intento {attempt} de {attempts} con {failedAccount} no se completó: intentaremos cargar {amountCents} a ${CUENTA} el {nextAttemptOn}} other {Intento {attempt} de {attempts}: volveremos a intentar cargar {amountCents} a ${CUENTA} el {nextAttemptOn}}}{payday, select, yes {, el día después de su día de pago} other {}}. Antes de esa fecha puede pagarlo ahora desde la página de la tanda, elegir ahí otra cuenta para esta tanda o asegurarse de tener los fondos disponibles.}}`;
const DEBE =
  "{recipientName} aceptó {arrivedCents} el {acceptedOn} en vez de esperar este aporte. Usted le debe {owedCents} a {recipientName}, que se le envían cuando lleguen: páguelos ahora desde la página de la tanda.";

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
    "Alguien inició sesión desde {device} (IP {ipAddress, select, unknown {desconocida} other {{ipAddress}}}), un dispositivo que no se había usado antes en esta cuenta. Si no fue usted, cambie su contraseña ahora y cierre sus otras sesiones.",
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
    "{proposerName} tomaría su turno {yourTurn} (el pago del pozo sale el {yourSentOnLong}; se espera en su banco el {yourArrivesOnLong}) y le daría el turno {theirTurn} (el pago del pozo sale el {theirSentOnLong}; se espera en su banco el {theirArrivesOnLong}). Acepte o rechace en la página de la tanda antes del {closesOnLong}: desde ese día ya no se pueden intercambiar los turnos.",
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
  "swapEnded.title": "Se canceló un cambio de turno en {groupName}",
  "swapEnded.body":
    "Su turno {yourTurn} y el turno {otherTurn} de {otherName} no se cambiarán: ya se está pagando uno de ellos. Los dos siguen igual.",
  "swapProposedOthersDone.title": "{proposerName} y {counterpartName} podrían cambiar de turno en {groupName}",
  "swapProposedOthersDone.body":
    "{proposerName} (turno {proposerTurn}) le pidió a {counterpartName} (turno {counterpartTurn}) cambiar de turno{approval, select, yes {; si acepta, el administrador de la tanda lo aprueba o lo rechaza} other {}}. Su turno no cambia. Le avisaremos lo que pase.",
  "swapSwappedOthersDone.title": "{proposerName} y {counterpartName} cambiaron de turno en {groupName}",
  "swapSwappedOthersDone.body":
    "{proposerName} ahora tiene el turno {counterpartTurn} y {counterpartName} el turno {proposerTurn}. Su turno no cambia.",
  "swapOffOthersDone.title": "El cambio de turno propuesto en {groupName} no se hará",
  "swapOffOthersDone.body":
    "{proposerName} se queda con el turno {proposerTurn} y {counterpartName} con el turno {counterpartTurn}. Su turno no cambia.",
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
  // Parte cinco (k).
  "contributionFailed.title": "Su aporte a {groupName} no se completó",
  "contributionFailed.body": `${MOTIVO} ${PASO}`,
  "feeFailed.title": "Su tarifa de inicio de {amountCents} para {groupName} no se completó",
  "feeFailed.body": `${MOTIVO} {retries, select, yes {Intento {attempt} de {attempts}: volveremos a intentar cargar {amountCents} a ${CUENTA} el {nextAttemptOn}; asegúrese de tener los fondos disponibles.} other {No se carga nada más automáticamente por ella.}} La tarifa de inicio es para Rosca, no para la tanda: sus aportes, su turno y los pagos del pozo de la tanda no se ven afectados.`,
  "contributionLateAdmin.title": "El aporte de {memberName} a {groupName} está atrasado",
  "contributionLateAdmin.body": `${MOTIVO_DEL_MIEMBRO} {retries, select, yes {{payNow, select, yes {El propio pago de {memberName} (Pagar ahora) de {amountCents} no se completó; el próximo intento automático} other {El aporte de {amountCents} de {memberName} no se completó (intento {attempt} de {attempts}); el próximo intento}} es el {nextAttemptOn}. {memberName} puede pagarlo ahora desde la página de la tanda antes de esa fecha.} other {{payNow, select, yes {El propio pago de {memberName} (Pagar ahora) de {amountCents}} other {El aporte de {amountCents} de {memberName}}} no se completó y no se carga nada más automáticamente. {memberName} puede pagarlo ahora desde la página de la tanda; desde la sección de aportes atrasados de la página de la tanda usted puede enviarle un recordatorio.}}`,
  "lateNudge.title":
    "{kind, select, pay_now_request {El administrador de su tanda le pide que pague su aporte atrasado a {groupName}} other {Recordatorio: su aporte a {groupName} está atrasado}}",
  "lateNudge.body": `Su aporte de {amountCents} con fecha de pago el {dueOn} no se ha completado. {consented, select, yes {${DEBE}} other {${PASO}}}`,
  "lateReminder.title": "Su aporte de {amountCents} a {groupName} todavía no se ha completado",
  "lateReminder.body": `{retries, select, yes {El cargo de {amountCents} a ${CUENTA}, con fecha de pago el {dueOn}, no se completó. Próximo intento: {nextAttemptOn}. No tiene que esperar: páguelo ahora con Pagar ahora.} other {El cargo de {amountCents} a ${CUENTA}, con fecha de pago el {dueOn}, no se completó y no quedan más intentos automáticos: pague con Pagar ahora. El pago del pozo de la tanda lo espera.}}{feeOwed, select, yes { La tarifa de inicio única de {feeCents} se carga aparte, una vez que el aporte se complete.} other {}}`,
  "dailyLate.title": "Su aporte de {amountCents} a {groupName} todavía no se ha completado",
  "dailyLate.body":
    "{final, select, yes {El cargo con fecha de pago el {dueOn} no se completó y no quedan intentos automáticos: páguelo ahora desde la página de la tanda; el pago del pozo de la tanda lo espera.} other {El cargo con fecha de pago el {dueOn} no se completó. Lo volveremos a intentar; asegúrese de tener los fondos disponibles.}}",
  "accountUnusable.title": "Vincule otra cuenta: {account} no se puede usar",
  "accountUnusable.body":
    "{code, select, R02 {El banco dice que esta cuenta está cerrada.} R03 {El banco no encontró ninguna cuenta con este número.} R04 {El banco dice que el número de cuenta no es válido.} R16 {El banco dice que esta cuenta está congelada.} R20 {El banco dice que esta cuenta no puede hacer pagos.} other {El banco devolvió un cargo de esta cuenta (código de devolución {code}).}} Ya no podemos cargar aportes a esta cuenta ni depositar en ella pagos del pozo. Vincule otra cuenta bancaria para mantener sus tandas al día.",
  "debitsRevoked.title": "Vuelva a autorizar los cargos a {account}",
  "debitsRevoked.body":
    "{code, select, R05 {Su banco devolvió un cargo porque los cargos de este tipo no estaban autorizados en una cuenta personal.} R07 {Usted retiró en su banco la autorización de estos cargos.} R08 {Usted le pidió a su banco que detuviera un cargo.} R10 {Usted le dijo a su banco que un cargo no estaba autorizado.} R29 {Su banco dice que el titular de la cuenta no autorizó el cargo.} other {Su banco devolvió un cargo como no autorizado (código de devolución {code}).}} No volveremos a cargar esta cuenta hasta que usted lo autorice. Revise y autorice los cargos para seguir aportando a sus tandas.",
  // `wording`: la autorización tal como la aceptó el miembro (en inglés, el texto que firmó).
  "debitsAuthorised.title": "Cargos autorizados",
  "debitsAuthorised.body":
    "Usted autorizó a Rosca a cargar {account} para los aportes de sus tandas. Los aportes que esperaban siguen adelante ahora. Lo que usted aceptó: {wording}",
  "memberLeftSelf.title": "Usted salió de {groupName}",
  "memberLeftSelf.body":
    "Usted salió de {groupName} antes de que empezara. No se cargó nada: los aportes y la tarifa de inicio empiezan solo cuando una tanda empieza. Los enlaces de invitación que tenía ya no le sirven; para volver a unirse, pida al administrador de la tanda que le invite de nuevo.",
};
