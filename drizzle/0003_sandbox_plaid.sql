CREATE SCHEMA "sandbox_plaid";
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."accounts" (
	"account_id" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"name" text NOT NULL,
	"official_name" text,
	"type" text NOT NULL,
	"subtype" text NOT NULL,
	"mask" text NOT NULL,
	"account_number" text NOT NULL,
	"routing_number" text NOT NULL,
	"wire_routing_number" text NOT NULL,
	"available_cents" bigint NOT NULL,
	"current_cents" bigint NOT NULL,
	"position" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."items" (
	"item_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"institution_id" text NOT NULL,
	"products" jsonb NOT NULL,
	"webhook" text,
	"access_token_sha256" text,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."link_sessions" (
	"link_session_id" text PRIMARY KEY NOT NULL,
	"link_token" text NOT NULL,
	"institution_id" text,
	"item_id" text,
	"public_token" text,
	"created_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."link_tokens" (
	"link_token" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"client_name" text NOT NULL,
	"client_user_id" text,
	"products" jsonb NOT NULL,
	"webhook" text,
	"redirect_uri" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."public_tokens" (
	"public_token" text PRIMARY KEY NOT NULL,
	"item_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"exchanged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."transfer_authorizations" (
	"authorization_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"idempotency_key" text,
	"item_id" text NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"network" text NOT NULL,
	"ach_class" text,
	"amount_cents" bigint NOT NULL,
	"iso_currency_code" text NOT NULL,
	"user" jsonb NOT NULL,
	"decision" text NOT NULL,
	"rationale_code" text,
	"rationale_description" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."transfer_events" (
	"event_id" bigserial PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"transfer_id" text NOT NULL,
	"event_type" text NOT NULL,
	"account_id" text NOT NULL,
	"transfer_type" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"failure_code" text,
	"ach_return_code" text,
	"failure_description" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."transfers" (
	"transfer_id" text PRIMARY KEY NOT NULL,
	"client_id" text NOT NULL,
	"authorization_id" text NOT NULL,
	"item_id" text NOT NULL,
	"account_id" text NOT NULL,
	"type" text NOT NULL,
	"network" text NOT NULL,
	"ach_class" text,
	"amount_cents" bigint NOT NULL,
	"iso_currency_code" text NOT NULL,
	"description" text NOT NULL,
	"user" jsonb NOT NULL,
	"metadata" jsonb,
	"status" text NOT NULL,
	"failure_code" text,
	"ach_return_code" text,
	"failure_description" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_plaid"."webhook_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."accounts" ADD CONSTRAINT "accounts_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "sandbox_plaid"."items"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."link_sessions" ADD CONSTRAINT "link_sessions_link_token_link_tokens_link_token_fk" FOREIGN KEY ("link_token") REFERENCES "sandbox_plaid"."link_tokens"("link_token") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."public_tokens" ADD CONSTRAINT "public_tokens_item_id_items_item_id_fk" FOREIGN KEY ("item_id") REFERENCES "sandbox_plaid"."items"("item_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."transfer_events" ADD CONSTRAINT "transfer_events_transfer_id_transfers_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "sandbox_plaid"."transfers"("transfer_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_plaid"."transfers" ADD CONSTRAINT "transfers_authorization_id_transfer_authorizations_authorization_id_fk" FOREIGN KEY ("authorization_id") REFERENCES "sandbox_plaid"."transfer_authorizations"("authorization_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_item_id_idx" ON "sandbox_plaid"."accounts" USING btree ("item_id");--> statement-breakpoint
CREATE UNIQUE INDEX "items_access_token_sha256_key" ON "sandbox_plaid"."items" USING btree ("access_token_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "transfer_authorizations_idempotency_key" ON "sandbox_plaid"."transfer_authorizations" USING btree ("client_id","idempotency_key") WHERE "sandbox_plaid"."transfer_authorizations"."idempotency_key" is not null;--> statement-breakpoint
CREATE INDEX "transfer_events_client_id_event_id_idx" ON "sandbox_plaid"."transfer_events" USING btree ("client_id","event_id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_authorization_id_key" ON "sandbox_plaid"."transfers" USING btree ("authorization_id");