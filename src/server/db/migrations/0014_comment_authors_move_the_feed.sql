CREATE INDEX "post_comments_author_idx" ON "post_comments" USING btree ("author_id");--> statement-breakpoint
-- A post card now shows its newest comments with their authors' names and pictures, so a change to those moves
-- the groups the author commented in as well (see 0008_feed_version): someone who left a group keeps their
-- comments there, and is in neither of the other two sets. The index above finds their comments.
CREATE OR REPLACE FUNCTION feed_changed_by_author() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE study_groups SET feed_version = feed_version + 1
  WHERE id IN (
    SELECT group_id FROM group_posts WHERE author_id = NEW.id
    UNION SELECT group_id FROM group_members WHERE user_id = NEW.id
    UNION SELECT p.group_id FROM post_comments c JOIN group_posts p ON p.id = c.post_id WHERE c.author_id = NEW.id
  );
  RETURN NULL;
END $$;
