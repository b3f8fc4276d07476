/**
 * The sandbox bank's Link pages in the app's language (ADR 056, part four (f)): the app passes `lang` on the first
 * page's URL (its own language for the member), the pages carry it along in every form, and a browser that has the
 * app's language cookie (`rosca_lang`, the same origin in a deployed demo) is answered in it too. A small catalogue of
 * the bank's own: sandbox/ does not import app/ (docs/architecture.md). English is what the pages always said.
 */
export type LinkLanguage = "en-US" | "es-US";

export const LINK_WORDS = {
  "en-US": {
    pageSuffix: "Sandbox bank",
    notice: "Sandbox bank — not a real bank. Nothing here moves real money.",
    exit: "Exit",
    selectBank: "Select your bank",
    usesSandbox: (client: string) => `${client} uses the sandbox bank to connect your account.`,
    logIn: (bank: string) => `Log in to ${bank}`,
    credentialsHint:
      "Sandbox credentials: user_good / pass_good, or user_custom with a JSON configuration as the password (for example {&quot;override_accounts&quot;:[{&quot;type&quot;:&quot;depository&quot;,&quot;subtype&quot;:&quot;checking&quot;,&quot;starting_balance&quot;:5000}]}). A password error_&lt;CODE&gt; (for example error_ITEM_LOCKED) fails with that code.",
    username: "Username",
    password: "Password",
    submit: "Submit",
    selectAccounts: "Select accounts",
    selectAccountsAt: (bank: string) => `Select accounts at ${bank}`,
    accountsToShare: "Accounts to share",
    continue: "Continue",
    selectOne: "Select at least one account.",
    cannotContinue: "Link cannot continue",
  },
  "es-US": {
    pageSuffix: "Banco de prueba",
    notice: "Banco de prueba: no es un banco real. Aquí no se mueve dinero real.",
    exit: "Salir",
    selectBank: "Elija su banco",
    usesSandbox: (client: string) => `${client} usa el banco de prueba para conectar su cuenta.`,
    logIn: (bank: string) => `Inicie sesión en ${bank}`,
    credentialsHint:
      "Credenciales de prueba: user_good / pass_good, o user_custom con una configuración JSON como contraseña (por ejemplo {&quot;override_accounts&quot;:[{&quot;type&quot;:&quot;depository&quot;,&quot;subtype&quot;:&quot;checking&quot;,&quot;starting_balance&quot;:5000}]}). Una contraseña error_&lt;CODE&gt; (por ejemplo error_ITEM_LOCKED) falla con ese código.",
    username: "Usuario",
    password: "Contraseña",
    submit: "Enviar",
    selectAccounts: "Elija las cuentas",
    selectAccountsAt: (bank: string) => `Elija las cuentas en ${bank}`,
    accountsToShare: "Cuentas que compartirá",
    continue: "Continuar",
    selectOne: "Elija al menos una cuenta.",
    cannotContinue: "No se puede continuar con la vinculación",
  },
} satisfies Record<LinkLanguage, Record<string, string | ((value: string) => string)>>;

export type LinkWords = (typeof LINK_WORDS)["en-US"];

function isLinkLanguage(value: unknown): value is LinkLanguage {
  return value === "en-US" || value === "es-US";
}

/** The language asked for (`lang`, from the URL or a form), else the app's language cookie, else English. */
export function linkLanguage(asked: string | null | undefined, cookieHeader: string | undefined): LinkLanguage {
  if (isLinkLanguage(asked)) return asked;
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    if (name === "rosca_lang" && isLinkLanguage(value)) return value;
  }
  return "en-US";
}
