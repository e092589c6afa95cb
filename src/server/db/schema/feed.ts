// A group's feed: posts, their comments to any depth, and the reactions on both.
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { REACTION_TYPES } from "../../../core/schemas/feed";
import { users } from "./auth";
import { createdAt, sqlList } from "./columns";
import { studyGroups } from "./groups";

/** The spec's group_post: read pinned first, then newest (the index below serves exactly that order). */
export const groupPosts = pgTable(
  "group_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    /** Null once the author deleted their account: the post stays, by "deleted user". */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    mediaUrl: text("media_url"),
    mediaType: text("media_type"),
    /** approved, or pending until a leader approves it (the group's "approve media first"); null without media. */
    mediaStatus: text("media_status"),
    isPinned: boolean("is_pinned").notNull().default(false),
    /** Hidden by a leader, or by 3 reports until a leader looks: members no longer see it. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("group_posts_feed_idx").on(table.groupId, table.isPinned, table.createdAt, table.id),
    // A user's posts: their data export, account deletion, and the feeds their new name or picture changes.
    index("group_posts_author_idx").on(table.authorId),
    check("group_posts_title_length", sql`char_length(${table.title}) between 1 and 120`),
    check("group_posts_content_length", sql`char_length(${table.content}) between 1 and 5000`),
    check("group_posts_media_type", sql`${table.mediaType} in ('image', 'video')`),
    check("group_posts_media_pair", sql`(${table.mediaUrl} is null) = (${table.mediaType} is null)`),
    check("group_posts_media_status", sql`${table.mediaStatus} in ('approved', 'pending')`),
    check("group_posts_media_status_pair", sql`(${table.mediaUrl} is null) = (${table.mediaStatus} is null)`),
    // The leaders' queue of media waiting for approval, oldest first.
    index("group_posts_pending_media_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.mediaStatus} = 'pending'`),
    // Serving a file (/uploads/...) finds the post it belongs to by its address.
    index("group_posts_media_url_idx").on(table.mediaUrl).where(sql`${table.mediaUrl} is not null`),
  ],
);

/** The spec's post_comment: replies point at their parent, to any depth. */
export const postComments = pgTable(
  "post_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => groupPosts.id, { onDelete: "cascade" }),
    parentCommentId: uuid("parent_comment_id").references((): AnyPgColumn => postComments.id, {
      onDelete: "cascade",
    }),
    /** Null once the author deleted their account. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("post_comments_post_idx").on(table.postId, table.createdAt),
    index("post_comments_parent_idx").on(table.parentCommentId),
    // A user's comments: the feeds their new name or picture changes (a card shows its newest comments).
    index("post_comments_author_idx").on(table.authorId),
    check("post_comments_content_length", sql`char_length(${table.content}) between 1 and 2000`),
  ],
);

/**
 * What a reaction holds besides its target, the same on posts and comments: who reacted (deleting the account
 * deletes the reaction), with which of REACTION_TYPES, and when. Each table's primary key is (target, user):
 * one reaction per user per target (docs/decisions/005-reactions.md).
 */
const reactionColumns = () => ({
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  reactionType: text("reaction_type", { enum: REACTION_TYPES }).notNull(),
  createdAt: createdAt(),
});

export const postReactions = pgTable(
  "post_reactions",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => groupPosts.id, { onDelete: "cascade" }),
    ...reactionColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    check("post_reactions_type", sql`${table.reactionType} in (${sqlList(REACTION_TYPES)})`),
  ],
);

/** Comments carry reactions too (spec §3 post_comment.reactions), with the same rules as posts. */
export const commentReactions = pgTable(
  "comment_reactions",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    ...reactionColumns(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    check("comment_reactions_type", sql`${table.reactionType} in (${sqlList(REACTION_TYPES)})`),
  ],
);
