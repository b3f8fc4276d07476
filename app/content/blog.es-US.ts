/**
 * Los cuatro artículos del blog en español (ADR 056, parte cinco (j)): los mismos ids, fechas y tiempos de lectura que
 * blog.ts, en las palabras de docs/glossary-es.md (tanda, aporte, pozo, turno, tarifa de inicio, "usted").
 */
import type { Article } from "./blog";

export const ARTICLES: Article[] = [
  {
    id: "what-is-a-rosca",
    title: "¿Qué es una tanda? El círculo de ahorro que existe en todo el mundo",
    publishedOn: "2026-09-15",
    author: "El equipo de Rosca",
    excerpt:
      "Tandas, susus, hagbad, chit funds, paluwagan, hui: en todos los continentes la gente ha juntado sus ahorros en círculos rotativos por generaciones. Así funcionan y por eso perduran.",
    readingMinutes: 4,
    body: [
      {
        kind: "p",
        text: "Una asociación rotativa de ahorro y crédito, o tanda, es uno de los acuerdos financieros más sencillos que existen. Un grupo de personas se compromete a aportar el mismo monto con un calendario fijo. En cada período, el pozo completo es para un miembro. El grupo sigue hasta que cada persona ha recibido el pozo exactamente una vez, y entonces termina, o vuelve a empezar.",
      },
      {
        kind: "p",
        text: "Piense en diez amigos que aportan $500 cada dos semanas. Cada pago del pozo es de $5,000. A lo largo de la tanda, cada miembro aporta $5,000 y recibe $5,000. Nadie gana intereses y nadie los paga. Lo que cambia es el momento: la primera persona recibe una suma grande de inmediato, la última tiene un plan de ahorro disciplinado y las de en medio tienen un poco de ambas cosas.",
      },
      { kind: "h2", text: "Muchos nombres, una sola idea" },
      {
        kind: "p",
        text: "Economistas y antropólogos estudian los grupos de ahorro rotativos por lo menos desde los años sesenta, y siguen encontrando el mismo patrón en lugares que nunca tuvieron contacto entre sí. Algunos de los nombres que quizá haya oído:",
      },
      {
        kind: "ul",
        items: [
          "Tanda o cundina en México y en toda América Latina, a menudo entre compañeros de trabajo o en la familia extendida.",
          "Susu en Ghana y en gran parte de África Occidental, y sou-sou, partner o box hand en el Caribe y su diáspora.",
          "Hagbad o ayuuto en las comunidades somalíes, muchas veces a cargo de mujeres y usados para pagar la escuela, bodas y mercancía para negocios.",
          "Chit funds en la India, algunos informales y otros administrados por empresas registradas según la ley nacional.",
          "Paluwagan en Filipinas, comunes entre oficinistas que aportan cada día de pago.",
          "Hui en las comunidades chinas dentro y fuera de China, y hụi en las familias vietnamitas.",
          "Equb en Etiopía, gam'eya en Egipto, stokvel en Sudáfrica y gye en Corea.",
        ],
      },
      {
        kind: "p",
        text: "Los detalles cambian. Algunos grupos se reúnen en persona y se entregan el efectivo; otros deciden el orden por sorteo; otros, como muchos chit funds, subastan cada pozo, de modo que quien quiere el dinero antes acepta recibir menos. Pero el centro siempre es el mismo: personas que se conocen reemplazan un préstamo bancario o una cuenta de ahorro con una promesa entre ellas.",
      },
      { kind: "h2", text: "Por qué la gente prefiere una tanda a un banco" },
      {
        kind: "p",
        text: "Para muchas familias, la respuesta empieza por el acceso. Una tanda no pide historial de crédito, ni garantía, ni saldo mínimo. También es una forma de comprometerse: es mucho más fácil apartar dinero cuando diez personas cuentan con usted que cuando la única persona a quien defraudaría es usted en el futuro.",
      },
      {
        kind: "p",
        text: "Para otros es una cuestión de valores. Una tanda no tiene intereses, algo que importa a las personas musulmanas que evitan la riba y a cualquiera que prefiera no pagarle a un prestamista por acceder al dinero de su propia comunidad. Y mantiene la riqueza circulando entre personas que se conocen, en vez de que se vaya en comisiones.",
      },
      { kind: "h2", text: "El punto débil: la confianza y las cuentas" },
      {
        kind: "p",
        text: "Las tandas tradicionales dependen de una persona organizadora que lleva las cuentas, persigue los pagos atrasados y a veces guarda el efectivo. Eso funciona bien hasta que alguien se muda, se pierde una libreta o dos miembros recuerdan el orden de otra manera. Cuando una tanda se deshace, la causa suele ser un malentendido mucho más que la mala fe.",
      },
      {
        kind: "p",
        text: "Rosca conserva la tradición y se encarga de las cuentas. Los aportes se cargan a las cuentas bancarias vinculadas el día acordado, cada miembro puede ver el calendario de los pagos del pozo y el único costo es una tarifa de inicio fija, igual para todos los miembros. Usted sigue eligiendo con quién ahorra. Nosotros solo hacemos que la promesa sea fácil de cumplir.",
      },
    ],
  },
  {
    id: "choosing-your-payout-position",
    title: "Cómo elegir su turno, y por qué la tarifa es la misma para todos los turnos",
    publishedOn: "2026-10-06",
    author: "Atención a los miembros de Rosca",
    excerpt:
      "Ir primero se parece a un préstamo; ir al último, a una cuenta de ahorro. Así puede decidir qué turno le conviene, y por eso Rosca nunca cobra más por recibir el pozo antes.",
    readingMinutes: 4,
    body: [
      {
        kind: "p",
        text: "En toda tanda, cada miembro recibe el mismo pozo exactamente una vez. Lo único que cambia entre los miembros es cuándo. Esa sola diferencia resulta importar mucho, así que vale la pena pensarla antes de unirse.",
      },
      { kind: "h2", text: "Lo que le da un turno temprano" },
      {
        kind: "p",
        text: "Si recibe el pozo en el primer o segundo período, obtiene una suma grande mucho antes de lo que habría tardado en ahorrarla por su cuenta. En la práctica, el resto del grupo le presta el dinero, sin intereses, y usted lo devuelve con sus aportes restantes. Un turno temprano le conviene a quien tiene un gasto con fecha: el depósito de un apartamento, una boda la próxima primavera, una colegiatura que vence en agosto.",
      },
      {
        kind: "p",
        text: "La contraparte es la responsabilidad. Una vez que recibió el pozo, le debe al grupo todos los aportes restantes. Antes de elegir un turno temprano, piense con honestidad si sus ingresos seguirán estables el resto de la tanda.",
      },
      { kind: "h2", text: "Lo que le da un turno tardío" },
      {
        kind: "p",
        text: "Un turno tardío funciona como un plan de ahorro con fecha de término. Usted aporta con regularidad y recibe una suma grande al final. Les conviene a quienes arman un fondo de emergencia, ahorran para una compra sin fecha límite o simplemente quieren la estructura de un grupo para no desviarse. Los turnos tardíos también traen menos presión: cuando recibe el pozo, ya pagó todo lo que debía.",
      },
      { kind: "h2", text: "¿Orden fijo o sorteo?" },
      {
        kind: "p",
        text: "Cuando crea una tanda en Rosca, usted elige cómo se fija el orden. Con un orden fijo, el administrador de la tanda acomoda los turnos, normalmente después de que los miembros digan lo que necesitan. Esto funciona bien cuando alguien tiene una razón clara y con fecha para ir primero. Con un sorteo, el orden se sortea cuando la tanda empieza. Es la opción más justa cuando nadie tiene una preferencia fuerte, o cuando prefieren no tener esa conversación. Rosca publica de antemano una huella del sorteo, así que cualquier miembro puede comprobar después que no se cambió.",
      },
      {
        kind: "p",
        text: "De cualquier forma, cada miembro ve el calendario completo antes del primer aporte: turno, quién recibe el pozo, fecha y monto.",
      },
      { kind: "h2", text: "Por qué todos los turnos pagan la misma tarifa" },
      {
        kind: "p",
        text: "Algunas tandas tradicionales, y muchos chit funds, dejan que los miembros pujen por los primeros turnos o cobran más por ellos. Puede parecer lógico: recibir el pozo antes vale más para quien lo recibe. Pero en cuanto el precio depende de cuánto tiempo tiene usted el dinero, el acuerdo empieza a cobrar por el tiempo, y eso es interés con otro nombre.",
      },
      {
        kind: "p",
        text: "Rosca cobra una sola tarifa de inicio fija por tanda, de $5 a $10, que se muestra antes de unirse. Paga el servicio que damos: cargar los aportes, programar los pagos del pozo, llevar los registros y apoyar al grupo. No cambia con su turno, con el tamaño del pozo ni con la duración de la tanda. Quien va primero y quien va al último pagan exactamente lo mismo.",
      },
      {
        kind: "note",
        text: "Ejemplo: en una tanda de 10 personas que aportan $500 cada dos semanas, cada miembro aporta $5,000 a lo largo de la tanda y recibe $5,000 una vez, sea su turno el primero o el décimo. La tarifa de inicio es la misma para los diez.",
      },
      { kind: "h2", text: "Una forma rápida de decidir" },
      {
        kind: "ul",
        items: [
          "¿Tiene una fecha fija en la que necesita el dinero? Pida un turno justo antes.",
          "¿Es probable que sus ingresos cambien durante la tanda? Prefiera un turno más tardío.",
          "¿Ninguna preferencia fuerte? Deje que el sorteo decida y disfrute la sorpresa.",
          "¿Administra la tanda? Pregunte primero a cada persona en privado; la gente comparte sus necesidades con más confianza a solas.",
        ],
      },
    ],
  },
  {
    id: "sharia-compliant-saving",
    title: "Ahorrar sin riba: cómo encaja una tanda en las finanzas islámicas",
    publishedOn: "2026-10-27",
    author: "El equipo de Rosca",
    excerpt:
      "Los intereses, la incertidumbre y el pago justo por un servicio son las tres preguntas que deciden si un acuerdo de ahorro es halal. Así responde una tanda a cada una.",
    readingMinutes: 4,
    body: [
      {
        kind: "p",
        text: "Para muchas personas musulmanas en Estados Unidos, las herramientas habituales para ahorrar y pedir prestado tienen un problema. Las cuentas de ahorro pagan intereses, las tarjetas de crédito los cobran y la mayoría de los préstamos personales se basan en ellos. Las tandas han sido desde hace mucho una alternativa halal en las comunidades musulmanas, del hagbad de las familias somalíes a la gam'eya de Egipto. Esta es la razón, en palabras sencillas.",
      },
      { kind: "h2", text: "Sin riba: recibe exactamente lo que aporta" },
      {
        kind: "p",
        text: "La riba es cualquier aumento que se cobra o se paga sobre un préstamo o un intercambio de dinero por dinero. Una tanda no tiene ningún aumento. Cada miembro aporta el mismo total y recibe el mismo total. Quien recibe el pozo al principio recibió, en la práctica, un préstamo sin intereses del grupo, que devuelve con sus aportes restantes. Los especialistas suelen compararlo con el qard hasan, un préstamo benévolo que se devuelve por su valor nominal.",
      },
      {
        kind: "p",
        text: "Lo que rompería esto es cobrar por el tiempo. Si un turno temprano costara más que uno tardío, o si los miembros pujaran por el pozo, la diferencia sería un precio por tener el dinero antes. Rosca no hace ninguna de las dos cosas. Nadie paga ni gana nada por su turno.",
      },
      { kind: "h2", text: "Una tarifa por un servicio, no por el dinero" },
      {
        kind: "p",
        text: "Las finanzas islámicas permiten un pago justo y conocido por un trabajo hecho, llamado ujrah. Lo único que cobra Rosca es una tarifa de inicio fija de $5 a $10 por tanda, que se muestra antes de unirse. Paga un servicio: cargar los aportes, programar los pagos del pozo, llevar los registros y apoyar a los miembros. Es la misma para todos los miembros y no crece con el tamaño del pozo, la duración de la tanda ni lo pronto que usted reciba el pozo.",
      },
      { kind: "h2", text: "Sin gharar: todo se sabe de antemano" },
      {
        kind: "p",
        text: "Gharar significa incertidumbre excesiva en un contrato: no saber lo que uno se compromete a pagar o a recibir. Antes de que empiece una tanda de Rosca, cada miembro puede ver el monto del aporte, el calendario, el número de miembros, el pago del pozo por turno y la tarifa. Si la tanda usa un sorteo, el sorteo es el mismo para todos, decide solo el orden y nunca el monto, y cualquier miembro puede comprobarlo después.",
      },
      { kind: "h2", text: "Dónde está su dinero" },
      {
        kind: "p",
        text: "Los aportes pasan de los miembros a quien recibe el pozo en ese período. Rosca no invierte el dinero reunido ni gana intereses con él mientras se mueve. Durante la fase de demostración actual, las conexiones bancarias usan un entorno de prueba y no se mueve nada de dinero real.",
      },
      { kind: "h2", text: "Preguntas para hacerle a cualquier producto de ahorro" },
      {
        kind: "ul",
        items: [
          "¿Alguien termina con más o con menos de lo que aportó, aparte de una tarifa de servicio dada a conocer?",
          "¿Algún cargo depende del tiempo, del monto de dinero o de lo pronto que se le pague a alguien?",
          "¿Se conocen todos los montos, fechas y tarifas antes de comprometerse?",
          "¿Se invierte o se presta el dinero mientras se guarda y, si es así, cómo?",
        ],
      },
      {
        kind: "note",
        text: "Este artículo explica nuestro razonamiento; no es un dictamen religioso. La práctica y las opiniones varían entre escuelas y especialistas, así que si tiene dudas, consulte a un especialista de su confianza. Nuestra página de conformidad con la sharía presenta los mismos principios con más detalle.",
      },
    ],
  },
  {
    id: "running-a-group-with-friends",
    title: "Ocho consejos para organizar una tanda con amigos",
    publishedOn: "2026-11-17",
    author: "Atención a los miembros de Rosca",
    excerpt: "Una tanda es tan fuerte como las promesas que la sostienen. Estos hábitos evitan que el dinero se interponga en la amistad.",
    readingMinutes: 5,
    body: [
      {
        kind: "p",
        text: "Organizar una tanda con personas que le importan puede ser muy gratificante. También puede ser incómodo cuando las expectativas no están claras. La mayoría de los problemas de una tanda vienen de algo que nadie dijo en voz alta al principio. Estos ocho hábitos ayudan a evitarlos.",
      },
      { kind: "h2", text: "1. Elija personas, no números" },
      {
        kind: "p",
        text: "Es tentador invitar a más gente para que el pozo sea más grande. No lo haga. Una tanda de cinco personas que siempre pagan a tiempo es mucho mejor que una de doce con una persona que le genera dudas. Cada miembro confía en todos los demás durante toda la tanda.",
      },
      { kind: "h2", text: "2. Elija un monto que todos puedan pagar en un mes difícil" },
      {
        kind: "p",
        text: "Fije el aporte según el presupuesto más ajustado del grupo, no el promedio. Si alguien tendría que hacer un esfuerzo para pagar, el grupo debería elegir un monto menor o un calendario más largo. En las tandas de Rosca se puede aportar de $10 a $1,000 por período.",
      },
      { kind: "h2", text: "3. Ajuste el calendario a los días de pago" },
      {
        kind: "p",
        text: "Si a la mayoría de los miembros les pagan un viernes sí y otro no, un calendario cada dos semanas, los viernes, alinea los aportes con los ingresos. Para las tandas mensuales, elija un día unos días después del día de pago más común. Para días como el 31, Rosca usa el último día de los meses más cortos.",
      },
      { kind: "h2", text: "4. Pónganse de acuerdo en el orden abiertamente" },
      {
        kind: "p",
        text: "Si algunos miembros tienen necesidades con fecha, hablen de ellas antes de elegir un orden fijo. Si no, usen un sorteo. De cualquier forma, no cambien el orden una vez que la tanda haya empezado sin el acuerdo de todos.",
      },
      { kind: "h2", text: "5. Hablen de qué pasa si alguien no puede pagar" },
      {
        kind: "p",
        text: "Las cosas pasan: una pérdida de empleo, una enfermedad, una cuenta inesperada. Decidan juntos cómo responderá el grupo antes de que ocurra. ¿Cubrirán los miembros un faltante por poco tiempo? ¿Con cuánta anticipación debe avisar alguien al grupo si tiene dificultades? Una conversación corta al principio evita una dolorosa después.",
      },
      { kind: "h2", text: "6. Deje que la aplicación se encargue de recordar" },
      {
        kind: "p",
        text: "Una de las partes más difíciles de organizar una tanda tradicional es recordarle a la gente que pague. Con Rosca, los aportes se cargan a las cuentas bancarias vinculadas el día acordado, y los miembros reciben recordatorios antes. El administrador no tiene que ser el malo de la película.",
      },
      { kind: "h2", text: "7. Mantengan viva la conversación" },
      {
        kind: "p",
        text: "Celebren cada pago del pozo. Un mensaje rápido al grupo cuando alguien recibe el pozo les recuerda a todos por qué se unieron y hace que la tanda se sienta como un proyecto compartido y no como una cuenta por pagar.",
      },
      { kind: "h2", text: "8. Terminen bien, y luego decidan juntos sobre la siguiente vuelta" },
      {
        kind: "p",
        text: "Cuando el último miembro recibe el pozo, la tanda termina. Antes de empezar otra, conversen: ¿el monto fue el adecuado?, ¿funcionó el calendario?, ¿alguien quiere salir? Una segunda vuelta con algunos ajustes suele ser más fácil que la primera.",
      },
      {
        kind: "note",
        text: "¿Todo listo para empezar? Cree una tanda desde su panel, o lea las guías paso a paso de nuestro Centro de ayuda.",
      },
    ],
  },
];
