CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"template" varchar(64) NOT NULL,
	"payload_encrypted" text,
	"user_id" uuid,
	"status" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_error" text,
	"provider_message_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	CONSTRAINT "email_outbox_status" CHECK ("email_outbox"."status" in ('queued', 'sending', 'sent', 'failed'))
);
--> statement-breakpoint
-- Existing invitations get the same lifetime new ones have (14 days from when they were sent; app/domain/invitations.ts).
ALTER TABLE "group_invitations" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
UPDATE "group_invitations" SET "expires_at" = "created_at" + interval '14 days';--> statement-breakpoint
ALTER TABLE "group_invitations" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "group_invitations" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD CONSTRAINT "email_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("next_attempt_at") WHERE "email_outbox"."status" in ('queued', 'sending');--> statement-breakpoint
CREATE INDEX "email_outbox_failed_idx" ON "email_outbox" USING btree ("failed_at") WHERE "email_outbox"."status" = 'failed';--> statement-breakpoint
CREATE INDEX "group_invitations_email_idx" ON "group_invitations" USING btree (lower("email"));