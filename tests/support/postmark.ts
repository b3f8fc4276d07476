/**
 * The official Postmark SDK pointed at a mail double, for tests that talk to it as the app (or an operator) would: the
 * client, what it rejected with (for exact assertions), and the Suppressions API (an address that answers 406 after).
 */
import { Errors, ServerClient } from "postmark";
import { SANDBOX_SERVER_TOKEN } from "../../sandbox/postmark/server";

export function postmarkClient(url: string, options: { token?: string; fetch?: typeof fetch } = {}) {
  const client = new ServerClient(options.token ?? SANDBOX_SERVER_TOKEN);
  client.setClientOptions({ requestHost: new URL(url).host, useHttps: false, timeout: 10, ...(options.fetch ? { fetch: options.fetch } : {}) });
  return client;
}

/** What the SDK rejected with, for exact assertions. */
export async function rejection(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Errors.PostmarkError) {
      return { type: error.constructor.name, statusCode: error.statusCode, code: error.code, message: error.message };
    }
    throw error;
  }
  throw new Error("expected the request to be rejected");
}

/** Put addresses on the double's outbound suppression list (a ManualSuppression): sends to them answer 406. */
export async function suppress(mailUrl: string, ...emails: string[]) {
  await postmarkClient(mailUrl).createSuppressions("outbound", { Suppressions: emails.map((email) => ({ EmailAddress: email })) });
}
