CREATE TABLE "late_contribution_nudges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"period_number" integer NOT NULL,
	"user_id" uuid NOT NULL,
	"sent_by" uuid NOT NULL,
	"kind" varchar(16) NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "default_debit_bank_account_id" uuid;--> statement-breakpoint
ALTER TABLE "group_members" ADD COLUMN "debit_bank_account_id" uuid;--> statement-breakpoint
ALTER TABLE "bank_transfers" ADD COLUMN "pay_now" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "late_contribution_nudges" ADD CONSTRAINT "late_contribution_nudges_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_contribution_nudges" ADD CONSTRAINT "late_contribution_nudges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "late_contribution_nudges" ADD CONSTRAINT "late_contribution_nudges_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "late_contribution_nudges_member_idx" ON "late_contribution_nudges" USING btree ("group_id","period_number","user_id","sent_at");