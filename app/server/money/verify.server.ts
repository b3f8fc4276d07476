/**
 * The ledger's invariants and its agreement with the bank (ADR 008), for `npm run ledger:verify` and the tests.
 * Read-only. Each check reports counts and, on failure, the first few offenders.
 *
 * Read order matters while the app runs: our event cursor first, then our rows, then the bank's events, so our rows
 * are never older than the cursor and the bank is never older than our rows.
 */
import { sql } from "drizzle-orm";
import { canAdvance, SETTLED_STATUSES, type LedgerReason, type TransferStatus } from "~/domain/money";
import { plaidCall, plaidClient } from "../bank/plaid.server";
import { db } from "../db/client.server";
import { bankEventCursor, bankTransfers, ledgerAccounts, ledgerTransfers } from "../db/schema";

export type LedgerCheck = { name: string; ok: boolean; detail: string };
export type LedgerVerification = { ok: boolean; checks: LedgerCheck[] };

const EXAMPLES = 5;

function examples(items: string[]) {
  if (items.length === 0) return "";
  const shown = items.slice(0, EXAMPLES).join("; ");
  return items.length > EXAMPLES ? `: ${shown}; … and ${items.length - EXAMPLES} more` : `: ${shown}`;
}

type PostingRow = {
  id: string;
  debit_account_id: string;
  credit_account_id: string;
  amount_cents: string;
  reason: LedgerReason;
  bank_transfer_id: string | null;
  group_id: string | null;
  idempotency_key: string;
  debit_kind: string;
  debit_user_id: string | null;
  debit_group_id: string | null;
  credit_kind: string;
  credit_user_id: string | null;
  credit_group_id: string | null;
};
type TransferRow = {
  id: string;
  idempotency_key: string;
  kind: "contribution" | "payout" | "fee";
  group_id: string;
  user_id: string;
  amount_cents: string;
  status: TransferStatus;
  provider_transfer_id: string | null;
};

