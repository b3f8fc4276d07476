CREATE TABLE "turn_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"period_number" integer NOT NULL,
	"recipient_user_id" uuid NOT NULL,
	"arrived_cents" bigint NOT NULL,
	"owed_cents" bigint NOT NULL,
	"consented_on" date NOT NULL,
	"payout_transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turn_consents_arrived_positive" CHECK ("turn_consents"."arrived_cents" > 0),
	CONSTRAINT "turn_consents_owed_positive" CHECK ("turn_consents"."owed_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "turn_debts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"consent_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"period_number" integer NOT NULL,
	"debtor_user_id" uuid NOT NULL,
	"recipient_user_id" uuid NOT NULL,
	"amount_cents" bigint NOT NULL,
	"status" varchar(16) DEFAULT 'owed' NOT NULL,
	"rest_transfer_id" uuid,
	"collected_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "turn_debts_amount_positive" CHECK ("turn_debts"."amount_cents" > 0),
	CONSTRAINT "turn_debts_not_self" CHECK ("turn_debts"."debtor_user_id" <> "turn_debts"."recipient_user_id"),
	CONSTRAINT "turn_debts_status" CHECK ("turn_debts"."status" in ('owed', 'collected')),
	CONSTRAINT "turn_debts_collected_has_rest" CHECK (("turn_debts"."status" = 'owed' and "turn_debts"."rest_transfer_id" is null and "turn_debts"."collected_on" is null) or ("turn_debts"."status" = 'collected' and "turn_debts"."rest_transfer_id" is not null and "turn_debts"."collected_on" is not null))
);
--> statement-breakpoint
ALTER TABLE "turn_consents" ADD CONSTRAINT "turn_consents_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_consents" ADD CONSTRAINT "turn_consents_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_consents" ADD CONSTRAINT "turn_consents_payout_transfer_id_bank_transfers_id_fk" FOREIGN KEY ("payout_transfer_id") REFERENCES "public"."bank_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_debts" ADD CONSTRAINT "turn_debts_consent_id_turn_consents_id_fk" FOREIGN KEY ("consent_id") REFERENCES "public"."turn_consents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_debts" ADD CONSTRAINT "turn_debts_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_debts" ADD CONSTRAINT "turn_debts_debtor_user_id_users_id_fk" FOREIGN KEY ("debtor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_debts" ADD CONSTRAINT "turn_debts_recipient_user_id_users_id_fk" FOREIGN KEY ("recipient_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_debts" ADD CONSTRAINT "turn_debts_rest_transfer_id_bank_transfers_id_fk" FOREIGN KEY ("rest_transfer_id") REFERENCES "public"."bank_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "turn_consents_period_idx" ON "turn_consents" USING btree ("group_id","period_number");--> statement-breakpoint
CREATE UNIQUE INDEX "turn_consents_payout_idx" ON "turn_consents" USING btree ("payout_transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "turn_debts_member_idx" ON "turn_debts" USING btree ("group_id","period_number","debtor_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "turn_debts_rest_idx" ON "turn_debts" USING btree ("rest_transfer_id");--> statement-breakpoint
CREATE INDEX "turn_debts_owed_idx" ON "turn_debts" USING btree ("group_id","status");--> statement-breakpoint
-- ADR 053 step 4 (and ADR 008's payout guard): a debt only moves owed → collected, and what it is never changes.
CREATE OR REPLACE FUNCTION turn_debts_forward_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.consent_id <> OLD.consent_id OR NEW.group_id <> OLD.group_id OR NEW.period_number <> OLD.period_number
     OR NEW.debtor_user_id <> OLD.debtor_user_id OR NEW.recipient_user_id <> OLD.recipient_user_id OR NEW.amount_cents <> OLD.amount_cents THEN
    RAISE EXCEPTION 'turn debt % may not change what it is', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  IF OLD.status = 'collected' AND NEW.status <> 'collected' THEN
    RAISE EXCEPTION 'turn debt % was collected; it cannot be owed again', OLD.id USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER turn_debts_forward_only BEFORE UPDATE ON turn_debts FOR EACH ROW EXECUTE FUNCTION turn_debts_forward_only();
--> statement-breakpoint
-- The payout guard, amended: a period without a consent pays out only when every member's latest contribution has
-- reached funds_available and been posted in full (as before). A consented period pays out what has arrived: the
-- amounts of its payouts that have not failed, this one included, never exceed the contributions of the period that
-- have arrived and been posted in full — so never a cent that has not arrived, never more than the pot.
CREATE OR REPLACE FUNCTION bank_transfers_payout_guard() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  members integer;
  collected integer;
  collected_cents bigint;
  paid_cents bigint;
BEGIN
  IF NEW.kind <> 'payout' THEN
    RETURN NEW;
  END IF;
  SELECT count(*), coalesce(sum(latest.amount_cents), 0) INTO collected, collected_cents FROM (
    SELECT DISTINCT ON (t.user_id) t.id, t.status, t.amount_cents
    FROM bank_transfers t
    WHERE t.group_id = NEW.group_id AND t.kind = 'contribution' AND t.period_number = NEW.period_number
    ORDER BY t.user_id, t.attempt DESC
  ) latest
  WHERE latest.status = 'funds_available'
    AND (SELECT coalesce(sum(p.amount_cents), 0) FROM ledger_transfers p
         WHERE p.bank_transfer_id = latest.id AND p.reason IN ('contribution', 'shortfall_repaid')) = latest.amount_cents;
  IF EXISTS (SELECT 1 FROM turn_consents c WHERE c.group_id = NEW.group_id AND c.period_number = NEW.period_number) THEN
    SELECT coalesce(sum(t.amount_cents), 0) INTO paid_cents FROM bank_transfers t
    WHERE t.group_id = NEW.group_id AND t.kind = 'payout' AND t.period_number = NEW.period_number
      AND t.status NOT IN ('declined', 'failed', 'returned', 'cancelled');
    IF paid_cents + NEW.amount_cents > collected_cents THEN
      RAISE EXCEPTION 'payout % refused: % paid and % more for period %, of % arrived', NEW.idempotency_key, paid_cents, NEW.amount_cents, NEW.period_number, collected_cents
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  SELECT count(*) INTO members FROM group_members WHERE group_id = NEW.group_id;
  IF collected < members THEN
    RAISE EXCEPTION 'payout % refused: % of % contributions for period % available', NEW.idempotency_key, collected, members, NEW.period_number
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END
$$;
