ALTER TABLE "bank_items" ADD COLUMN "balances_as_of" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "balance_refresh_attempted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "balance_refresh_failure" varchar(64);