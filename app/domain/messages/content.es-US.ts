/**
 * Las páginas públicas de contenido en español de EE. UU. (ADR 056, parte cinco (j)): /about, /careers, /blog, /contact,
 * /security y /sharia. De "usted", con las palabras de docs/glossary-es.md (tanda, aporte, pozo, turno, tarifa de inicio,
 * sin intereses, riba, sharía). El texto largo está en app/content/*.es-US.ts.
 */
import type { CONTENT_MESSAGES, CONTENT_SERVER_TEXTS } from "./content.en-US";

export const CONTENT_MESSAGES_ES: Record<keyof typeof CONTENT_MESSAGES, string> = {
  "content.about.title": "Quiénes somos",
  "content.about.description":
    "Por qué creamos Rosca: una forma transparente y sin intereses de ahorrar en grupo entre personas que se tienen confianza.",
  "content.about.eyebrow": "Sobre Rosca",
  "content.about.heading": "Una tradición de ahorro, más fácil",
  "content.about.mission": "Nuestra misión",
  "content.about.buildingFor":
    "Trabajamos para quienes ya ahorran así y para todos los que quieran hacerlo: amigos que planean un viaje, compañeros de trabajo que empiezan un negocio propio, padres y madres que cubren los gastos escolares, parejas que ahorran para su boda.",
  "content.about.values": "Lo que defendemos",
  "content.about.facts": "Rosca en pocas palabras",
  "content.about.today": "Dónde estamos hoy",
  "content.about.demo":
    "Rosca está en fase de demostración. Puede crear una cuenta, explorar el panel y, cuando un administrador le dé acceso al entorno de prueba, vincular una cuenta bancaria de prueba y probar las tandas. Las conexiones bancarias usan un banco de prueba y no se mueve dinero real. Pronto se podrá ahorrar en tandas con cuentas reales.",
  "content.about.eligibility": "Rosca está disponible para residentes de EE. UU. de 18 años o más.",
  "content.about.createAccount": "Crear una cuenta",
  "content.visitHelp": "Visitar el Centro de ayuda",
  "content.contactUs": "Contáctenos",
  "content.careers.title": "Empleos",
  "content.careers.description": "Pronto habrá puestos abiertos en Rosca. Mientras tanto, cuéntenos sobre usted.",
  "content.careers.heading": "Empleos en Rosca",
  "content.careers.lead": "Somos un equipo pequeño y todavía no estamos contratando. Pronto habrá puestos abiertos.",
  "content.careers.comingSoon": "Próximamente",
  "content.careers.comingSoonIntro":
    "Cuando Rosca deje atrás su fase de demostración, esperamos crecer en estas áreas. Si alguna encaja con usted, nos encantaría saber de usted desde ahora.",
  "content.careers.interest.engineering":
    "Ingeniería de producto: React, TypeScript y PostgreSQL, con énfasis en páginas accesibles generadas en el servidor.",
  "content.careers.interest.payments": "Ingeniería de pagos y contabilidad: calendarios, transferencias bancarias y registros que siempre cuadran.",
  "content.careers.interest.support": "Atención a los miembros: ayudar a las tandas a empezar y responder siempre en menos de 24 horas.",
  "content.careers.interest.community": "Comunidad y alianzas: trabajar con las comunidades que han ahorrado así por generaciones.",
  "content.careers.getInTouch": "Escríbanos",
  "content.careers.note":
    "Envíenos una nota breve con el formulario de contacto, con el tema Empleos: quién es usted, en qué le gustaría trabajar y un enlace a su trabajo o perfil. No envíe documentos personales delicados. Leemos cada mensaje y respondemos en menos de 24 horas.",
  "content.careers.contact": "Contáctenos sobre empleos",
  "content.blog.title": "Blog",
  "content.blog.description": "Artículos sobre las tandas: su historia, cómo elegir su turno, ahorrar sin riba y organizar una tanda con amigos.",
  "content.blog.heading": "El blog de Rosca",
  "content.blog.lead": "Guías prácticas y contexto sobre las tandas: de dónde viene la tradición y cómo hacer que funcione para su grupo.",
  "content.blog.minutes": "{minutes} min de lectura",
  "content.blog.by": "Por {author}",
  "content.blog.byName": "Por <0>{author}</0>",
  "content.blog.all": "Todos los artículos",
  "content.blog.more": "Más artículos",
  "content.blog.keepReading": "Siga leyendo",
  "content.blog.note": "Nota",
  "content.blog.notFound": "Artículo no encontrado",
  "content.blog.notFoundDescription": "Este artículo no existe. Vea todos los artículos del blog de Rosca.",
  "content.blog.notFoundBody": "No encontramos ese artículo. Puede que se haya movido o que el enlace tenga un error.",
  "content.blog.error": "Algo salió mal",
  "content.blog.errorBody": "Tuvimos un problema inesperado al mostrar este artículo. Inténtelo de nuevo.",
  "content.blog.back": "Volver al blog",
  "content.contact.title": "Contáctenos",
  "content.contact.description":
    "¿Preguntas sobre las tandas, su cuenta o el acceso al entorno de prueba? Envíenos un mensaje; respondemos en menos de 24 horas.",
  "content.contact.eyebrow": "Contacto",
  "content.contact.lead":
    "¿Preguntas sobre las tandas, su cuenta o el acceso al entorno de prueba? Envíenos un mensaje y nuestro equipo de soporte le responderá en menos de 24 horas.",
  "content.contact.before": "Antes de escribir",
  "content.contact.helpCenter":
    "Muchas respuestas ya están en nuestro <0>Centro de ayuda</0>: tarifas, pagos atrasados, orden de los turnos y cómo obtener acceso al entorno de prueba.",
  "content.contact.security":
    "¿Encontró un problema de seguridad? Elija <0>Reportar un problema de seguridad</0> y vea en nuestra <1>página de seguridad</1> cómo tratamos los reportes.",
  "content.contact.never": "Nunca envíe contraseñas, números completos de cuentas bancarias ni códigos de un solo uso. Nunca se los pediremos.",
  "content.contact.formTitle": "Envíenos un mensaje",
  "content.contact.allRequired": "Todos los campos son obligatorios.",
  "content.contact.name": "Nombre",
  "content.contact.email": "Correo electrónico",
  "content.contact.topic": "Tema",
  "content.contact.chooseTopic": "Elija un tema",
  "content.contact.topic.general": "Pregunta general",
  "content.contact.topic.account": "Mi cuenta o el inicio de sesión",
  "content.contact.topic.groups": "Tandas, aportes y pagos del pozo",
  "content.contact.topic.bank": "Vincular una cuenta bancaria",
  "content.contact.topic.sandbox": "Acceso al entorno de prueba",
  "content.contact.topic.privacy": "Privacidad y mis datos",
  "content.contact.topic.security": "Reportar un problema de seguridad",
  "content.contact.topic.careers": "Empleos",
  "content.contact.topic.press": "Prensa y alianzas",
  "content.contact.message": "Mensaje",
  "content.contact.hint": "Hasta {max} caracteres. Si su pregunta es sobre una tanda, incluya su nombre.",
  "content.contact.honeypot": "Deje este campo vacío",
  "content.contact.sending": "Enviando…",
  "content.contact.send": "Enviar mensaje",
  "content.security.title": "Seguridad",
  "content.security.description":
    "Cómo protege Rosca su cuenta: contraseñas con hash argon2id, sesiones cortas en el servidor, límites a los intentos de inicio de sesión y conexiones bancarias cifradas.",
  "content.security.eyebrow": "Seguridad",
  "content.security.heading": "Cómo mantenemos segura su cuenta",
  "content.security.lead":
    "Ahorrar con otras personas depende de la confianza. Esto es lo que hacemos para proteger su cuenta y su información, y cómo comunicarse con nosotros si encuentra un problema.",
  "content.security.protections": "Cómo protegemos las cuentas",
  "content.security.yourPart": "Lo que usted puede hacer",
  "content.security.disclosure": "Divulgación responsable",
  "content.security.disclosureBody":
    "Si cree que encontró una vulnerabilidad de seguridad en Rosca, díganoslo en privado para que podamos corregirla antes de que alguien salga perjudicado. Escriba a <0>{email}</0> con el asunto «Security report», o use el <1>formulario de contacto</1> con el tema «Reportar un problema de seguridad». Incluya los pasos para reproducir el problema y el impacto que cree que tiene.",
  "content.security.weAsk": "Le pedimos que:",
  "content.security.ask1": "haga pruebas solo con sus propias cuentas, y nunca acceda a los datos de otras personas ni los cambie o borre;",
  "content.security.ask2": "no haga pruebas de denegación de servicio, spam ni ingeniería social contra nosotros o nuestros miembros; y",
  "content.security.ask3": "nos dé un tiempo razonable para corregir el problema antes de hacerlo público.",
  "content.security.inReturn":
    "A cambio, confirmaremos que recibimos su reporte en menos de 24 horas, le mantendremos al tanto mientras trabajamos en él y no emprenderemos acciones legales contra investigaciones hechas de buena fe según estas pautas.",
  "content.sharia.title": "Conformidad con la sharía",
  "content.sharia.description":
    "Por qué las tandas de Rosca no tienen intereses: sin riba, una tarifa fija por el servicio que no depende del tiempo ni del turno, sin gharar y con un orden de turnos transparente.",
  "content.sharia.eyebrow": "Conformidad con la sharía",
  "content.sharia.heading": "Ahorrar juntos sin riba",
  "content.sharia.lead":
    "Las tandas han sido desde hace mucho una forma halal para que las familias musulmanas ahorren y cubran gastos grandes sin intereses. Así es como Rosca respeta los principios que las hacen halal.",
  "content.sharia.principles": "Cuatro principios en los que basamos el diseño",
  "content.sharia.inPractice": "Lo que esto significa en la práctica",
  "content.sharia.practice1": "Durante toda la tanda, usted recibe exactamente lo que aporta: ni más ni menos.",
  "content.sharia.practice2": "Su tarifa es la misma si su turno es el primero o el último.",
  "content.sharia.practice3": "Todos los montos, fechas y tarifas se muestran antes de que usted se comprometa.",
  "content.sharia.noInterest":
    "Rosca nunca cobra intereses ni cargos por atraso. Un pago del pozo se hace solo con aportes que llegaron; si el banco de un miembro revierte un aporte después de que salió el pozo, Rosca cubre la diferencia sin intereses y el miembro devuelve exactamente ese monto.",
  "content.sharia.practice5": "Durante la fase de demostración no se mueve dinero real: las conexiones bancarias usan un entorno de prueba.",
  "content.sharia.consult": "Consulte a su propio especialista",
  "content.sharia.readArticle": "Leer: Ahorrar sin riba",
  "content.privacy.description":
    "Qué información personal recopila Rosca, cómo la usamos y la compartimos, cuánto tiempo la guardamos y qué opciones tiene usted.",
};

