CREATE TABLE "family_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"child_user_id" text NOT NULL,
	"parent_email" text NOT NULL,
	"kind" text DEFAULT 'consent' NOT NULL,
	"invited_by" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "family_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "family_links_kind" CHECK ("family_links"."kind" in ('consent', 'invitation'))
);
--> statement-breakpoint
CREATE TABLE "parent_children" (
	"parent_user_id" text NOT NULL,
	"child_user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parent_children_parent_user_id_child_user_id_pk" PRIMARY KEY("parent_user_id","child_user_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" DROP CONSTRAINT "profiles_role";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "account_state" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "family_permissions" jsonb;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_child_user_id_users_id_fk" FOREIGN KEY ("child_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "family_links" ADD CONSTRAINT "family_links_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_children" ADD CONSTRAINT "parent_children_parent_user_id_users_id_fk" FOREIGN KEY ("parent_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parent_children" ADD CONSTRAINT "parent_children_child_user_id_users_id_fk" FOREIGN KEY ("child_user_id") REFERENCES "users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "family_links_child_idx" ON "family_links" USING btree ("child_user_id","created_at");--> statement-breakpoint
CREATE INDEX "family_links_invited_by_idx" ON "family_links" USING btree ("invited_by");--> statement-breakpoint
CREATE INDEX "parent_children_child_idx" ON "parent_children" USING btree ("child_user_id");--> statement-breakpoint
CREATE INDEX "profiles_waiting_for_parent_idx" ON "profiles" USING btree ("created_at") WHERE "profiles"."account_state" = 'waiting_for_parent';--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_account_state" CHECK ("profiles"."account_state" in ('active', 'waiting_for_parent'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_role" CHECK ("profiles"."role" in ('member', 'leader', 'admin', 'parent'));