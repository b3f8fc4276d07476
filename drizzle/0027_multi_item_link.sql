CREATE TABLE "bank_plaid_users" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"plaid_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."users" (
	"user_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"client_user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."link_tokens" ADD COLUMN "multi_item" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."link_tokens" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "bank_plaid_users" ADD CONSTRAINT "bank_plaid_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bank_plaid_users_plaid_user_key" ON "bank_plaid_users" USING btree ("plaid_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_client_user_key" ON "sandbox_plaid"."users" USING btree ("client_id","client_user_id");