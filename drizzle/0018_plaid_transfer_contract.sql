CREATE TABLE "bank_foreign_transfers" (
	"provider_transfer_id" text PRIMARY KEY NOT NULL,
	"kind" varchar(16) NOT NULL,
	"rosca" text,
	"seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."ledgers" (
	"client_id" text PRIMARY KEY NOT NULL,
	"available_cents" bigint NOT NULL,
	"pending_cents" bigint NOT NULL
);
--> statement-breakpoint
DROP INDEX "sandbox_plaid"."transfer_authorizations_idempotency_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "payday" varchar(16);--> statement-breakpoint
ALTER TABLE "bank_event_cursor" ADD COLUMN "read_to_end_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "retry_on" date;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "bank_key_round" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "bank_idempotency_key" varchar(50);--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "bank_key_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "last_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "waiting_for_member_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "bank_account_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "provider_account_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."accounts" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."accounts" ADD COLUMN "blocked_return_code" text;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."link_tokens" ADD COLUMN "update_item_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."transfer_authorizations" ADD COLUMN "key_generation" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."transfers" ADD COLUMN "retry_of" text;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_transfers_bank_idempotency_key" ON "bank_transfers" USING btree ("bank_idempotency_key");--> statement-breakpoint
CREATE INDEX "transfers_account_id_idx" ON "sandbox_plaid"."transfers" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "transfers_client_id_created_at_idx" ON "sandbox_plaid"."transfers" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_retry_of_description_key" ON "sandbox_plaid"."transfers" USING btree ("retry_of","description") WHERE "sandbox_plaid"."transfers"."retry_of" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_authorizations_idempotency_key" ON "sandbox_plaid"."transfer_authorizations" USING btree ("client_id","idempotency_key","key_generation") WHERE "sandbox_plaid"."transfer_authorizations"."idempotency_key" is not null;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_payday" CHECK ("users"."payday" is null or "users"."payday" ~ '^(weekly:[0-6]|semimonthly|monthly:([1-9]|[12][0-9]|3[01]))$');--> statement-breakpoint

-- Hand-written (ADR 030): the key Plaid sees is derived by the database, so no code path can send another.
-- bank_idempotency_key = the first 48 hex characters of SHA-256(idempotency_key || '#' || bank_key_round), as
-- bankIdempotencyKey() in app/domain/ach.ts computes it (a test checks they agree). The round only goes up.
CREATE OR REPLACE FUNCTION bank_transfers_bank_key() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.bank_key_round < OLD.bank_key_round THEN
    RAISE EXCEPTION 'bank transfer % cannot go back to authorization round %', OLD.idempotency_key, NEW.bank_key_round
      USING ERRCODE = 'check_violation';
  END IF;
  NEW.bank_idempotency_key := left(encode(sha256(convert_to(NEW.idempotency_key || '#' || NEW.bank_key_round, 'UTF8')), 'hex'), 48);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bank_transfers_bank_key BEFORE INSERT OR UPDATE OF bank_key_round, bank_idempotency_key, idempotency_key ON bank_transfers
  FOR EACH ROW EXECUTE FUNCTION bank_transfers_bank_key();
--> statement-breakpoint
UPDATE bank_transfers SET bank_key_round = bank_key_round;
--> statement-breakpoint

-- A transfer may be cancelled before the bank sends it to the network (Plaid: while it is `cancellable`); cancelled
-- is final. Otherwise as migration 0010.
CREATE OR REPLACE FUNCTION transfer_status_can_advance(from_status text, to_status text) RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN from_status = to_status THEN false
    WHEN from_status IN ('declined', 'failed', 'returned', 'cancelled') THEN false
    WHEN to_status = 'declined' THEN from_status = 'created'
    WHEN to_status = 'cancelled' THEN from_status IN ('created', 'pending')
    WHEN to_status = 'failed' THEN from_status IN ('created', 'pending')
    WHEN to_status = 'returned' THEN from_status IN ('posted', 'settled', 'funds_available')
    ELSE array_position(ARRAY['created', 'pending', 'posted', 'settled', 'funds_available'], to_status)
       > array_position(ARRAY['created', 'pending', 'posted', 'settled', 'funds_available'], from_status)
  END
$$;
--> statement-breakpoint

-- No payout before its contributions are collected, and collected now means available: the Plaid Ledger pays credits
-- from its available balance, which a debit reaches only at funds_available (after the hold that follows settlement).
-- A payout row is refused unless every member's latest contribution for its period is funds_available and posted in
-- full.
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
  WHERE latest.status = 'funds_available'
    AND (SELECT coalesce(sum(p.amount_cents), 0) FROM ledger_transfers p
         WHERE p.bank_transfer_id = latest.id AND p.reason IN ('contribution', 'shortfall_repaid')) = latest.amount_cents;
  IF collected < members THEN
    RAISE EXCEPTION 'payout % refused: % of % contributions for period % available', NEW.idempotency_key, collected, members, NEW.period_number
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
