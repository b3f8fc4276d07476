import { Form, Link } from "react-router";
import { T, useT } from "~/components/i18n";
import { buttonClass } from "~/components/ui/button";
import { describeAccount } from "~/domain/failed-contribution";
import type { DebitChoiceView } from "~/server/money/debit-choice.server";

/** Why nothing can be taken yet, by the block's name (the catalogue's `groupPage.paidFrom.block.*`). */
const BLOCKS = {
  no_account: "groupPage.paidFrom.block.noAccount",
  login_required: "groupPage.paidFrom.block.loginRequired",
  debits_not_authorised: "groupPage.paidFrom.block.notAuthorised",
  account_unusable: "groupPage.paidFrom.block.unusable",
} as const satisfies Record<Exclude<DebitChoiceView["current"], { id: string }>["block"], string>;

/**
 * Which account pays (issue 44): the account this group's contributions are taken from, and a plain form (works
 * without JavaScript) to choose another of the member's linked accounts. A change applies to the next attempt.
 */
export function PaidFrom({ choice, action }: { choice: DebitChoiceView; action: string }) {
  const usable = choice.accounts.filter((a) => a.usable);
  const t = useT();
  return (
    <section aria-labelledby="paid-from-title" data-testid="paid-from">
      <h2 id="paid-from-title" className="text-lg font-semibold text-slate-900">
        {t("groupPage.paidFrom.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="paid-from-account">
        {"account" in choice.current ? (
          <T id="groupPage.paidFrom.takenFrom" values={{ account: describeAccount(choice.current.account) }} components={{ 0: <strong /> }} />
        ) : (
          t(BLOCKS[choice.current.block])
        )}
      </p>
      {usable.length > 1 || (usable.length === 1 && choice.current.id !== usable[0]!.id) ? (
        <Form method="post" action={action} className="mt-3 space-y-2">
          <input type="hidden" name="intent" value="debit-account" />
          <label htmlFor="debit-account" className="block text-sm font-medium text-slate-800">
            {t("groupPage.paidFrom.takeFrom")}
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
            {t("groupPage.paidFrom.use")}
          </button>
          <p className="text-xs text-slate-600">{t("groupPage.paidFrom.appliesNext")}</p>
        </Form>
      ) : null}
      <p className="mt-2 text-sm">
        <Link to="/profile/bank-accounts" className="font-medium text-brand-700 underline">
          {t("groupPage.paidFrom.linkAnother")}
        </Link>
      </p>
    </section>
  );
}
