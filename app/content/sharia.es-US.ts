/**
 * /sharia en español (ADR 056, parte cinco (j)): la misma forma que sharia.ts; `<0>…</0>` es el enlace a /contact.
 * Los términos árabes (riba, ujrah, gharar, adl, qard hasan) se quedan como son, con su explicación.
 */
import type { Principle } from "./sharia";

export const PRINCIPLES: Principle[] = [
  {
    id: "no-riba",
    term: "Riba (interés)",
    title: "Sin intereses, en ninguna dirección",
    body: [
      "La riba es cualquier aumento fijado de antemano sobre un préstamo o sobre un intercambio de dinero por dinero. En una tanda de Rosca, cada miembro aporta el mismo total y recibe el mismo total. Una tanda de 10 personas que aportan $500 por período paga $5,000 en cada turno: cada miembro pone $5,000 a lo largo de la tanda y recibe $5,000 una vez.",
      "Quienes reciben el pozo al principio reciben, en la práctica, un préstamo sin intereses del grupo, que devuelven por su valor nominal con sus aportes restantes, en el espíritu del qard hasan. A nadie se le paga de más por esperar, y nadie paga de más por ir primero. Rosca no presta dinero, no paga intereses sobre saldos y no invierte los aportes mientras pasan de un miembro a otro.",
    ],
  },
  {
    id: "ujrah",
    term: "Ujrah (pago por un servicio)",
    title: "Una tarifa fija por un servicio real",
    body: [
      "Las finanzas islámicas permiten un pago conocido y justo por un trabajo hecho, llamado ujrah. Lo único que cobra Rosca es una tarifa de inicio fija de $5 a $10 por tanda, que se muestra antes de crear una tanda o unirse a ella. Paga lo que hacemos: cargar los aportes, programar los pagos del pozo, llevar los registros de la tanda y atender a los miembros.",
      "La tarifa no depende del tiempo ni del turno. Es la misma para quien recibe el primer pago del pozo y para quien recibe el último, y no crece con el tamaño del pozo ni con la duración de la tanda. No subastamos turnos ni dejamos que los miembros pujen por recibir antes, porque un precio por recibir dinero antes sería interés con otro nombre.",
    ],
  },
  {
    id: "no-gharar",
    term: "Gharar (incertidumbre)",
    title: "Sin incertidumbre oculta",
    body: [
      "El gharar es la incertidumbre excesiva sobre lo que un contrato le obliga a pagar o le da derecho a recibir. Antes de que empiece una tanda, cada miembro puede ver el monto del aporte, el calendario, el número de miembros, el pago del pozo por turno, la duración de la tanda y la tarifa. Nada de los montos queda al azar ni a nuestra discreción.",
    ],
  },
  {
    id: "transparent-order",
    term: "Adl (justicia)",
    title: "Un orden de turnos transparente y justo",
    body: [
      "El orden de los turnos lo fija el administrador de la tanda, normalmente después de que los miembros hablen de sus necesidades, o se sortea cuando la tanda empieza. El sorteo solo decide el orden, nunca el monto, y se puede comprobar: cuando se crea la tanda se publica una huella del sorteo, así que cualquier miembro puede confirmar después que el orden no se cambió. Cada miembro ve el calendario completo, con quién recibe el pozo, la fecha y el monto de cada turno.",
    ],
  },
];

export const SHARIA_DISCLAIMER: string[] = [
  "Esta página explica cómo está diseñada Rosca y por qué creemos que es coherente con los principios de las finanzas islámicas. No es una fatua ni un dictamen religioso, y Rosca no tiene por ahora una certificación de un consejo de supervisión de la sharía.",
  "Los especialistas y las escuelas difieren en los detalles, y su propia situación puede plantear preguntas que no hemos tratado. Si tiene alguna duda, consulte a un especialista de su confianza antes de unirse a una tanda. Si algo de cómo funciona Rosca le preocupa, <0>díganoslo</0>: tomamos en serio cada pregunta de este tipo.",
];
