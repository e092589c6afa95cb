CREATE TABLE "group_assignments" (
	"group_id" uuid PRIMARY KEY NOT NULL,
	"story_id" integer NOT NULL,
	"layers" integer NOT NULL,
	"due_date" date,
	"set_by" text,
	"set_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_assignments_layers_range" CHECK ("group_assignments"."layers" between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_group_id_study_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "study_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_assignments" ADD CONSTRAINT "group_assignments_set_by_users_id_fk" FOREIGN KEY ("set_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "group_assignments_story_idx" ON "group_assignments" USING btree ("story_id");