/** Los textos que el formulario de contacto escribe en inglés (CONTENT_SERVER_TEXTS), en español. */
export const CONTENT_SERVER_TEXTS_ES: Record<(typeof CONTENT_SERVER_TEXTS)[number], string> = {
  "Please enter your name": "Escriba su nombre",
  "Name must be at most 100 characters": "El nombre debe tener como máximo 100 caracteres",
  "Please enter your email address": "Escriba su correo electrónico",
  "Please choose a topic": "Elija un tema",
  "Please enter a message": "Escriba un mensaje",
  "Message must be at least 10 characters": "El mensaje debe tener al menos 10 caracteres",
  "Message must be at most 5,000 characters": "El mensaje debe tener como máximo 5,000 caracteres",
  "Name can't contain line breaks, tabs or other control characters":
    "El nombre no puede contener saltos de línea, tabulaciones ni otros caracteres de control",
  "Name can't contain characters that change the direction of the text": "El nombre no puede contener caracteres que cambian la dirección del texto",
  "Name can't contain invisible characters, such as zero-width spaces":
    "El nombre no puede contener caracteres invisibles, como los espacios de ancho cero",
  "You've sent several messages in a short time. Please wait an hour, or email us directly.":
    "Envió varios mensajes en poco tiempo. Espere una hora o escríbanos directamente por correo.",
  "Message Sent": "Mensaje enviado",
  "Thanks for getting in touch. Our support team replies within 24 hours.":
    "Gracias por escribirnos. Nuestro equipo de soporte responde en menos de 24 horas.",
};
