CREATE TABLE "debit_authorizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"bank_account_id" uuid,
	"source" varchar(24) NOT NULL,
	"institution_name" text,
	"account_name" text NOT NULL,
	"account_mask" text,
	"wording" text NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"given_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "unusable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "unusable_code" varchar(3);--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "debit_authorization_revoked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD COLUMN "debit_authorization_revoked_code" varchar(3);--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "login_required_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "login_required_reason" varchar(32);--> statement-breakpoint
ALTER TABLE "bank_items" ADD COLUMN "login_required_authorization_id" text;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."items" ADD COLUMN "login_required_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "debit_authorizations" ADD CONSTRAINT "debit_authorizations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "debit_authorizations" ADD CONSTRAINT "debit_authorizations_bank_account_id_bank_accounts_id_fk" FOREIGN KEY ("bank_account_id") REFERENCES "public"."bank_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "debit_authorizations_user_idx" ON "debit_authorizations" USING btree ("user_id","given_at");--> statement-breakpoint
CREATE INDEX "debit_authorizations_account_idx" ON "debit_authorizations" USING btree ("bank_account_id");--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_unusable_code" CHECK (("bank_accounts"."unusable_at" is null and "bank_accounts"."unusable_code" is null) or ("bank_accounts"."unusable_at" is not null and "bank_accounts"."unusable_code" is not null and "bank_accounts"."unusable_code" ~ '^R[0-9]{2}$'));--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_debit_authorization_revoked_code" CHECK (("bank_accounts"."debit_authorization_revoked_at" is null and "bank_accounts"."debit_authorization_revoked_code" is null) or ("bank_accounts"."debit_authorization_revoked_at" is not null and "bank_accounts"."debit_authorization_revoked_code" is not null and "bank_accounts"."debit_authorization_revoked_code" ~ '^R[0-9]{2}$'));--> statement-breakpoint
ALTER TABLE "bank_items" ADD CONSTRAINT "bank_items_login_required_reason" CHECK (("bank_items"."login_required_at" is null and "bank_items"."login_required_reason" is null) or ("bank_items"."login_required_at" is not null and "bank_items"."login_required_reason" is not null and "bank_items"."login_required_reason" in ('ITEM_LOGIN_REQUIRED', 'PENDING_EXPIRATION', 'USER_ACTION_REQUIRED')));