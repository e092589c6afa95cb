CREATE TABLE "check_answers" (
	"user_id" text NOT NULL,
	"story_id" integer NOT NULL,
	"layer" integer NOT NULL,
	"question" integer NOT NULL,
	"first_try_correct" boolean DEFAULT false NOT NULL,
	"correct" boolean DEFAULT false NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"written" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "check_answers_user_id_story_id_layer_question_pk" PRIMARY KEY("user_id","story_id","layer","question"),
	CONSTRAINT "check_answers_layer_range" CHECK ("check_answers"."layer" between 1 and 3),
	CONSTRAINT "check_answers_question_range" CHECK ("check_answers"."question" between 0 and 2)
);
--> statement-breakpoint
ALTER TABLE "check_answers" ADD CONSTRAINT "check_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "check_answers" ADD CONSTRAINT "check_answers_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "check_answers_story_idx" ON "check_answers" USING btree ("story_id");