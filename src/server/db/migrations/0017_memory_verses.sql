CREATE TABLE "memory_verses" (
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"box" integer DEFAULT 1 NOT NULL,
	"due_on" text NOT NULL,
	"xp_day" text,
	"reviews" integer DEFAULT 0 NOT NULL,
	"learned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "memory_verses_user_id_story_id_pk" PRIMARY KEY("user_id","story_id"),
	CONSTRAINT "memory_verses_box_range" CHECK ("memory_verses"."box" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "memory_verses" ADD CONSTRAINT "memory_verses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "memory_verses" ADD CONSTRAINT "memory_verses_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "memory_verses_user_due_idx" ON "memory_verses" USING btree ("user_id","due_on");--> statement-breakpoint
CREATE INDEX "memory_verses_story_idx" ON "memory_verses" USING btree ("story_id");