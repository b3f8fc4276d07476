ALTER TABLE "group_removals" ADD COLUMN "lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "group_removals" ADD COLUMN "lifted_by" uuid;--> statement-breakpoint
ALTER TABLE "group_removals" ADD CONSTRAINT "group_removals_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "problem_report_replies" ADD COLUMN "from_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "problem_report_replies" ADD COLUMN "closing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reliability_hidden_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written (ADR 050): a member removed from a group, or who left it, is not seated again until its admin invites
-- them again by name (group_removals.lifted_at). The join checks this under the group's lock and says why; this trigger
-- is the database's word on it, for every path that inserts a member.
CREATE FUNCTION group_members_refuse_removed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM group_removals r WHERE r.group_id = NEW.group_id AND r.user_id = NEW.user_id AND r.lifted_at IS NULL) THEN
    RAISE EXCEPTION 'member % was removed from group % and not invited again', NEW.user_id, NEW.group_id
      USING ERRCODE = 'check_violation', CONSTRAINT = 'group_members_not_removed';
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER group_members_refuse_removed BEFORE INSERT ON group_members FOR EACH ROW EXECUTE FUNCTION group_members_refuse_removed();
