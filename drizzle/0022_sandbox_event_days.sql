ALTER TABLE "group_events" ADD COLUMN "occurred_on" date;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "occurred_on" date;