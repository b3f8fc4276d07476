-- The ledger's invariants, enforced by PostgreSQL (ADR 008, "Invariants the database enforces"). Hand-written: drizzle
-- does not model triggers. Every statement is idempotent enough to re-run on a database that has the columns of 0009.

-- Commit order for what was posted before 0009 (seq was filled in physical order): creation order is the best we have.
WITH ordered AS (SELECT id, row_number() OVER (ORDER BY created_at, id) AS n FROM ledger_transfers)
UPDATE ledger_transfers t SET seq = ordered.n FROM ordered WHERE ordered.id = t.id;
--> statement-breakpoint
SELECT setval(pg_get_serial_sequence('ledger_transfers', 'seq'), coalesce((SELECT max(seq) FROM ledger_transfers), 0) + 1, false);
--> statement-breakpoint

-- Balances of what was posted before: credits minus debits, and the latest day posted.
UPDATE ledger_accounts a SET
  balance_cents = coalesce((SELECT sum(amount_cents) FROM ledger_transfers t WHERE t.credit_account_id = a.id), 0)
    - coalesce((SELECT sum(amount_cents) FROM ledger_transfers t WHERE t.debit_account_id = a.id), 0),
  last_effective_on = (SELECT max(effective_on) FROM ledger_transfers t WHERE t.credit_account_id = a.id OR t.debit_account_id = a.id);
--> statement-breakpoint

-- Posting: both accounts are locked (in id order, so two postings never wait on each other crosswise), a posting on a
-- group's pool or shortfall is dated no earlier than the latest posting there (date order = commit order, so a
-- statement's running balance is the balance the money really had), seq records commit order, and both balances move
-- in the same transaction. The accounts' checks (pool >= 0, shortfall <= 0, in transit >= 0, fees >= 0) then refuse
-- any posting that would break them: the transaction fails, whatever code asked for it.
CREATE OR REPLACE FUNCTION ledger_transfers_post() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  floor_day date;
BEGIN
  PERFORM 1 FROM ledger_accounts WHERE id IN (NEW.debit_account_id, NEW.credit_account_id) ORDER BY id FOR UPDATE;
  SELECT max(last_effective_on) INTO floor_day FROM ledger_accounts
    WHERE id IN (NEW.debit_account_id, NEW.credit_account_id) AND kind IN ('group_pool', 'group_shortfall');
  IF floor_day IS NOT NULL AND NEW.effective_on < floor_day THEN
    NEW.effective_on := floor_day;
  END IF;
  NEW.seq := nextval('ledger_transfers_seq_seq');
  UPDATE ledger_accounts SET balance_cents = balance_cents + NEW.amount_cents, last_effective_on = greatest(last_effective_on, NEW.effective_on)
    WHERE id = NEW.credit_account_id;
  UPDATE ledger_accounts SET balance_cents = balance_cents - NEW.amount_cents, last_effective_on = greatest(last_effective_on, NEW.effective_on)
    WHERE id = NEW.debit_account_id;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_transfers_post ON ledger_transfers;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_post BEFORE INSERT ON ledger_transfers FOR EACH ROW EXECUTE FUNCTION ledger_transfers_post();
--> statement-breakpoint

-- Postings are immutable: corrections are new postings.
CREATE OR REPLACE FUNCTION ledger_transfers_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger postings are immutable (% refused); post a reversal instead', TG_OP USING ERRCODE = 'integrity_constraint_violation';
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_transfers_immutable ON ledger_transfers;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_immutable BEFORE UPDATE OR DELETE ON ledger_transfers FOR EACH ROW EXECUTE FUNCTION ledger_transfers_immutable();
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_transfers_no_truncate ON ledger_transfers;
--> statement-breakpoint
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers FOR EACH STATEMENT EXECUTE FUNCTION ledger_transfers_immutable();
--> statement-breakpoint

