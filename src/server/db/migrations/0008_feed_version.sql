ALTER TABLE "study_groups" ADD COLUMN "feed_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "group_posts_author_idx" ON "group_posts" USING btree ("author_id");--> statement-breakpoint
-- A group's feed_version moves with every change a feed page shows, in the same transaction as the change,
-- so that a cached page (src/server/features/feed/page-cache.ts) is never served once it is out of date, on
-- any instance. Statement triggers with transition tables: a bulk change (an account deleted, a leader hiding
-- many comments) moves each group once, not once per row.
CREATE FUNCTION feed_changed_by_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE study_groups SET feed_version = feed_version + 1
  WHERE id IN (SELECT DISTINCT group_id FROM changed_rows);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER group_posts_feed_insert AFTER INSERT ON group_posts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_by_posts();--> statement-breakpoint
CREATE TRIGGER group_posts_feed_update AFTER UPDATE ON group_posts
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_by_posts();--> statement-breakpoint
CREATE TRIGGER group_posts_feed_delete AFTER DELETE ON group_posts
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_by_posts();--> statement-breakpoint
-- Comments and reactions count on their post's card; rows of a post deleted in the same statement find no
-- post here, and the post's own trigger has moved its group already.
CREATE FUNCTION feed_changed_under_posts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE study_groups SET feed_version = feed_version + 1
  WHERE id IN (SELECT DISTINCT p.group_id FROM changed_rows c JOIN group_posts p ON p.id = c.post_id);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER post_comments_feed_insert AFTER INSERT ON post_comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_under_posts();--> statement-breakpoint
CREATE TRIGGER post_comments_feed_update AFTER UPDATE ON post_comments
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_under_posts();--> statement-breakpoint
CREATE TRIGGER post_comments_feed_delete AFTER DELETE ON post_comments
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_under_posts();--> statement-breakpoint
CREATE TRIGGER post_reactions_feed_insert AFTER INSERT ON post_reactions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_under_posts();--> statement-breakpoint
CREATE TRIGGER post_reactions_feed_update AFTER UPDATE ON post_reactions
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_under_posts();--> statement-breakpoint
CREATE TRIGGER post_reactions_feed_delete AFTER DELETE ON post_reactions
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_changed_under_posts();--> statement-breakpoint
-- A post card shows its author's name and picture: a change moves the groups the author posted in, and
-- those they belong to (where they may post next). A deleted account sets its posts' author to null, which
-- the posts' trigger sees.
CREATE FUNCTION feed_changed_by_author() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE study_groups SET feed_version = feed_version + 1
  WHERE id IN (
    SELECT group_id FROM group_posts WHERE author_id = NEW.id
    UNION SELECT group_id FROM group_members WHERE user_id = NEW.id
  );
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER profiles_feed_author_insert AFTER INSERT ON profiles
  FOR EACH ROW EXECUTE FUNCTION feed_changed_by_author();--> statement-breakpoint
CREATE TRIGGER profiles_feed_author AFTER UPDATE OF username, avatar_url ON profiles
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.avatar_url IS DISTINCT FROM NEW.avatar_url)
  EXECUTE FUNCTION feed_changed_by_author();