export async function verifyLedger(): Promise<LedgerVerification> {
  const checks: LedgerCheck[] = [];
  const [cursorRow] = await db().select({ afterId: bankEventCursor.afterId }).from(bankEventCursor);
  const cursor = cursorRow?.afterId ?? 0;

  const { rows: postings } = await db().execute<PostingRow>(sql`
    select t.id, t.debit_account_id, t.credit_account_id, t.amount_cents, t.reason, t.bank_transfer_id, t.group_id, t.idempotency_key,
      d.kind as debit_kind, d.user_id as debit_user_id, d.group_id as debit_group_id,
      c.kind as credit_kind, c.user_id as credit_user_id, c.group_id as credit_group_id
    from ${ledgerTransfers} t
    join ${ledgerAccounts} d on d.id = t.debit_account_id
    join ${ledgerAccounts} c on c.id = t.credit_account_id`);
  const { rows: transfers } = await db().execute<TransferRow>(
    sql`select id, idempotency_key, kind, group_id, user_id, amount_cents, status, provider_transfer_id from ${bankTransfers}`,
  );

  // (a) Well-formed postings.
  {
    const nonPositive = postings.filter((p) => Number(p.amount_cents) <= 0);
    const sameAccount = postings.filter((p) => p.debit_account_id === p.credit_account_id);
    checks.push({
      name: "postings are positive and between two accounts",
      ok: nonPositive.length === 0 && sameAccount.length === 0,
      detail: `${postings.length} postings; ${nonPositive.length} with amount <= 0, ${sameAccount.length} debiting and crediting one account${examples(
        [...nonPositive, ...sameAccount].map((p) => `${p.idempotency_key} (${p.amount_cents})`),
      )}`,
    });
  }

  // (b) The sum of all balances is zero (derived per account from the postings), and the balances the database
  // maintains (ledger_accounts.balance_cents, migration 0010) are exactly those sums.
  {
    const { rows } = await db().execute<{ id: string; kind: string; maintained: string; derived: string }>(sql`
      select a.id, a.kind, a.balance_cents as maintained,
        coalesce((select sum(amount_cents) from ${ledgerTransfers} t where t.credit_account_id = a.id), 0)
        - coalesce((select sum(amount_cents) from ${ledgerTransfers} t where t.debit_account_id = a.id), 0) as derived
      from ${ledgerAccounts} a`);
    const total = rows.reduce((sum, row) => sum + Number(row.derived), 0);
    const maintainedTotal = rows.reduce((sum, row) => sum + Number(row.maintained), 0);
    const drifted = rows.filter((row) => Number(row.maintained) !== Number(row.derived));
    checks.push({
      name: "the sum of all account balances is 0",
      ok: total === 0 && maintainedTotal === 0 && drifted.length === 0,
      detail: `${rows.length} accounts, sum ${total}; maintained balances sum ${maintainedTotal}, ${drifted.length} differ from their postings${examples(
        drifted.map((row) => `${row.kind} ${row.id}: maintained ${row.maintained}, postings ${row.derived}`),
      )}`,
    });
  }

  // (c) No pool's running balance ever goes negative, read in date order (effective_on, then commit order seq), as
  // statements read it; and on every pool date order is commit order (no posting dated before one committed earlier).
  {
    const { rows } = await db().execute<{
      group_id: string;
      idempotency_key: string | null;
      effective_on: string | null;
      running: string | null;
    }>(sql`
      with moves as (
        select a.group_id, t.idempotency_key, t.effective_on, t.seq,
          case when t.credit_account_id = a.id then t.amount_cents else -t.amount_cents end as change
        from ${ledgerAccounts} a
        join ${ledgerTransfers} t on t.credit_account_id = a.id or t.debit_account_id = a.id
        where a.kind = 'group_pool'),
      running as (
        select group_id, idempotency_key, effective_on, seq,
          sum(change) over (partition by group_id order by effective_on, seq rows between unbounded preceding and current row) as running
        from moves)
      select distinct on (group_id) group_id, idempotency_key, effective_on::text, running::text
      from running where running < 0
      order by group_id, effective_on, seq`);
    const { rows: backdated } = await db().execute<{ group_id: string; idempotency_key: string; effective_on: string; before: string }>(sql`
      select group_id, idempotency_key, effective_on::text, before::text from (
        select a.group_id, t.idempotency_key, t.effective_on,
          max(t.effective_on) over (partition by a.id order by t.seq rows between unbounded preceding and 1 preceding) as before
        from ${ledgerAccounts} a
        join ${ledgerTransfers} t on t.credit_account_id = a.id or t.debit_account_id = a.id
        where a.kind = 'group_pool') x
      where effective_on < before`);
    const [{ pools } = { pools: "0" }] = (
      await db().execute<{ pools: string }>(sql`select count(*)::text as pools from ${ledgerAccounts} where kind = 'group_pool'`)
    ).rows;
    checks.push({
      name: "no group pool ever goes negative",
      ok: rows.length === 0 && backdated.length === 0,
      detail: `${pools} pools; ${rows.length} went negative, ${backdated.length} postings dated before an earlier one${examples([
        ...rows.map((r) => `group ${r.group_id} at ${r.running} on ${r.effective_on} after ${r.idempotency_key}`),
        ...backdated.map((r) => `group ${r.group_id}: ${r.idempotency_key} on ${r.effective_on} after a posting on ${r.before}`),
      ])}`,
    });
  }

  const byTransfer = new Map<string, PostingRow[]>();
  for (const p of postings) if (p.bank_transfer_id) byTransfer.set(p.bank_transfer_id, [...(byTransfer.get(p.bank_transfer_id) ?? []), p]);
  const sums = (id: string) => {
    const result: Partial<Record<LedgerReason, number>> = {};
    for (const p of byTransfer.get(id) ?? []) result[p.reason] = (result[p.reason] ?? 0) + Number(p.amount_cents);
    return result;
  };

  // (d) What is in transit is exactly the payouts reserved (created, or accepted by the bank) and not yet settled or
  // failed.
  {
    const transit = postings.reduce(
      (sum, p) =>
        sum +
        (p.credit_kind === "payouts_in_transit" ? Number(p.amount_cents) : 0) -
        (p.debit_kind === "payouts_in_transit" ? Number(p.amount_cents) : 0),
      0,
    );
    const inFlight = transfers.filter((t) => t.kind === "payout" && ["created", "pending", "posted"].includes(t.status) && sums(t.id).payout_sent);
    const expected = inFlight.reduce((sum, t) => sum + Number(t.amount_cents), 0);
    checks.push({
      name: "payouts_in_transit equals the payouts sent and not settled",
      ok: transit === expected,
      detail: `payouts_in_transit ${transit}; ${inFlight.length} payouts reserved and not settled, ${expected}`,
    });
  }

  // (g) No payout before its contributions: when a payout's reservation was posted, every member of the group had a
  // settlement posting for that period's contribution (commit order, seq).
  checks.push(await payoutsAfterContributions());

  // (e) The ledger agrees with the bank.
  checks.push(await agreesWithBank(transfers, cursor, sums));

  // (f) Postings match the transfers' statuses, and their accounts match their reasons.
  checks.push(postingsMatchTransfers(postings, transfers, sums));

  return { ok: checks.every((c) => c.ok), checks };
}

