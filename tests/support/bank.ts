/**
 * A bank linked the way a member links one, for tests: a Link token issued to the user, a session of the sandbox Link
 * (sandbox/plaid/link-client.ts) logged in and every account shared. The public token is from the user's own Link
 * session, which is the only kind the app's exchange takes (ADR 049). Import dynamically after useTestDatabase({ bank: true }).
 */
import { createLinkToken, type BankUser, type LinkReturn } from "../../app/server/bank/bank.server";
import { linkThroughSession } from "../../sandbox/plaid/link-client";

/**
 * What this user's browser holds after Plaid Link's success: the public token and the Link token Link ran with (the
 * exchange names both, ADR 049); throws when a step is refused (see linkThroughSessionFor).
 */
export async function ownPublicToken(user: BankUser, options: { username?: string; password?: string } = {}): Promise<LinkReturn> {
  const linked = await linkThroughSessionFor(user, options);
  if (!linked.ok) throw new Error(`the sandbox Link refused: ${linked.code}`);
  return { publicToken: linked.publicToken, linkToken: linked.linkToken };
}

/**
 * The same, returning the sandbox Link's refusal (a locked account, a wrong password) instead of throwing. A one-off
 * Link token without our webhook URL (nothing listens at APP_URL in these tests; the bank's webhooks are tested where
 * something does, plaid-webhook.test.ts).
 */
export async function linkThroughSessionFor(user: BankUser, options: { username?: string; password?: string } = {}) {
  const token = await createLinkToken(user, { webhook: false });
  if (!token.ok) throw new Error(`link token: ${token.code}`);
  const bankUrl = process.env.PLAID_SANDBOX_URL ?? process.env.PLAID_API_URL;
  if (!bankUrl) throw new Error("no sandbox bank (useTestDatabase({ bank: true }))");
  return linkThroughSession(bankUrl, token.linkToken, options);
}
