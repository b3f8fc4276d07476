CREATE TABLE "email_delivery_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_type" varchar(32) NOT NULL,
	"postmark_id" varchar(20) NOT NULL,
	"message_id" text NOT NULL,
	"address" text NOT NULL,
	"type" varchar(64) NOT NULL,
	"type_code" integer NOT NULL,
	"inactive" boolean NOT NULL,
	"marked" boolean DEFAULT false NOT NULL,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_delivery_events_postmark_id" CHECK ("email_delivery_events"."postmark_id" ~ '^[0-9]{1,20}$')
);
--> statement-breakpoint
CREATE TABLE "email_outbox_pause" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"paused_at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"detail" text,
	"error_code" integer,
	"http_status" integer,
	"probes" integer DEFAULT 0 NOT NULL,
	"next_probe_at" timestamp with time zone NOT NULL,
	"last_probe_at" timestamp with time zone,
	CONSTRAINT "email_outbox_pause_one_row" CHECK ("email_outbox_pause"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "undeliverable_addresses" (
	"address" text PRIMARY KEY NOT NULL,
	"reason" varchar(32) NOT NULL,
	"detail" text,
	"source" varchar(16) NOT NULL,
	"marked_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "undeliverable_addresses_lower" CHECK ("undeliverable_addresses"."address" = lower("undeliverable_addresses"."address")),
	CONSTRAINT "undeliverable_addresses_reason" CHECK ("undeliverable_addresses"."reason" in ('inactive', 'invalid', 'bounced', 'spam-complaint')),
	CONSTRAINT "undeliverable_addresses_source" CHECK ("undeliverable_addresses"."source" in ('send', 'webhook'))
);
--> statement-breakpoint
CREATE TABLE "sandbox_postmark"."bounces" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"record_type" text NOT NULL,
	"message_id" uuid NOT NULL,
	"type" text NOT NULL,
	"type_code" integer NOT NULL,
	"email" text NOT NULL,
	"inactive" boolean NOT NULL,
	"message_stream" text NOT NULL,
	"bounced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_postmark"."suppressions" (
	"message_stream" text NOT NULL,
	"email" text NOT NULL,
	"reason" text NOT NULL,
	"origin" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_message_stream_email_pk" PRIMARY KEY("message_stream","email")
);
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD COLUMN "new_email" text;--> statement-breakpoint
CREATE UNIQUE INDEX "email_delivery_events_record_key" ON "email_delivery_events" USING btree ("record_type","postmark_id");--> statement-breakpoint
CREATE INDEX "email_delivery_events_message_idx" ON "email_delivery_events" USING btree ("message_id");