/** /about en español (ADR 056, parte cinco (j)): la misma forma que about.ts. */
import type { ABOUT_INTRO as ENGLISH_INTRO, FACTS as ENGLISH_FACTS, VALUES as ENGLISH_VALUES } from "./about";

/** As many entries as in English, each with the same fields, in Spanish. */
type Same<T extends readonly unknown[]> = { [K in keyof T]: T[K] extends object ? { [P in keyof T[K]]: string } : string };

export const ABOUT_INTRO: Same<typeof ENGLISH_INTRO> = [
  "Las tandas son más antiguas que los bancos. Familias de México a Somalia, de Ghana a Filipinas las han usado por generaciones para comprar casa, abrir negocios, pagar estudios y celebrar bodas, sin pagar ni un centavo de intereses.",
  "Rosca lleva esa tradición a internet para los residentes de EE. UU. Usted elige con quién ahorra. Nosotros nos encargamos del calendario, los cargos, los registros y los recordatorios, para que el grupo se concentre en aquello para lo que ahorra.",
];

export const VALUES: Same<typeof ENGLISH_VALUES> = [
  {
    title: "Justo con cada miembro",
    body: "Todos aportan lo mismo y reciben lo mismo. Nuestra única tarifa es una tarifa de inicio fija que no cambia según su lugar en el orden de los turnos.",
  },
  {
    title: "Sin intereses, siempre",
    body: "No cobramos intereses, no pagamos intereses y no prestamos dinero. Así Rosca está abierta a quienes evitan la riba, y es honesta con todos los demás.",
  },
  {
    title: "Transparente desde el principio",
    body: "Cada miembro puede ver el monto del aporte, el calendario, el orden de los turnos y quién ha pagado. Nada importante pasa a escondidas.",
  },
  {
    title: "Cuidadosos con su confianza",
    body: "Protegemos las cuentas con un hash de contraseñas robusto, sesiones cortas y conexiones bancarias cifradas, y solo recopilamos los datos que necesitamos para que su tanda funcione.",
  },
];

export const FACTS: Same<typeof ENGLISH_FACTS> = [
  { label: "Miembros por tanda", value: "De 3 a 12" },
  { label: "Aporte por período", value: "De $10 a $1,000" },
  { label: "Calendarios", value: "Cada día, cada semana, cada dos semanas o cada mes" },
  { label: "Tarifas", value: "Una sola tarifa de inicio fija de $5 a $10" },
];