/** Each transfer's path through the statuses, as our state machine reads the bank's events, with event ids. */
async function bankHistory(): Promise<
  { ok: true; history: Map<string, Array<{ status: TransferStatus; eventId: number }>>; events: number } | { ok: false; error: string }
> {
  const history = new Map<string, Array<{ status: TransferStatus; eventId: number }>>();
  let afterId = 0;
  let events = 0;
  for (;;) {
    const page = await plaidCall((api) => api.transferEventSync({ after_id: afterId, count: 500 }));
    if (!page.ok) return { ok: false, error: `${page.code}: ${page.message}` };
    for (const event of page.value.transfer_events) {
      events += 1;
      const path = history.get(event.transfer_id) ?? [{ status: "created" as TransferStatus, eventId: 0 }];
      const status = event.event_type as string as TransferStatus;
      if (canAdvance(path.at(-1)!.status, status)) path.push({ status, eventId: event.event_id });
      history.set(event.transfer_id, path);
      afterId = event.event_id;
    }
    if (!page.value.has_more || page.value.transfer_events.length === 0) break;
  }
  return { ok: true, history, events };
}

function settlementPosted(kind: TransferRow["kind"], amount: number, s: Partial<Record<LedgerReason, number>>) {
  if (kind === "contribution") return (s.contribution ?? 0) + (s.shortfall_repaid ?? 0) === amount;
  if (kind === "fee") return s.fee === amount;
  return s.payout_settled === amount;
}

async function agreesWithBank(
  transfers: TransferRow[],
  cursor: number,
  sums: (id: string) => Partial<Record<LedgerReason, number>>,
): Promise<LedgerCheck> {
  const name = "the ledger agrees with the bank";
  const atBank = transfers.filter((t) => t.provider_transfer_id);
  if (!plaidClient())
    return {
      name,
      ok: atBank.length === 0,
      detail: `no bank configured (PLAID_ENV or PLAID_SANDBOX_URL); ${atBank.length} transfers at the bank not checked`,
    };
  const bank = await bankHistory();
  if (!bank.ok) return { name, ok: false, detail: `could not read the bank's transfer events: ${bank.error}` };
  let same = 0;
  let lagging = 0;
  let settledAtBank = 0;
  let awaitingSync = 0;
  const problems: string[] = [];
  for (const t of atBank) {
    const path = bank.history.get(t.provider_transfer_id!);
    if (!path) {
      problems.push(`${t.idempotency_key}: the bank has no events for ${t.provider_transfer_id}`);
      continue;
    }
    const latest = path.at(-1)!.status;
    const ours = path.findIndex((step) => step.status === t.status);
    // What the bank's events up to our cursor say: we have read those, so we must be at least there.
    let atCursor = 0;
    for (let i = 0; i < path.length; i++) if (path[i]!.eventId <= cursor) atCursor = i;
    if (t.status === latest) same += 1;
    else if (ours < 0) problems.push(`${t.idempotency_key}: we show ${t.status}, the bank went ${path.map((step) => step.status).join(" → ")}`);
    else if (ours < atCursor) problems.push(`${t.idempotency_key}: we show ${t.status} but already read the bank's ${path[atCursor]!.status} event`);
    else lagging += 1;

    const settlement = path.find((step) => SETTLED_STATUSES.includes(step.status));
    if (settlement) {
      settledAtBank += 1;
      if (settlement.eventId > cursor && !SETTLED_STATUSES.includes(t.status) && t.status !== "returned") awaitingSync += 1;
      else if (!settlementPosted(t.kind, Number(t.amount_cents), sums(t.id))) {
        problems.push(
          `${t.idempotency_key}: settled at the bank (${t.kind}, ${t.amount_cents}) without its ${t.kind === "payout" ? "payout_settled" : t.kind === "fee" ? "fee" : "contribution"} posting`,
        );
      }
    }
  }
  return {
    name,
    ok: problems.length === 0,
    detail:
      `${bank.events} bank events, ${atBank.length} transfers at the bank: ${same} same status, ${lagging} behind by events not yet synced, ` +
      `${problems.length} disagreeing; ${settledAtBank} settled at the bank (${awaitingSync} awaiting sync)${examples(problems)}`,
  };
}

