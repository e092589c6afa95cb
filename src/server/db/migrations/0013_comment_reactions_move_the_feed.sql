-- A post card now shows its newest comments with their reactions, so a reaction on a comment moves the
-- group's feed_version too (see 0008_feed_version): the cached page is read again with the new counts.
CREATE FUNCTION feed_changed_by_comment_reactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE study_groups SET feed_version = feed_version + 1
  WHERE id IN (
    SELECT DISTINCT p.group_id FROM changed_rows r
    JOIN post_comments c ON c.id = r.comment_id
    JOIN group_posts p ON p.id = c.post_id
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER comment_reactions_feed_insert AFTER INSERT ON comment_reactions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_by_comment_reactions();--> statement-breakpoint
CREATE TRIGGER comment_reactions_feed_update AFTER UPDATE ON comment_reactions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_by_comment_reactions();--> statement-breakpoint
CREATE TRIGGER comment_reactions_feed_delete AFTER DELETE ON comment_reactions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_by_comment_reactions();
