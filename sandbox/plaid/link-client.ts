/**
 * A person going through the sandbox Link for a Link token, as its JSON Link API (/link/session/*, README.md) takes
 * them: choose an institution, log in, share every account offered. For set-up code (the demo seed, the tests) that
 * needs a bank linked the way a member links one: the app's exchange, given the Link token by the user it was issued
 * to, reads the session's public token from /link/token/get (link-ownership.server.ts, ADR 049). `publicToken` is what
 * Link's onSuccess gets: "" for a Multi-Item Link token (every one the app makes), the token itself otherwise.
 */
export type LinkedThroughSession =
  | { ok: true; publicToken: string; linkToken: string; linkSessionId: string; institution: { institution_id: string; name: string } }
  | { ok: false; code: string; message: string };

async function step(bankUrl: string, path: string, body: Record<string, unknown>) {
  const response = await fetch(`${bankUrl.replace(/\/$/, "")}/link/session/${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const payload = (await response.json()) as Record<string, unknown>;
  return { ok: response.ok, payload };
}

export async function linkThroughSession(
  bankUrl: string,
  linkToken: string,
  options: { institutionId?: string; username?: string; password?: string } = {},
): Promise<LinkedThroughSession> {
  const failed = (payload: Record<string, unknown>): LinkedThroughSession => ({
    ok: false,
    code: String(payload.error_code ?? "LINK_ERROR"),
    message: String(payload.error_message ?? "the sandbox Link refused the step"),
  });
  const started = await step(bankUrl, "institutions", { link_token: linkToken });
  if (!started.ok) return failed(started.payload);
  const linkSessionId = String(started.payload.link_session_id);
  const login = await step(bankUrl, "login", {
    link_session_id: linkSessionId,
    institution_id: options.institutionId ?? "ins_109508",
    username: options.username ?? "user_good",
    password: options.password ?? "pass_good",
  });
  if (!login.ok) return failed(login.payload);
  const accounts = login.payload.accounts as Array<{ id: string }>;
  const selected = await step(bankUrl, "select", { link_session_id: linkSessionId, account_ids: accounts.map((account) => account.id) });
  if (!selected.ok) return failed(selected.payload);
  const metadata = selected.payload.metadata as { institution: { institution_id: string; name: string } };
  return { ok: true, publicToken: String(selected.payload.public_token), linkToken, linkSessionId, institution: metadata.institution };
}
