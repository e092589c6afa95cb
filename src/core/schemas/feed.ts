import { z } from "zod";
import "./zod-messages";

// A group's feed (spec §2 "Post card", §3 group_post / post_comment / post_reaction, §5): the contract
// between the feed routes and the feed screen.

export const POST_TITLE_MAX_LENGTH = 120;
export const POST_CONTENT_MAX_LENGTH = 5000;
export const COMMENT_MAX_LENGTH = 2000;
export const POST_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export const POST_VIDEO_MAX_BYTES = 100 * 1024 * 1024;
/** How many of a post's newest comments its card shows under the post, before 'View all N comments'. */
export const FEED_LATEST_COMMENTS = 2;
export const REACTION_TYPES = ["like", "love", "pray"] as const;

export type ReactionType = (typeof REACTION_TYPES)[number];
export type MediaType = "image" | "video";

export const FEED_MESSAGES = {
  titleRequired: "Please give your post a title.",
  titleTooLong: `Titles can be at most ${POST_TITLE_MAX_LENGTH} characters.`,
  contentRequired: "Please write something in your post.",
  contentTooLong: `Posts can be at most ${POST_CONTENT_MAX_LENGTH} characters.`,
  commentRequired: "Please write a comment first.",
  commentTooLong: `Comments can be at most ${COMMENT_MAX_LENGTH} characters.`,
  mediaWrongType: "Please choose a PNG, JPEG, WebP or GIF image, or an MP4 or WebM video.",
  imageTooLarge: "That image is too big. Please choose one under 10 MB.",
  videoTooLarge: "That video is too big. Please choose one under 100 MB.",
  videoTooLong: "Videos can be up to 3 minutes long.",
  mediaUnreadable: "We couldn't read that file. Please try another one.",
  postNotFound: "That post does not exist any more.",
  commentNotFound: "That comment does not exist any more.",
  notYourPost: "Only the author can delete this post.",
  leadersOnlyPin: "Only the group's owner or a leader can pin posts.",
  emptyFeedTitle: "No Posts Yet",
  emptyFeedText: "Be the first to start a discussion in this group!",
  commentPlaceholder: "Write a comment... Use @username to mention someone",
  replyPlaceholder: "Write a reply... Use @username to mention someone",
} as const;

/** The text fields of 'New Post' (multipart, with an optional `file`). */
export const newPostSchema = z.object({
  title: z
    .string({ error: FEED_MESSAGES.titleRequired })
    .trim()
    .min(1, FEED_MESSAGES.titleRequired)
    .max(POST_TITLE_MAX_LENGTH, FEED_MESSAGES.titleTooLong),
  content: z
    .string({ error: FEED_MESSAGES.contentRequired })
    .trim()
    .min(1, FEED_MESSAGES.contentRequired)
    .max(POST_CONTENT_MAX_LENGTH, FEED_MESSAGES.contentTooLong),
});

export const newCommentSchema = z.object({
  content: z
    .string({ error: FEED_MESSAGES.commentRequired })
    .trim()
    .min(1, FEED_MESSAGES.commentRequired)
    .max(COMMENT_MAX_LENGTH, FEED_MESSAGES.commentTooLong),
  parentCommentId: z.uuid(FEED_MESSAGES.commentNotFound).optional(),
});

/** Choosing your current reaction again removes it; another type replaces it (docs/decisions/005). */
export const reactionSchema = z.object({
  type: z.enum(REACTION_TYPES, { error: "Please choose Like, Love or Pray." }),
});

/** Pin/Unpin from the post menu: the group's owner, or a leader or admin (see canPinPosts). */
export const pinPostSchema = z.object({
  pinned: z.boolean({ error: "Please say whether to pin the post." }),
});

export const feedPageSchema = z.object({ cursor: z.string().max(200).optional() });

/**
 * Who wrote a post, comment or chat message. `id` is null once they deleted their account: the words stay,
 * by "deleted user" (issue 6), and nothing else of them is kept.
 */
export type FeedAuthor = { id: string | null; username: string | null; avatarUrl: string | null };

export const DELETED_USER_NAME = "deleted user";

/** The author as members see them: a deleted account reads as "deleted user", never as a blank. */
export function authorOrDeleted(author: FeedAuthor): FeedAuthor {
  return author.id === null ? { id: null, username: DELETED_USER_NAME, avatarUrl: null } : author;
}
export type ReactionSummary = {
  reactionCounts: Record<ReactionType, number>;
  reactionsCount: number;
  /** The signed-in reader's own reaction. */
  userReaction: ReactionType | null;
};

export type FeedPost = ReactionSummary & {
  id: string;
  groupId: string;
  title: string;
  content: string;
  /** Null without media, and for readers who may not see it yet (see `mediaPending`). */
  mediaUrl: string | null;
  mediaType: MediaType | null;
  /**
   * The media waits for a leader's approval (the group's "approve media first"). Its author, leaders and admins
   * still get `mediaUrl`; every other member gets null in its place, with `mediaType` kept.
   */
  mediaPending: boolean;
  isPinned: boolean;
  createdAt: string;
  author: FeedAuthor;
  commentsCount: number;
  /** The post's newest top-level comments, at most FEED_LATEST_COMMENTS, oldest first; each with `replies: []`. */
  latestComments: FeedComment[];
};

/**
 * The data of a `post_updated` event on the group's topic: one of a pin, new reaction counts, or its media
 * decided by a leader (approved: the media for everyone; rejected: removed, so null).
 */
export type PostUpdate =
  | { postId: string; isPinned: boolean }
  | { postId: string; reactionCounts: Record<ReactionType, number>; reactionsCount: number }
  | { postId: string; mediaUrl: string | null; mediaType: MediaType | null; mediaPending: false };

export type FeedComment = ReactionSummary & {
  id: string;
  postId: string;
  parentCommentId: string | null;
  content: string;
  createdAt: string;
  author: FeedAuthor;
  replies: FeedComment[];
};

/* Route shapes (under /api/groups/{groupId}), members only:
 * GET    /posts?cursor=                 → { posts: FeedPost[], nextCursor: string | null } pinned first, then newest
 * POST   /posts   multipart title, content, file? → 201 FeedPost (as its author sees it: pending media included)
 * DELETE /posts/{postId}                 → 204 (author only, else 403 notYourPost)
 * PUT    /posts/{postId}/pin { pinned }  → { postId, isPinned } (owner, leader or admin, else 403 leadersOnlyPin)
 * GET    /posts/{postId}/comments        → { comments: FeedComment[] } (tree, oldest first at every level)
 * POST   /posts/{postId}/comments  { content, parentCommentId? } → 201 FeedComment (replies: [])
 * POST   /posts/{postId}/reaction  { type } → ReactionSummary (toggle: same type removes, other replaces)
 * POST   /comments/{commentId}/reaction { type } → ReactionSummary
 */
