ALTER TABLE "profiles" ADD COLUMN "reading_settings" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "story_content" ADD COLUMN "checks" jsonb;