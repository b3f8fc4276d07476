CREATE TABLE "turn_swap_holds" (
	"group_id" uuid NOT NULL,
	"period_number" integer NOT NULL,
	"swap_id" uuid NOT NULL,
	CONSTRAINT "turn_swap_holds_group_id_period_number_pk" PRIMARY KEY("group_id","period_number")
);
--> statement-breakpoint
CREATE TABLE "turn_swaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"proposer_member_id" uuid NOT NULL,
	"counterpart_member_id" uuid NOT NULL,
	"proposer_period" integer NOT NULL,
	"counterpart_period" integer NOT NULL,
	"status" varchar(16) DEFAULT 'proposed' NOT NULL,
	"needs_approval" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"swapped_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "turn_swaps_two_members" CHECK ("turn_swaps"."proposer_member_id" <> "turn_swaps"."counterpart_member_id"),
	CONSTRAINT "turn_swaps_two_turns" CHECK ("turn_swaps"."proposer_period" <> "turn_swaps"."counterpart_period")
);
--> statement-breakpoint
CREATE TABLE "problem_report_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"admin_id" uuid,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "problem_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"ledger_transfer_id" uuid,
	"category" varchar(24) NOT NULL,
	"message" text NOT NULL,
	"status" varchar(16) DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" uuid
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "share_reliability" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "group_events" ADD COLUMN "related_user_id" uuid;--> statement-breakpoint
ALTER TABLE "group_removals" ADD COLUMN "kind" varchar(8) DEFAULT 'removed' NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "swaps_need_approval" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "turn_swap_holds" ADD CONSTRAINT "turn_swap_holds_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_swap_holds" ADD CONSTRAINT "turn_swap_holds_swap_id_turn_swaps_id_fk" FOREIGN KEY ("swap_id") REFERENCES "public"."turn_swaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_swaps" ADD CONSTRAINT "turn_swaps_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_swaps" ADD CONSTRAINT "turn_swaps_proposer_member_id_group_members_id_fk" FOREIGN KEY ("proposer_member_id") REFERENCES "public"."group_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_swaps" ADD CONSTRAINT "turn_swaps_counterpart_member_id_group_members_id_fk" FOREIGN KEY ("counterpart_member_id") REFERENCES "public"."group_members"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "turn_swaps" ADD CONSTRAINT "turn_swaps_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_report_replies" ADD CONSTRAINT "problem_report_replies_report_id_problem_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."problem_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_report_replies" ADD CONSTRAINT "problem_report_replies_admin_id_users_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_ledger_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("ledger_transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_reports" ADD CONSTRAINT "problem_reports_closed_by_users_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "turn_swap_holds_swap_idx" ON "turn_swap_holds" USING btree ("swap_id");--> statement-breakpoint
CREATE INDEX "turn_swaps_group_idx" ON "turn_swaps" USING btree ("group_id","created_at");--> statement-breakpoint
CREATE INDEX "problem_report_replies_report_idx" ON "problem_report_replies" USING btree ("report_id","created_at");--> statement-breakpoint
CREATE INDEX "problem_reports_user_created_idx" ON "problem_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "problem_reports_status_created_idx" ON "problem_reports" USING btree ("status","created_at");--> statement-breakpoint
-- NOT VALID (ADR 043): group_events grows with every payment, and the new column is empty in every existing row; new
-- rows are checked. A later migration may VALIDATE it without blocking writes.
ALTER TABLE "group_events" ADD CONSTRAINT "group_events_related_user_id_users_id_fk" FOREIGN KEY ("related_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action NOT VALID;--> statement-breakpoint
-- Hand-written (drizzle does not model deferrable constraints), ADR 041: one member per turn and one turn per member,
-- checked at commit, so that a turn swap (and the admin's reorder before the start, and the start itself, which set
-- positions one row at a time) may pass through a moment where two rows share a value inside their transaction.
ALTER TABLE "group_members" ADD CONSTRAINT "group_members_group_payout_position_key" UNIQUE ("group_id", "payout_position") DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "group_periods" ADD CONSTRAINT "group_periods_group_recipient_key" UNIQUE ("group_id", "recipient_member_id") DEFERRABLE INITIALLY DEFERRED;
