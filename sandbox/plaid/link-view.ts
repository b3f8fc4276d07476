/**
 * HTML for the sandbox Link UI: plain forms that work without JavaScript. Pure functions of their data; every value
 * is escaped.
 */
import type { LinkAccount, LinkInstitution } from "./link";
import { LINK_WORDS, type LinkLanguage } from "./link-words";

export function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

function page(lang: LinkLanguage, title: string, body: string): string {
  const words = LINK_WORDS[lang];
  return `<!doctype html>
<html lang="${lang === "en-US" ? "en" : lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · ${words.pageSuffix}</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;cursor:pointer}
.institutions button{display:block;width:100%;text-align:left}
label{display:block;margin:.75rem 0 .25rem}input[type=text],input[type=password]{font:inherit;width:100%;padding:.4rem;box-sizing:border-box}
.error{color:#a40000;border:1px solid #a40000;padding:.5rem}.hint{color:#555;font-size:.9rem;overflow-wrap:anywhere}
fieldset{border:1px solid #ccc;margin:1rem 0}
</style>
</head>
<body>
<main>
<p class="hint">${words.notice}</p>
${body}
</main>
</body>
</html>`;
}

function hidden(name: string, value: string) {
  return `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`;
}

function errorBlock(message: string | null) {
  return message ? `<p class="error" role="alert">${escapeHtml(message)}</p>` : "";
}

/** The page's language, carried by every form (English: nothing, as before). */
function langField(lang: LinkLanguage) {
  return lang === "en-US" ? "" : hidden("lang", lang);
}

function exitForm(field: "token" | "link_session_id", value: string, lang: LinkLanguage) {
  return `<form method="post" action="/link/exit">${hidden(field, value)}${langField(lang)}<button type="submit">${LINK_WORDS[lang].exit}</button></form>`;
}

export function institutionsPage(input: { linkToken: string; clientName: string; institutions: LinkInstitution[]; lang?: LinkLanguage }) {
  const lang = input.lang ?? "en-US";
  const words = LINK_WORDS[lang];
  const buttons = input.institutions
    .map(
      (institution) =>
        `<button type="submit" name="institution_id" value="${escapeHtml(institution.institution_id)}">${escapeHtml(institution.name)}</button>`,
    )
    .join("\n");
  return page(
    lang,
    words.selectBank,
    `<h1>${words.selectBank}</h1>
<p>${words.usesSandbox(escapeHtml(input.clientName))}</p>
<form method="post" action="/link/credentials" class="institutions">
${hidden("token", input.linkToken)}${langField(lang)}
${buttons}
</form>
${exitForm("token", input.linkToken, lang)}`,
  );
}

export function credentialsPage(input: { linkSessionId: string; institution: LinkInstitution; error: string | null; lang?: LinkLanguage }) {
  const lang = input.lang ?? "en-US";
  const words = LINK_WORDS[lang];
  return page(
    lang,
    words.logIn(input.institution.name),
    `<h1>${words.logIn(escapeHtml(input.institution.name))}</h1>
${errorBlock(input.error)}
<p class="hint">${words.credentialsHint}</p>
<form method="post" action="/link/login">
${hidden("link_session_id", input.linkSessionId)}
${hidden("institution_id", input.institution.institution_id)}${langField(lang)}
<label for="username">${words.username}</label>
<input type="text" id="username" name="username" autocomplete="off" required>
<label for="password">${words.password}</label>
<input type="password" id="password" name="password" autocomplete="off" required>
<p><button type="submit">${words.submit}</button></p>
</form>
${exitForm("link_session_id", input.linkSessionId, lang)}`,
  );
}

export function accountsPage(input: {
  linkSessionId: string;
  institution: LinkInstitution;
  accounts: LinkAccount[];
  error: string | null;
  lang?: LinkLanguage;
}) {
  const lang = input.lang ?? "en-US";
  const words = LINK_WORDS[lang];
  const boxes = input.accounts
    .map(
      (account) =>
        `<label><input type="checkbox" name="account_id" value="${escapeHtml(account.id)}" checked> ${escapeHtml(account.name)} ••${escapeHtml(account.mask)} (${escapeHtml(account.subtype)})</label>`,
    )
    .join("\n");
  return page(
    lang,
    words.selectAccounts,
    `<h1>${words.selectAccountsAt(escapeHtml(input.institution.name))}</h1>
${errorBlock(input.error)}
<form method="post" action="/link/select">
${hidden("link_session_id", input.linkSessionId)}${langField(lang)}
<fieldset><legend>${words.accountsToShare}</legend>
${boxes}
</fieldset>
<p><button type="submit">${words.continue}</button></p>
</form>
${exitForm("link_session_id", input.linkSessionId, lang)}`,
  );
}

export function errorPage(message: string, lang: LinkLanguage = "en-US") {
  const words = LINK_WORDS[lang];
  return page(lang, words.cannotContinue, `<h1>${words.cannotContinue}</h1>${errorBlock(message)}`);
}
