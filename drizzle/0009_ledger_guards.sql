CREATE TABLE "money_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"period_number" integer DEFAULT 0 NOT NULL,
	"kind" varchar(24) NOT NULL,
	"detail" jsonb NOT NULL,
	"occurrences" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "money_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "money_last_error" text;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "money_last_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "money_parked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "balance_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "last_effective_on" date;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD COLUMN "seq" bigserial NOT NULL;--> statement-breakpoint
ALTER TABLE "money_incidents" ADD CONSTRAINT "money_incidents_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "money_incidents_open_key" ON "money_incidents" USING btree ("group_id","period_number","kind") WHERE "money_incidents"."resolved_at" is null;--> statement-breakpoint
CREATE INDEX "money_incidents_last_seen_idx" ON "money_incidents" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "ledger_transfers_bank_transfer_idx" ON "ledger_transfers" USING btree ("bank_transfer_id");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_pool_not_negative" CHECK ("ledger_accounts"."kind" <> 'group_pool' or "ledger_accounts"."balance_cents" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_shortfall_not_positive" CHECK ("ledger_accounts"."kind" <> 'group_shortfall' or "ledger_accounts"."balance_cents" <= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_in_transit_not_negative" CHECK ("ledger_accounts"."kind" <> 'payouts_in_transit' or "ledger_accounts"."balance_cents" >= 0);--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_fees_not_negative" CHECK ("ledger_accounts"."kind" <> 'platform_fees' or "ledger_accounts"."balance_cents" >= 0);