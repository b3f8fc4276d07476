/**
 * El Centro de ayuda en español (ADR 056): las mismas preguntas y guías que faq.ts, en las palabras del glosario
 * (docs/glossary-es.md). Los números de las reglas de cobertura salen de las constantes del motor de dinero, como en
 * inglés, para que el texto no pueda apartarse de lo que el motor hace.
 */
import type { FaqItem } from "~/components/marketing/faq-list";
import { MAX_RETRIES_AFTER_RETURN, RETURN_RETRY_WINDOW_DAYS } from "~/domain/ach";
import { MAX_ATTEMPTS, RETRY_AFTER_DAYS } from "~/domain/money";
import { PAYDAY_RETRY_MAX_DAYS } from "~/domain/payday";
import type { Guide } from "./faq";

const veces = (n: number) => (n === 1 ? "una vez" : n === 2 ? "dos veces" : `${n} veces`);

/** "Si un miembro no puede pagar": default-cover.ts, regla por regla, en español. */
const DEFAULT_COVER_ES = [
  "Ningún pozo se paga con dinero que no ha llegado: cuando un aporte falla, el pago del pozo espera a que llegue. Rosca interviene solo cuando el banco de un miembro revierte un aporte después de que el pozo ya salió, y el miembro sigue debiéndolo.",
  `Volvemos a intentarlo: un aporte que falla (rechazado o devuelto por el banco del miembro) se vuelve a cargar ${RETRY_AFTER_DAYS} días después, o el día después de que le paguen al miembro si nos indicó cuándo cobra su sueldo y ese día cae dentro de ${PAYDAY_RETRY_MAX_DAYS} días: ${MAX_ATTEMPTS} intentos en total. Cada vez avisamos al miembro y al administrador de la tanda.`,
  "El pozo de ese turno espera: el pozo se paga solo cuando han llegado los aportes de todos los miembros para ese período, así que quien lo recibe obtiene el pozo completo, más tarde. Rosca no lo adelanta. Los turnos siguientes no se retrasan por ello: cada uno se paga en cuanto llegan sus propios aportes y el fondo alcanza.",
  `Una cuenta cerrada o una autorización retirada: si el banco indica que la cuenta está cerrada o que el miembro retiró su autorización, no volvemos a cargarla: primero el miembro vincula otra cuenta o vuelve a autorizar. Un pago devuelto por fondos insuficientes se vuelve a presentar como máximo ${veces(MAX_RETRIES_AFTER_RETURN)}, dentro de ${RETURN_RETRY_WINDOW_DAYS} días.`,
  "Dinero revertido después del pago del pozo: si el banco de un miembro revierte un aporte después de que salió el pozo de ese período, Rosca cubre la diferencia para la tanda («Cubierto por la plataforma» en el estado de cuenta), sin intereses ni cargos. El miembro sigue debiendo ese aporte y se le vuelve a cargar con el mismo calendario; mientras no se recupere, los siguientes aportes de la tanda le devuelven primero ese dinero a Rosca («Faltante reembolsado»).",
  "Después del último intento: ya no se carga nada automáticamente. El miembro sigue debiendo el aporte, el turno al que pertenece lo sigue esperando, y el administrador de la tanda y nuestro equipo de soporte lo hablan con el miembro.",
];

