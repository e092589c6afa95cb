ALTER TABLE "reports" DROP CONSTRAINT "reports_target_type";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pending_avatar_url" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "pending_avatar_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "group_posts_media_url_idx" ON "group_posts" USING btree ("media_url") WHERE "group_posts"."media_url" is not null;--> statement-breakpoint
CREATE INDEX "profiles_pending_avatar_idx" ON "profiles" USING btree ("pending_avatar_at","id") WHERE "profiles"."pending_avatar_url" is not null;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_pending_avatar_pair" CHECK (("profiles"."pending_avatar_url" is null) = ("profiles"."pending_avatar_at" is null));--> statement-breakpoint
ALTER TABLE "reports" ADD CONSTRAINT "reports_target_type" CHECK ("reports"."target_type" in ('post', 'comment', 'message', 'avatar'));