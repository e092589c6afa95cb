ALTER TABLE "profiles" ADD COLUMN "daily_goal" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "reading_days" ADD COLUMN "activities" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_daily_goal_range" CHECK ("profiles"."daily_goal" between 1 and 3);--> statement-breakpoint
-- A day recorded before activities were counted was a day something was read: it counts as one.
UPDATE "reading_days" SET "activities" = 1;
