/** Signing in to a running server the way a browser without JavaScript does, for the scripts that load it (bench, lighthouse). */

/** Posts the real login form at `origin` and returns the session cookie as `rosca_session=…`; throws when refused. */
export async function signIn(origin: string, account: { email: string; password: string }): Promise<string> {
  const response = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: origin },
    body: new URLSearchParams({ email: account.email, password: account.password, intent: "login" }),
  });
  const session = response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0]!)
    .find((pair) => pair.startsWith("rosca_session=") && pair.length > "rosca_session=".length);
  if (response.status !== 302 || !session) {
    throw new Error(`Login as ${account.email} failed: HTTP ${response.status}, no rosca_session cookie`);
  }
  return session;
}