export const FAQ: FaqItem[] = [
  {
    id: "fees",
    question: "¿Cuánto cuesta Rosca?",
    answer: [
      "Hay una sola tarifa: una tarifa fija de inicio de $5 a $10 por tanda, que se muestra antes de crear una tanda o unirse a ella. Es la misma para todos los miembros, sin importar su turno, y no depende del tamaño del pozo ni de la duración de la tanda.",
      "No hay intereses, ni suscripción mensual, ni cargo por recibir el pozo. Durante la fase de demostración no se mueve dinero real, así que en realidad no se cobra ninguna tarifa.",
    ],
  },
  {
    id: "missed-payment",
    question: "¿Qué pasa si alguien no paga un aporte?",
    answer: [
      "Los aportes se cargan automáticamente a la cuenta bancaria vinculada de cada miembro en la fecha de pago, y les recordamos a los miembros con anticipación. Si un cargo falla, se lo decimos de inmediato al miembro y al administrador de la tanda para que se pueda resolver pronto.",
      ...DEFAULT_COVER_ES,
      "Antes de empezar, pónganse de acuerdo como grupo sobre qué harán si un miembro se atrasa; nuestro blog tiene consejos para esa conversación.",
    ],
  },
  {
    id: "security",
    question: "¿Están seguros mi dinero y mis datos personales?",
    answer: [
      "Las cuentas bancarias se conectan mediante nuestro proveedor de vinculación bancaria: usted inicia sesión en su banco en la pantalla del proveedor, y Rosca nunca ve ni guarda la contraseña de su banco. Los tokens de acceso que recibimos se cifran antes de guardarse.",
      "Su contraseña de Rosca se guarda cifrada con argon2id, las sesiones se cierran tras 30 minutos de inactividad y los intentos fallidos de inicio de sesión repetidos se limitan. Lea nuestra página de Seguridad para conocer los detalles.",
    ],
  },
  {
    id: "eligibility",
    question: "¿Quién puede usar Rosca?",
    answer: [
      "Rosca está abierto a residentes de EE. UU. de 18 años o más. Necesita su propia cuenta y, para crear una tanda o unirse a una, una cuenta bancaria a su nombre que pueda conectar.",
    ],
  },
  {
    id: "demo-phase",
    question: "¿Es dinero real? ¿Qué significa la fase de demostración?",
    answer: [
      "Todavía no. Rosca está en fase de demostración: las conexiones bancarias usan un banco de prueba y no se mueve dinero real. Puede crear una cuenta, explorar el panel y probar tandas con cuentas bancarias de prueba.",
      "Para vincular un banco y crear tandas o unirse a ellas se necesita acceso al entorno de prueba, que otorga un administrador. Solicítelo desde su panel; las solicitudes se revisan en un plazo de 24 horas.",
    ],
  },
  {
    id: "payout-order",
    question: "¿Cómo se decide el orden de los turnos?",
    answer: [
      "Quien crea la tanda elige entre un orden fijo, que define el administrador de la tanda, o un sorteo que se hace cuando la tanda empieza. Cada miembro ve el calendario completo, con quién recibe, la fecha y el monto de cada turno, antes del primer aporte.",
      "Cada pozo es igual al aporte multiplicado por el número de miembros, y cada miembro lo recibe exactamente una vez por tanda.",
    ],
  },
  {
    id: "leaving",
    question: "¿Puedo salirme de una tanda?",
    answer: [
      "Antes de que la tanda empiece, sí: puede rechazar una invitación o salirse mientras la tanda todavía se está formando, sin ningún cargo.",
      "Una vez que la tanda empezó, los demás miembros cuentan con sus aportes, y si ya recibió el pozo le debe a la tanda los aportes que le faltan. Si su situación cambia, comuníquese con el administrador de su tanda y con nuestro equipo de soporte lo antes posible para que podamos ayudar a la tanda a encontrar una solución justa.",
    ],
  },
  {
    id: "group-size",
    question: "¿De qué tamaño puede ser una tanda y cuánto podemos aportar?",
    answer: [
      "Una tanda tiene de 3 a 12 miembros, incluida la persona que la crea. Los aportes son montos en dólares enteros de $10 a $1,000 por período, que se cargan cada día, cada semana, cada dos semanas o cada mes.",
    ],
  },
  {
    id: "contact-support",
    question: "¿Cómo me comunico con soporte?",
    answer: ["Use el formulario de contacto y elija el tema más cercano a su pregunta. Nuestro equipo de soporte responde en un plazo de 24 horas."],
  },
];

export const GUIDES: Guide[] = [
  {
    id: "getting-started",
    title: "Primeros pasos",
    summary: "Del registro a una cuenta lista para usar en pocos minutos.",
    steps: [
      "Elija Registrarse y escriba su nombre completo, su correo electrónico y una contraseña de al menos 8 caracteres con una letra mayúscula, una letra minúscula y un número.",
      "Acepte los Términos del servicio y la Política de privacidad; luego abra el correo de confirmación que le enviamos y siga su enlace.",
      "Inicie sesión y complete su perfil: número de teléfono, dirección y fecha de nacimiento.",
      "Desde su panel, solicite acceso al entorno de prueba. Un administrador revisa las solicitudes en un plazo de 24 horas.",
      "Cuando le den acceso, vincule una cuenta bancaria mediante nuestro proveedor de vinculación bancaria. En la fase de demostración es un banco de prueba con cuentas de prueba.",
    ],
  },
  {
    id: "creating-a-group",
    title: "Crear una tanda",
    summary: "Defina el monto, el calendario y el orden de los turnos, y luego invite a los miembros.",
    steps: [
      "En su panel, elija crear una tanda nueva.",
      "Póngale nombre a la tanda y elija el número de miembros (de 3 a 12, incluido usted) y el aporte (de $10 a $1,000 en dólares enteros).",
      "Elija cada cuánto aportan los miembros: cada día, cada semana, cada dos semanas o cada mes, y en qué día.",
      "Elija el orden de los turnos: un orden fijo, que usted define como administrador, o un sorteo al inicio de la tanda. Revise el resumen del pozo por turno y la duración de la tanda.",
      "Siga a las invitaciones, escriba un correo electrónico por cada invitado y cree la tanda. La tanda empieza cuando todos se han unido.",
    ],
  },
  {
    id: "joining-a-group",
    title: "Unirse a una tanda",
    summary: "Acepte una invitación y prepárese para su primer aporte.",
    steps: [
      "Abra el enlace de invitación que le envió el administrador de una tanda, e inicie sesión o cree una cuenta.",
      "Revise la invitación: administrador, miembros, aporte, fecha del primer pago, su turno y el pozo total.",
      "Lea las condiciones de la tanda, marque la casilla para aceptarlas y acepte la invitación para unirse.",
      "Si todavía no ha vinculado una cuenta bancaria, conecte una cuando se le pida.",
      "Verá el calendario de la tanda en su página. Su primer aporte se carga en la primera fecha de pago.",
    ],
  },
];
