/**
 * HTML for the sandbox Link UI: plain forms that work without JavaScript. Pure functions of their data; every value
 * is escaped.
 */
import type { LinkAccount, LinkInstitution } from "./link";

export function escapeHtml(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;").replaceAll("'", "&#39;");
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Sandbox bank</title>
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}
h1{font-size:1.4rem}button{font:inherit;padding:.5rem 1rem;margin:.25rem 0;cursor:pointer}
.institutions button{display:block;width:100%;text-align:left}
label{display:block;margin:.75rem 0 .25rem}input[type=text],input[type=password]{font:inherit;width:100%;padding:.4rem;box-sizing:border-box}
.error{color:#a40000;border:1px solid #a40000;padding:.5rem}.hint{color:#555;font-size:.9rem}
fieldset{border:1px solid #ccc;margin:1rem 0}
</style>
</head>
<body>
<main>
<p class="hint">Sandbox bank — not a real bank. Nothing here moves real money.</p>
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

function exitForm(field: "token" | "link_session_id", value: string) {
  return `<form method="post" action="/link/exit">${hidden(field, value)}<button type="submit">Exit</button></form>`;
}

export function institutionsPage(input: { linkToken: string; clientName: string; institutions: LinkInstitution[] }) {
  const buttons = input.institutions
    .map(
      (institution) =>
        `<button type="submit" name="institution_id" value="${escapeHtml(institution.institution_id)}">${escapeHtml(institution.name)}</button>`,
    )
    .join("\n");
  return page(
    "Select your bank",
    `<h1>Select your bank</h1>
<p>${escapeHtml(input.clientName)} uses the sandbox bank to connect your account.</p>
<form method="post" action="/link/credentials" class="institutions">
${hidden("token", input.linkToken)}
${buttons}
</form>
${exitForm("token", input.linkToken)}`,
  );
}

export function credentialsPage(input: { linkSessionId: string; institution: LinkInstitution; error: string | null }) {
  return page(
    `Log in to ${input.institution.name}`,
    `<h1>Log in to ${escapeHtml(input.institution.name)}</h1>
${errorBlock(input.error)}
<p class="hint">Sandbox credentials: user_good / pass_good, or user_custom with a JSON configuration as the password (for example {&quot;override_accounts&quot;:[{&quot;type&quot;:&quot;depository&quot;,&quot;subtype&quot;:&quot;checking&quot;,&quot;starting_balance&quot;:5000}]}). A password error_&lt;CODE&gt; (for example error_ITEM_LOCKED) fails with that code.</p>
<form method="post" action="/link/login">
${hidden("link_session_id", input.linkSessionId)}
${hidden("institution_id", input.institution.institution_id)}
<label for="username">Username</label>
<input type="text" id="username" name="username" autocomplete="off" required>
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="off" required>
<p><button type="submit">Submit</button></p>
</form>
${exitForm("link_session_id", input.linkSessionId)}`,
  );
}

export function accountsPage(input: { linkSessionId: string; institution: LinkInstitution; accounts: LinkAccount[]; error: string | null }) {
  const boxes = input.accounts
    .map(
      (account) =>
        `<label><input type="checkbox" name="account_id" value="${escapeHtml(account.id)}" checked> ${escapeHtml(account.name)} ••${escapeHtml(account.mask)} (${escapeHtml(account.subtype)})</label>`,
    )
    .join("\n");
  return page(
    "Select accounts",
    `<h1>Select accounts at ${escapeHtml(input.institution.name)}</h1>
${errorBlock(input.error)}
<form method="post" action="/link/select">
${hidden("link_session_id", input.linkSessionId)}
<fieldset><legend>Accounts to share</legend>
${boxes}
</fieldset>
<p><button type="submit">Continue</button></p>
</form>
${exitForm("link_session_id", input.linkSessionId)}`,
  );
}

export function errorPage(message: string) {
  return page("Link cannot continue", `<h1>Link cannot continue</h1>${errorBlock(message)}`);
}
