ALTER TABLE "groups" ADD COLUMN "bank_changes" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "bank_changes_seen" bigint DEFAULT 0 NOT NULL;