CREATE TABLE "report_mail_queue" (
	"leader_id" text PRIMARY KEY NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "report_mails" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "report_mail_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "report_mail_queue" ADD CONSTRAINT "report_mail_queue_leader_id_users_id_fk" FOREIGN KEY ("leader_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_mail_queue_due_idx" ON "report_mail_queue" USING btree ("due_at");