-- An account's balance moves only through postings (the posting trigger runs at depth 1, its update here at depth 2),
-- and an account never changes owner or kind.
CREATE OR REPLACE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.kind IS DISTINCT FROM OLD.kind OR NEW.user_id IS DISTINCT FROM OLD.user_id OR NEW.group_id IS DISTINCT FROM OLD.group_id THEN
    RAISE EXCEPTION 'ledger account % cannot change kind or owner', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (NEW.balance_cents IS DISTINCT FROM OLD.balance_cents OR NEW.last_effective_on IS DISTINCT FROM OLD.last_effective_on) AND pg_trigger_depth() < 2 THEN
    RAISE EXCEPTION 'ledger account % balance changes only through postings', OLD.id USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_accounts_guard ON ledger_accounts;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ledger_accounts_insert_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.balance_cents <> 0 OR NEW.last_effective_on IS NOT NULL THEN
    RAISE EXCEPTION 'a new ledger account starts at zero' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS ledger_accounts_insert_guard ON ledger_accounts;
--> statement-breakpoint
CREATE TRIGGER ledger_accounts_insert_guard BEFORE INSERT ON ledger_accounts FOR EACH ROW EXECUTE FUNCTION ledger_accounts_insert_guard();
--> statement-breakpoint

-- A bank transfer's status only moves forward (the same rules as canAdvance in app/domain/money.ts), and what it is
-- (kind, group, period, member, attempt, amount, key) never changes.
CREATE OR REPLACE FUNCTION transfer_status_can_advance(from_status text, to_status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN from_status = to_status THEN false
    WHEN from_status IN ('declined', 'failed', 'returned') THEN false
    WHEN to_status = 'declined' THEN from_status = 'created'
    WHEN to_status = 'failed' THEN from_status IN ('created', 'pending')
    WHEN to_status = 'returned' THEN from_status IN ('posted', 'settled', 'funds_available')
    ELSE array_position(ARRAY['created', 'pending', 'posted', 'settled', 'funds_available'], to_status)
       > array_position(ARRAY['created', 'pending', 'posted', 'settled', 'funds_available'], from_status)
  END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bank_transfers_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (NEW.kind, NEW.group_id, NEW.period_number, NEW.user_id, NEW.attempt, NEW.amount_cents, NEW.idempotency_key)
     IS DISTINCT FROM (OLD.kind, OLD.group_id, OLD.period_number, OLD.user_id, OLD.attempt, OLD.amount_cents, OLD.idempotency_key) THEN
    RAISE EXCEPTION 'bank transfer % cannot change what it is', OLD.idempotency_key USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT coalesce(transfer_status_can_advance(OLD.status, NEW.status), false) THEN
    RAISE EXCEPTION 'bank transfer % cannot move from % to %', OLD.idempotency_key, OLD.status, NEW.status USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bank_transfers_guard ON bank_transfers;
--> statement-breakpoint
CREATE TRIGGER bank_transfers_guard BEFORE UPDATE ON bank_transfers FOR EACH ROW EXECUTE FUNCTION bank_transfers_guard();
--> statement-breakpoint

-- No payout before its contributions are collected: a payout row is refused unless every member's latest
-- contribution for its period has settled and been posted in full.
CREATE OR REPLACE FUNCTION bank_transfers_payout_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  members integer;
  collected integer;
BEGIN
  IF NEW.kind <> 'payout' THEN
    RETURN NEW;
  END IF;
  SELECT count(*) INTO members FROM group_members WHERE group_id = NEW.group_id;
  SELECT count(*) INTO collected FROM (
    SELECT DISTINCT ON (t.user_id) t.id, t.status, t.amount_cents
    FROM bank_transfers t
    WHERE t.group_id = NEW.group_id AND t.kind = 'contribution' AND t.period_number = NEW.period_number
    ORDER BY t.user_id, t.attempt DESC
  ) latest
  WHERE latest.status IN ('settled', 'funds_available')
    AND (SELECT coalesce(sum(p.amount_cents), 0) FROM ledger_transfers p
         WHERE p.bank_transfer_id = latest.id AND p.reason IN ('contribution', 'shortfall_repaid')) = latest.amount_cents;
  IF collected < members THEN
    RAISE EXCEPTION 'payout % refused: % of % contributions for period % collected', NEW.idempotency_key, collected, members, NEW.period_number
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS bank_transfers_payout_guard ON bank_transfers;
--> statement-breakpoint
CREATE TRIGGER bank_transfers_payout_guard BEFORE INSERT ON bank_transfers FOR EACH ROW EXECUTE FUNCTION bank_transfers_payout_guard();
