CREATE TABLE "bank_link_token_owners" (
	"link_token" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"provider_expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "group_removals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"removed_by" uuid,
	"reason" text NOT NULL,
	"removed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "invite_code_rotated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_link_token_owners" ADD CONSTRAINT "bank_link_token_owners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_removals" ADD CONSTRAINT "group_removals_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_removals" ADD CONSTRAINT "group_removals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_removals" ADD CONSTRAINT "group_removals_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bank_link_token_owners_user_idx" ON "bank_link_token_owners" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "group_removals_group_user_idx" ON "group_removals" USING btree ("group_id","user_id");