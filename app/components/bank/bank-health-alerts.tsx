import { Form, Link } from "react-router";
import { useT } from "~/components/i18n";
import { Alert } from "~/components/ui/alert";
import { buttonClass } from "~/components/ui/button";
import {
  type AccountLabel,
  debitAuthorizationWording,
  loginBlocksTransfers,
  reconnectNotice,
  revokedAuthorizationNotice,
  unusableAccountNotice,
} from "~/domain/bank-health";
import type { BankAccountView, BankAttention } from "~/server/bank/bank.server";
import { LinkBankModal } from "./link-bank-modal";
import { PlaidLinkButton } from "./plaid-link-button";

export type LinkMode = "sandbox" | "plaid" | "none";

type Item = { itemId: string; institutionName: string | null; loginRequired: BankAccountView["health"]["loginRequired"] };

/** The member's linked items (bank logins), each once, in the order their accounts are listed. */
export function groupByItem(accounts: BankAccountView[]): Item[] {
  const items = new Map<string, Item>();
  for (const account of accounts) {
    if (!items.has(account.itemId))
      items.set(account.itemId, { itemId: account.itemId, institutionName: account.institutionName, loginRequired: account.health.loginRequired });
  }
  return [...items.values()];
}

const label = (account: BankAccountView): AccountLabel => ({
  institutionName: account.institutionName,
  accountName: account.accountName,
  mask: account.maskNumber,
});

/**
 * What the member must do about their bank connections (ADR 037): log in again where a login expired (Link's update
 * mode: the sandbox modal or Plaid Link with JavaScript, the bank's Link pages without), authorise debits again where
 * they were withdrawn (a plain form: the words, a box to tick, a button), link another account where one can no longer
 * be used. Nothing when all is well.
 */
export function BankHealthAlerts({
  accounts,
  memberName,
  linkMode,
  hydrated,
  busy,
  action,
}: {
  accounts: BankAccountView[];
  memberName: string;
  linkMode: LinkMode;
  hydrated: boolean;
  busy: boolean;
  action: string;
}) {
  const t = useT();
  const relogin = groupByItem(accounts).filter((item) => item.loginRequired !== null);
  const revoked = accounts.filter((account) => account.health.debitsRevokedCode && !account.health.unusableCode);
  const unusable = accounts.filter((account) => account.health.unusableCode);
  if (relogin.length + revoked.length + unusable.length === 0) return null;
  return (
    <div className="mt-6 space-y-4">
      {relogin.map((item) => {
        const notice = reconnectNotice(item.institutionName, item.loginRequired!, t);
        const bank = item.institutionName ?? t("profile.bank.yourBankLower");
        return (
          <Alert key={item.itemId} tone={loginBlocksTransfers(item.loginRequired) ? "error" : "warning"} title={notice.title}>
            <p>{notice.body}</p>
            <div className="mt-3">
              <ReconnectButton
                itemId={item.itemId}
                label={t("profile.bank.reconnect", { name: bank })}
                linkMode={linkMode}
                hydrated={hydrated}
                busy={busy}
                action={action}
              />
            </div>
          </Alert>
        );
      })}
      {unusable.map((account) => {
        const notice = unusableAccountNotice(label(account), account.health.unusableCode!, t);
        return (
          <Alert key={`unusable-${account.accountId}`} tone="error" title={notice.title}>
            <p>{notice.body}</p>
          </Alert>
        );
      })}
      {revoked.map((account) => {
        const notice = revokedAuthorizationNotice(label(account), account.health.debitsRevokedCode!, t);
        const checkbox = `consent-${account.accountId}`;
        return (
          <Alert key={`revoked-${account.accountId}`} tone="warning" title={notice.title}>
            <p>{notice.body}</p>
            <Form method="post" action={action} className="mt-3 space-y-3">
              <input type="hidden" name="bankAccountId" value={account.accountId} />
              <p className="rounded-md border border-amber-200 bg-white px-3 py-2 text-slate-800">
                {debitAuthorizationWording({ ...label(account), memberName }, t)}
              </p>
              <label htmlFor={checkbox} className="flex items-start gap-2">
                <input id={checkbox} type="checkbox" name="consent" value="yes" required className="mt-0.5 h-4 w-4" />
                <span>{t("profile.bank.consent")}</span>
              </label>
              <button type="submit" name="intent" value="authorize-debits" className={buttonClass("primary")} disabled={busy}>
                {t("profile.bank.authorise")}
              </button>
            </Form>
          </Alert>
        );
      })}
    </div>
  );
}

function ReconnectButton({
  itemId,
  label,
  linkMode,
  hydrated,
  busy,
  action,
}: {
  itemId: string;
  label: string;
  linkMode: LinkMode;
  hydrated: boolean;
  busy: boolean;
  action: string;
}) {
  if (hydrated && linkMode === "sandbox") return <LinkBankModal label={label} action={action} reconnectItemId={itemId} />;
  if (hydrated && linkMode === "plaid") return <PlaidLinkButton label={label} action={action} reconnectItemId={itemId} />;
  return (
    <Form method="post" action={action}>
      <input type="hidden" name="itemId" value={itemId} />
      <button type="submit" name="intent" value="start-reconnect" className={buttonClass("primary")} disabled={busy}>
        {label}
      </button>
    </Form>
  );
}

/**
 * The dashboard's banners for what needs the member's hand on their bank connections, each leading to the bank
 * accounts page, where it is done.
 */
export function BankAttentionBanners({ attention }: { attention: BankAttention[] }) {
  const t = useT();
  if (attention.length === 0) return null;
  return (
    <>
      {attention.map((item, index) => {
        const notice =
          item.kind === "login"
            ? reconnectNotice(item.institutionName, item.reason, t)
            : (item.kind === "unusable" ? unusableAccountNotice : revokedAuthorizationNotice)(
                { institutionName: item.institutionName, accountName: item.accountName, mask: item.mask },
                item.code,
                t,
              );
        const tone = item.kind === "login" && !loginBlocksTransfers(item.reason) ? "warning" : "error";
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list for one render; entries have no id of their own
          <Alert key={index} tone={tone} title={notice.title}>
            <p>{notice.body}</p>
            <Link to={notice.link} className="mt-2 inline-block font-semibold underline">
              {notice.actionLabel}
            </Link>
          </Alert>
        );
      })}
    </>
  );
}
