CREATE TABLE "leader_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"conversation_id" uuid NOT NULL,
	"answer_message_id" bigint NOT NULL,
	"question" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"reply" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "leader_questions_status" CHECK ("leader_questions"."status" in ('waiting', 'answered')),
	CONSTRAINT "leader_questions_answered" CHECK (("leader_questions"."status" = 'answered') = ("leader_questions"."reply" is not null and "leader_questions"."answered_at" is not null))
);
--> statement-breakpoint
CREATE TABLE "question_bank_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"leader_question_id" uuid NOT NULL,
	"question" text NOT NULL,
	"answer" text NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type";--> statement-breakpoint
ALTER TABLE "conversation_messages" DROP CONSTRAINT "conversation_messages_type";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "birth_year" integer;--> statement-breakpoint
ALTER TABLE "leader_questions" ADD CONSTRAINT "leader_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_questions" ADD CONSTRAINT "leader_questions_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_questions" ADD CONSTRAINT "leader_questions_answer_message_id_conversation_messages_id_fk" FOREIGN KEY ("answer_message_id") REFERENCES "conversation_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leader_questions" ADD CONSTRAINT "leader_questions_answered_by_users_id_fk" FOREIGN KEY ("answered_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bank_drafts" ADD CONSTRAINT "question_bank_drafts_leader_question_id_leader_questions_id_fk" FOREIGN KEY ("leader_question_id") REFERENCES "leader_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_bank_drafts" ADD CONSTRAINT "question_bank_drafts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "leader_questions_answer_idx" ON "leader_questions" USING btree ("answer_message_id");--> statement-breakpoint
CREATE INDEX "leader_questions_waiting_idx" ON "leader_questions" USING btree ("created_at","id") WHERE "leader_questions"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "leader_questions_answered_idx" ON "leader_questions" USING btree ("answered_at","id") WHERE "leader_questions"."status" = 'answered';--> statement-breakpoint
CREATE INDEX "leader_questions_user_status_idx" ON "leader_questions" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "leader_questions_conversation_idx" ON "leader_questions" USING btree ("conversation_id");--> statement-breakpoint
CREATE UNIQUE INDEX "question_bank_drafts_question_idx" ON "question_bank_drafts" USING btree ("leader_question_id");--> statement-breakpoint
CREATE INDEX "question_bank_drafts_created_idx" ON "question_bank_drafts" USING btree ("created_at","id");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type" CHECK ("notifications"."type" in ('post_mention', 'comment_mention', 'reaction', 'achievement', 'picture', 'leader_answer', 'other'));--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_type" CHECK ("conversation_messages"."type" in ('user', 'ai', 'leader'));