/**
 * /security en español (ADR 056, parte cinco (j)): la misma forma que security.ts. Cada afirmación describe lo que
 * hace el código (app/server/auth): cámbielas junto con las inglesas. Nunca se nombra al proveedor de vinculación bancaria.
 */
import type { ACCOUNT_TIPS as ENGLISH_TIPS, SECURITY_MEASURES as ENGLISH_MEASURES } from "./security";

/** As many entries as in English, each with the same fields, in Spanish. */
type Same<T extends readonly unknown[]> = { [K in keyof T]: T[K] extends object ? { [P in keyof T[K]]: string } : string };

export const SECURITY_MEASURES: Same<typeof ENGLISH_MEASURES> = [
  {
    id: "passwords",
    title: "Contraseñas con hash argon2id",
    body: "Nunca guardamos su contraseña. Guardamos un hash argon2id de ella, un algoritmo lento y exigente en memoria, diseñado para que adivinar contraseñas a partir de una base de datos robada no sea factible. Las contraseñas deben tener al menos 8 caracteres, con mayúsculas, minúsculas y un número.",
  },
  {
    id: "sessions",
    title: "Sesiones en el servidor que se cierran tras 30 minutos de inactividad",
    body: "Cuando inicia sesión, su navegador recibe una cookie que solo contiene un identificador aleatorio; la sesión vive en nuestros servidores, así que podemos terminarla en cualquier momento. Tras 30 minutos sin actividad se cierra su sesión, con un aviso 5 minutos antes. Los scripts de la página no pueden leer las cookies de sesión.",
  },
  {
    id: "login-limits",
    title: "Límites a los intentos de inicio de sesión",
    body: "Los intentos fallidos repetidos se frenan, por cuenta y por dirección de red, para que nadie pueda probar una contraseña tras otra. Las solicitudes para restablecer la contraseña tienen el mismo límite, y los enlaces para restablecerla vencen después de 1 hora y funcionan una sola vez.",
  },
  {
    id: "bank",
    title: "Conexiones bancarias a través de nuestro proveedor de vinculación bancaria",
    body: "Usted inicia sesión en su banco en la pantalla segura de nuestro proveedor de vinculación bancaria, no en la nuestra. Rosca nunca ve ni guarda su usuario ni su contraseña de la banca en línea. Los tokens de acceso que recibimos se cifran antes de guardarse, y solo mostramos los últimos dígitos de su número de cuenta.",
  },
  {
    id: "access",
    title: "El mínimo acceso, comprobado cada vez",
    body: "Cada solicitud que lee o cambia sus datos comprueba en el servidor quién es usted y si puede hacerlo. Los detalles de una tanda solo los ven sus miembros, y las herramientas de administración están limitadas a un número pequeño de empleados.",
  },
  {
    id: "sandbox",
    title: "Un entorno de prueba durante la fase de demostración",
    body: "Mientras Rosca esté en fase de demostración, las conexiones bancarias usan un banco de prueba y no se mueve dinero real. El sistema de producción se niega a arrancar si está configurado para usar el entorno de prueba.",
  },
];

export const ACCOUNT_TIPS: Same<typeof ENGLISH_TIPS> = [
  "Use para Rosca una contraseña única que no use en ningún otro lugar; un administrador de contraseñas lo facilita.",
  "Cierre la sesión en computadoras compartidas o públicas.",
  "Rosca nunca le pedirá su contraseña, el acceso a su banco ni un código de un solo uso por correo, teléfono o mensaje.",
  "Antes de escribir su contraseña, compruebe que la barra de direcciones muestra nuestro sitio.",
  "Si nota actividad que no reconoce, restablezca su contraseña y contáctenos de inmediato.",
];
