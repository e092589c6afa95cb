CREATE TABLE "story_content" (
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"layer" integer NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"content" text NOT NULL,
	"image_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_content_user_id_story_id_layer_step_pk" PRIMARY KEY("user_id","story_id","layer","step"),
	CONSTRAINT "story_content_layer_range" CHECK ("story_content"."layer" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "story_paths" (
	"story_id" integer NOT NULL,
	"step" integer DEFAULT 1 NOT NULL,
	"layer" integer NOT NULL,
	"prompt" text NOT NULL,
	"system_context" text NOT NULL,
	"library_text" text NOT NULL,
	CONSTRAINT "story_paths_story_id_step_layer_pk" PRIMARY KEY("story_id","step","layer"),
	CONSTRAINT "story_paths_layer_range" CHECK ("story_paths"."layer" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "stories" ADD COLUMN "scripture" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "story_content" ADD CONSTRAINT "story_content_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_content" ADD CONSTRAINT "story_content_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_paths" ADD CONSTRAINT "story_paths_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "story_progress_user_updated_idx" ON "story_progress" USING btree ("user_id","updated_at");--> statement-breakpoint
ALTER TABLE "story_progress" ADD CONSTRAINT "story_progress_highest_range" CHECK ("story_progress"."highest_layer_reached" between 1 and 3);