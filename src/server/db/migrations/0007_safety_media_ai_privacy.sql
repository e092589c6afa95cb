CREATE TABLE "ai_flags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"priority" text NOT NULL,
	"conversation_id" uuid,
	"story_id" integer,
	"input" text DEFAULT '' NOT NULL,
	"output" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_by" text,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ai_flags_kind" CHECK ("ai_flags"."kind" in ('risky_question', 'withheld_answer', 'withheld_story', 'withheld_share', 'withheld_image')),
	CONSTRAINT "ai_flags_priority" CHECK ("ai_flags"."priority" in ('high', 'normal')),
	CONSTRAINT "ai_flags_status" CHECK ("ai_flags"."status" in ('open', 'dismissed', 'reviewed'))
);
--> statement-breakpoint
ALTER TABLE "group_messages" DROP CONSTRAINT "group_messages_sender_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "group_posts" DROP CONSTRAINT "group_posts_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "post_comments" DROP CONSTRAINT "post_comments_author_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "group_messages" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "group_posts" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "post_comments" ALTER COLUMN "author_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "group_posts" ADD COLUMN "media_status" text;--> statement-breakpoint
-- Media posted before this migration was already visible to everyone: it stays approved.
UPDATE "group_posts" SET "media_status" = 'approved' WHERE "media_url" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "study_groups" ADD COLUMN "approve_media_first" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_flags" ADD CONSTRAINT "ai_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_flags" ADD CONSTRAINT "ai_flags_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_flags" ADD CONSTRAINT "ai_flags_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_flags" ADD CONSTRAINT "ai_flags_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_flags_status_priority_idx" ON "ai_flags" USING btree ("status","priority","created_at","id");--> statement-breakpoint
CREATE INDEX "ai_flags_user_idx" ON "ai_flags" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "group_messages" ADD CONSTRAINT "group_messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_posts" ADD CONSTRAINT "group_posts_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_comments" ADD CONSTRAINT "post_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_posts_pending_media_idx" ON "group_posts" USING btree ("created_at","id") WHERE "group_posts"."media_status" = 'pending';--> statement-breakpoint
ALTER TABLE "group_posts" ADD CONSTRAINT "group_posts_media_status" CHECK ("group_posts"."media_status" in ('approved', 'pending'));--> statement-breakpoint
ALTER TABLE "group_posts" ADD CONSTRAINT "group_posts_media_status_pair" CHECK (("group_posts"."media_url" is null) = ("group_posts"."media_status" is null));