/** Which accounts each reason may move money between (debit kind → credit kind). */
const REASON_ACCOUNTS: Record<LedgerReason, Array<[string, string]>> = {
  contribution: [["member_bank", "group_pool"]],
  shortfall_repaid: [["member_bank", "group_shortfall"]],
  contribution_reversal: [["group_pool", "member_bank"]],
  shortfall_cover: [["group_shortfall", "member_bank"]],
  payout_sent: [["group_pool", "payouts_in_transit"]],
  payout_settled: [["payouts_in_transit", "member_bank"]],
  payout_reversal: [
    ["payouts_in_transit", "group_pool"],
    ["member_bank", "group_pool"],
  ],
  fee: [["member_bank", "platform_fees"]],
  fee_reversal: [["platform_fees", "member_bank"]],
};

const KIND_REASONS: Record<TransferRow["kind"], LedgerReason[]> = {
  contribution: ["contribution", "shortfall_repaid", "contribution_reversal", "shortfall_cover"],
  fee: ["fee", "fee_reversal"],
  payout: ["payout_sent", "payout_settled", "payout_reversal"],
};

/** What a transfer's postings must sum to per reason, given its status; null when the posting set is wrong. */
function postingsProblem(t: TransferRow, s: Partial<Record<LedgerReason, number>>): string | null {
  const amount = Number(t.amount_cents);
  const settled = SETTLED_STATUSES.includes(t.status);
  const stray = Object.keys(s).filter((reason) => !KIND_REASONS[t.kind].includes(reason as LedgerReason));
  if (stray.length > 0) return `${stray.join(", ")} posted for a ${t.kind}`;
  const want = (expected: Partial<Record<LedgerReason, number>>) =>
    KIND_REASONS[t.kind].every((reason) => (s[reason] ?? 0) === (expected[reason] ?? 0));
  const show = () => JSON.stringify(s);
  if (t.kind === "contribution") {
    const inCents = (s.contribution ?? 0) + (s.shortfall_repaid ?? 0);
    const outCents = (s.contribution_reversal ?? 0) + (s.shortfall_cover ?? 0);
    if (settled) return inCents === amount && outCents === 0 ? null : `${t.status} but postings ${show()}`;
    if (t.status === "returned")
      return (inCents === 0 && outCents === 0) || (inCents === amount && outCents === amount) ? null : `returned but postings ${show()}`;
    return inCents === 0 && outCents === 0 ? null : `never settled (${t.status}) but postings ${show()}`;
  }
  if (t.kind === "fee") {
    if (settled) return want({ fee: amount }) ? null : `${t.status} but postings ${show()}`;
    if (t.status === "returned") return want({}) || want({ fee: amount, fee_reversal: amount }) ? null : `returned but postings ${show()}`;
    return want({}) ? null : `never settled (${t.status}) but postings ${show()}`;
  }
  const reservedOnly = { payout_sent: amount };
  const reversed = { payout_sent: amount, payout_reversal: amount };
  switch (t.status) {
    case "created":
      // Reserved when it was made (a payout from before reservations has nothing until the bank accepts it).
      return want({}) || want(reservedOnly) ? null : `${t.status} but postings ${show()}`;
    case "declined":
      return want({}) || want(reversed) ? null : `${t.status} but postings ${show()}`;
    case "pending":
    case "posted":
      return want(reservedOnly) ? null : `${t.status} but postings ${show()}`;
    case "settled":
    case "funds_available":
      return want({ payout_sent: amount, payout_settled: amount }) ? null : `${t.status} but postings ${show()}`;
    case "failed":
    case "cancelled":
      return want({}) || want(reversed) ? null : `${t.status} but postings ${show()}`;
    case "returned":
      return want({}) || want(reversed) || want({ payout_sent: amount, payout_settled: amount, payout_reversal: amount })
        ? null
        : `returned but postings ${show()}`;
  }
}

