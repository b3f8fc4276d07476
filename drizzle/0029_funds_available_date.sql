ALTER TABLE "bank_transfers" ADD COLUMN "expected_funds_available_on" date;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."transfers" ADD COLUMN "expected_funds_available_date" text;