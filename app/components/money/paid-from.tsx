import { Form, Link } from "react-router";
import { buttonClass } from "~/components/ui/button";
import { describeAccount } from "~/domain/failed-contribution";
import type { DebitChoiceView } from "~/server/money/debit-choice.server";

const BLOCKS: Record<Exclude<DebitChoiceView["current"], { id: string }>["block"], string> = {
  no_account: "No account yet: link a bank account and choose it here.",
  login_required: "Your bank needs you to sign in again under Profile → Bank Accounts before anything is taken.",
  debits_not_authorised: "You withdrew your authorisation of our debits: authorise them again under Profile → Bank Accounts.",
  account_unusable: "Your bank says your account can't be used any more: link another one and choose it here.",
};

/**
 * Which account pays (issue 44): the account this group's contributions are taken from, and a plain form (works
 * without JavaScript) to choose another of the member's linked accounts. A change applies to the next attempt.
 */
export function PaidFrom({ choice, action }: { choice: DebitChoiceView; action: string }) {
  const usable = choice.accounts.filter((a) => a.usable);
  return (
    <section aria-labelledby="paid-from-title" data-testid="paid-from">
      <h2 id="paid-from-title" className="text-lg font-semibold text-slate-900">
        Paid from
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="paid-from-account">
        {"account" in choice.current ? (
          <>
            Your contributions to this group are taken from <strong>{describeAccount(choice.current.account)}</strong>.
          </>
        ) : (
          BLOCKS[choice.current.block]
        )}
      </p>
      {usable.length > 1 || (usable.length === 1 && choice.current.id !== usable[0]!.id) ? (
        <Form method="post" action={action} className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="debit-account" />
          <label htmlFor="debit-account" className="block text-sm font-medium text-slate-800">
            Take this group's contributions from
          </label>
          <select
            id="debit-account"
            name="bankAccountId"
            defaultValue={choice.current.id ?? usable[0]!.id}
            className="block w-full max-w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          >
            {usable.map((account) => (
              <option key={account.id} value={account.id}>
                {describeAccount(account)}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonClass("secondary")}>
            Use this account
          </button>
          <p className="text-xs text-slate-600">The change applies to the next attempt, a retry already planned included.</p>
        </Form>
      ) : null}
      <p className="mt-2 text-sm">
        <Link to="/profile/bank-accounts" className="font-medium text-brand-700 underline">
          Link another account
        </Link>
      </p>
    </section>
  );
}