/**
 * Check (g): every payout reservation came after a settlement posting of each member's contribution for its period.
 * A consented turn (ADR 053 step 4) is paid what arrived: its partial payout needs every member but those who owed,
 * and the rest of it needs the member whose debt it collected.
 */
async function payoutsAfterContributions(): Promise<LedgerCheck> {
  const { rows } = await db().execute<{ idempotency_key: string; members: number; collected: number }>(sql`
    select s.idempotency_key, count(m.user_id)::int as members,
      count(m.user_id) filter (where exists (select 1 from ${ledgerTransfers} p join ${bankTransfers} c on c.id = p.bank_transfer_id
        where c.group_id = s.group_id and c.kind = 'contribution' and c.period_number = s.period_number and c.user_id = m.user_id
          and p.reason in ('contribution', 'shortfall_repaid') and p.seq < s.seq))::int as collected
    from ${ledgerTransfers} s
    left join group_members m on m.group_id = s.group_id
      and (not exists (select 1 from turn_debts d where d.group_id = s.group_id and d.period_number = s.period_number and d.debtor_user_id = m.user_id)
        or exists (select 1 from turn_debts d where d.rest_transfer_id = s.bank_transfer_id and d.debtor_user_id = m.user_id))
    where s.reason = 'payout_sent'
    group by s.id, s.idempotency_key`);
  const early = rows.filter((row) => row.collected < row.members);
  return {
    name: "no payout before its period's contributions are posted",
    ok: early.length === 0,
    detail: `${rows.length} payouts reserved; ${early.length} before every contribution of their period was posted${examples(
      early.map((row) => `${row.idempotency_key}: ${row.collected} of ${row.members}`),
    )}`,
  };
}

function postingsMatchTransfers(
  postings: PostingRow[],
  transfers: TransferRow[],
  sums: (id: string) => Partial<Record<LedgerReason, number>>,
): LedgerCheck {
  const problems: string[] = [];
  const byId = new Map(transfers.map((t) => [t.id, t]));
  let settled = 0;
  for (const t of transfers) {
    if (SETTLED_STATUSES.includes(t.status)) settled += 1;
    const problem = postingsProblem(t, sums(t.id));
    if (problem) problems.push(`${t.idempotency_key}: ${problem}`);
  }
  for (const p of postings) {
    const t = p.bank_transfer_id ? byId.get(p.bank_transfer_id) : undefined;
    if (!t) {
      problems.push(`posting ${p.idempotency_key} (${p.reason}, ${p.amount_cents}) has no bank transfer`);
      continue;
    }
    const accountsOk = (REASON_ACCOUNTS[p.reason] ?? []).some(([debit, credit]) => p.debit_kind === debit && p.credit_kind === credit);
    const ownersOk = [
      [p.debit_kind, p.debit_user_id, p.debit_group_id],
      [p.credit_kind, p.credit_user_id, p.credit_group_id],
    ].every(([kind, userId, groupId]) =>
      kind === "member_bank" ? userId === t.user_id : kind === "group_pool" || kind === "group_shortfall" ? groupId === t.group_id : true,
    );
    if (!accountsOk || !ownersOk || p.group_id !== t.group_id) {
      problems.push(`posting ${p.idempotency_key} (${p.reason}) moves ${p.debit_kind} → ${p.credit_kind}, not the accounts of ${t.idempotency_key}`);
    }
  }
  return {
    name: "postings match the transfers' statuses",
    ok: problems.length === 0,
    detail: `${transfers.length} bank transfers (${settled} settled), ${postings.length} postings; ${problems.length} mismatches${examples(problems)}`,
  };
}
