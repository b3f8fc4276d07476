import { data } from "react-router";
import { getOptionalUser } from "~/server/auth/guards.server";
import { bankAccountsFor, type BankAccountView } from "~/server/bank/bank.server";
import type { Route } from "./+types/api.bank.accounts";
import { logger } from "~/server/platform/log.server";

/** The signed-in user's own bank data: never cached by the browser or a proxy. */
const PRIVATE = { "Cache-Control": "private, no-store" };

export type BankAccountsResponse = { accounts: BankAccountView[] } | { error: string };

/**
 * GET /api/bank/accounts — the signed-in, sandbox-authorised user's linked accounts as JSON (SPEC.md section 8:
 * 'User not authenticated', 'An unexpected error occurred'). Never redirects: a caller without a valid session gets
 * 401. Balances are included: they are the user's own; the page hides them until asked, the API leaves that to its
 * caller. A failure is logged here and answered without its detail.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const session = await getOptionalUser(request);
    if (!session) return data<BankAccountsResponse>({ error: "User not authenticated" }, { status: 401, headers: PRIVATE });
    if (!session.user.isPlaidSandboxAuthorized) {
      return data<BankAccountsResponse>(
        { error: "Bank accounts are available to sandbox-authorised members only." },
        { status: 403, headers: PRIVATE },
      );
    }
    const accounts = await bankAccountsFor(session.user.id);
    return data<BankAccountsResponse>({ accounts }, { headers: PRIVATE });
  } catch (error) {
    logger.error({ err: error }, "GET /api/bank/accounts failed");
    return data<BankAccountsResponse>({ error: "An unexpected error occurred" }, { status: 500, headers: PRIVATE });
  }
}
