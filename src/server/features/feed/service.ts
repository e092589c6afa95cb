import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { groupTopic } from "../../../core/realtime";
import {
  authorOrDeleted,
  FEED_MESSAGES,
  type FeedAuthor,
  type FeedComment,
  type FeedPost,
  type MediaType,
  REACTION_TYPES,
  type ReactionSummary,
  type ReactionType,
} from "../../../core/schemas/feed";
import { isPrivileged, type Role } from "../../../core/schemas/moderation";
import type { Storage } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import { isForeignKeyViolation } from "../../db/errors";
import { cursorTime, isCursorTime, UUID } from "../../db/keyset";
import {
  commentReactions,
  groupPosts,
  postComments,
  postReactions,
  profiles,
  studyGroups,
} from "../../db/schema";
import { AppError } from "../../http/errors";
import { type FanOutDeps, notifyMentions } from "../notifications/service";
import type { FeedPageCache, SharedFeedPage } from "./page-cache";
import {
  type MediaDeps,
  type MediaOrigin,
  type MediaSource,
  removePostMedia,
  type StoredMedia,
  storePostMedia,
} from "./post-media";

export const FEED_PAGE_SIZE = 20;

const postNotFound = () => new AppError("post_not_found", 404, FEED_MESSAGES.postNotFound);
const commentNotFound = () => new AppError("comment_not_found", 404, FEED_MESSAGES.commentNotFound);

// ── Reactions ──

type ReactionRow = { type: string; count: number; mine: boolean };

function summarise(rows: ReactionRow[]): ReactionSummary {
  const reactionCounts: Record<ReactionType, number> = { like: 0, love: 0, pray: 0 };
  let userReaction: ReactionType | null = null;
  for (const row of rows) {
    const type = REACTION_TYPES.find((known) => known === row.type);
    if (!type) continue;
    reactionCounts[type] = row.count;
    if (row.mine) userReaction = type;
  }
  const reactionsCount = reactionCounts.like + reactionCounts.love + reactionCounts.pray;
  return { reactionCounts, reactionsCount, userReaction };
}

function groupRows<Row extends ReactionRow & { ownerId: string }>(rows: Row[]) {
  const byOwner = new Map<string, ReactionRow[]>();
  for (const row of rows) {
    const list = byOwner.get(row.ownerId) ?? [];
    list.push(row);
    byOwner.set(row.ownerId, list);
  }
  return (ownerId: string) => summarise(byOwner.get(ownerId) ?? []);
}

/** Per type counts and the reader's own reaction for many posts, in one grouped query. */
async function postReactionSummaries(db: Database, postIds: string[], readerId: string) {
  if (postIds.length === 0) return groupRows([]);
  const rows = await db
    .select({
      ownerId: postReactions.postId,
      type: postReactions.reactionType,
      count: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${postReactions.userId} = ${readerId})`,
    })
    .from(postReactions)
    .where(inArray(postReactions.postId, postIds))
    .groupBy(postReactions.postId, postReactions.reactionType);
  return groupRows(rows);
}

/** The same for every comment of a post, in one grouped query. */
async function commentReactionSummaries(db: Database, postId: string, readerId: string) {
  const rows = await db
    .select({
      ownerId: commentReactions.commentId,
      type: commentReactions.reactionType,
      count: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${commentReactions.userId} = ${readerId})`,
    })
    .from(commentReactions)
    .innerJoin(postComments, eq(postComments.id, commentReactions.commentId))
    .where(eq(postComments.postId, postId))
    .groupBy(commentReactions.commentId, commentReactions.reactionType);
  return groupRows(rows);
}

/**
 * One reaction per user (docs/decisions/005-reactions.md): the same type again removes it, another type
 * replaces it. The delete and the upsert on the primary key each hold under concurrent clicks, so a user
 * never ends up with two rows, whatever order the requests run in.
 */
export async function togglePostReaction(
  db: Database,
  postId: string,
  userId: string,
  type: ReactionType,
): Promise<ReactionSummary> {
  const removed = await db
    .delete(postReactions)
    .where(
      and(
        eq(postReactions.postId, postId),
        eq(postReactions.userId, userId),
        eq(postReactions.reactionType, type),
      ),
    )
    .returning({ userId: postReactions.userId });
  if (removed.length === 0) {
    try {
      await db
        .insert(postReactions)
        .values({ postId, userId, reactionType: type })
        .onConflictDoUpdate({
          target: [postReactions.postId, postReactions.userId],
          set: { reactionType: type, createdAt: sql`now()` },
        });
    } catch (error) {
      // The post was deleted in the meantime.
      if (isForeignKeyViolation(error)) throw postNotFound();
      throw error;
    }
  }
  return (await postReactionSummaries(db, [postId], userId))(postId);
}

export async function toggleCommentReaction(
  db: Database,
  commentId: string,
  userId: string,
  type: ReactionType,
): Promise<ReactionSummary> {
  const removed = await db
    .delete(commentReactions)
    .where(
      and(
        eq(commentReactions.commentId, commentId),
        eq(commentReactions.userId, userId),
        eq(commentReactions.reactionType, type),
      ),
    )
    .returning({ userId: commentReactions.userId });
  if (removed.length === 0) {
    try {
      await db
        .insert(commentReactions)
        .values({ commentId, userId, reactionType: type })
        .onConflictDoUpdate({
          target: [commentReactions.commentId, commentReactions.userId],
          set: { reactionType: type, createdAt: sql`now()` },
        });
    } catch (error) {
      if (isForeignKeyViolation(error)) throw commentNotFound();
      throw error;
    }
  }
  const rows = await db
    .select({
      type: commentReactions.reactionType,
      count: sql<number>`count(*)::int`,
      mine: sql<boolean>`bool_or(${commentReactions.userId} = ${userId})`,
    })
    .from(commentReactions)
    .where(eq(commentReactions.commentId, commentId))
    .groupBy(commentReactions.reactionType);
  return summarise(rows);
}

// ── Posts ──

const postColumns = {
  id: groupPosts.id,
  groupId: groupPosts.groupId,
  title: groupPosts.title,
  content: groupPosts.content,
  mediaUrl: groupPosts.mediaUrl,
  mediaType: groupPosts.mediaType,
  mediaStatus: groupPosts.mediaStatus,
  isPinned: groupPosts.isPinned,
  createdAt: groupPosts.createdAt,
  cursorTime: cursorTime(groupPosts.createdAt),
  author: { id: groupPosts.authorId, username: profiles.username, avatarUrl: profiles.avatarUrl },
};

type PostRow = {
  id: string;
  groupId: string;
  title: string;
  content: string;
  mediaUrl: string | null;
  mediaType: string | null;
  mediaStatus: string | null;
  isPinned: boolean;
  createdAt: Date;
  cursorTime: string;
  author: FeedAuthor;
};

/** Who reads the feed: pending media shows to its author and to leaders and admins, who review it. */
export type FeedReader = { id: string; privileged: boolean };

export const feedReader = (id: string, appRole: Role): FeedReader => ({
  id,
  privileged: isPrivileged(appRole),
});

/**
 * A post as a member who is neither its author nor a leader sees it: pending media keeps its type, so the card
 * can say a photo or video is waiting, but not its address. What the live `post_created` event carries.
 */
export function withoutPendingMedia(post: FeedPost): FeedPost {
  return post.mediaPending ? { ...post, mediaUrl: null } : post;
}

/** Media waiting for a leader shows only to its author and to leaders and admins. */
function canSeeMedia(row: { mediaStatus: string | null; author: FeedAuthor }, reader: FeedReader) {
  return (
    row.mediaStatus !== "pending" ||
    reader.privileged ||
    (row.author.id !== null && row.author.id === reader.id)
  );
}

function toFeedPost(
  row: Omit<PostRow, "cursorTime">,
  commentsCount: number,
  reactions: ReactionSummary,
  reader: FeedReader,
): FeedPost {
  const mediaPending = row.mediaStatus === "pending";
  const visible = canSeeMedia(row, reader);
  return {
    id: row.id,
    groupId: row.groupId,
    title: row.title,
    content: row.content,
    mediaUrl: visible ? row.mediaUrl : null,
    mediaType: row.mediaType as MediaType | null,
    mediaPending,
    isPinned: row.isPinned,
    createdAt: row.createdAt.toISOString(),
    author: authorOrDeleted(row.author),
    commentsCount,
    ...reactions,
  };
}

function encodeCursor(row: PostRow): string {
  return Buffer.from(`${row.isPinned ? 1 : 0}|${row.cursorTime}|${row.id}`).toString("base64url");
}

function decodeCursor(cursor: string): { pinned: boolean; time: string; id: string } | null {
  const [pinned, time, id] = Buffer.from(cursor, "base64url").toString("utf8").split("|");
  if ((pinned !== "0" && pinned !== "1") || !isCursorTime(time) || !id || !UUID.test(id)) return null;
  return { pinned: pinned === "1", time, id };
}

/**
 * The posts after a cursor in feed order. PostgreSQL estimates a row comparison by its first column alone,
 * so past the pinned posts `(is_pinned, created_at, id) < (false, …)` looked like "nothing left" and the
 * planner joined and sorted the whole group (90 ms at 100,000 posts). Saying `is_pinned = false` outright
 * keeps every later page on the feed index.
 */
function afterCursor(after: { pinned: boolean; time: string; id: string }) {
  const newerThan = sql`(${groupPosts.createdAt}, ${groupPosts.id}) < (${after.time}::timestamptz, ${after.id}::uuid)`;
  return after.pinned
    ? sql`(${groupPosts.isPinned}, ${groupPosts.createdAt}, ${groupPosts.id}) < (true, ${after.time}::timestamptz, ${after.id}::uuid)`
    : and(eq(groupPosts.isPinned, false), newerThan);
}

/** Who reacted how on one post, as the feed query gives it: [user id, reaction type] pairs. */
function tallyReactions(pairs: [string, string][]) {
  const reactors = new Map<string, ReactionType>();
  const reactionCounts: Record<ReactionType, number> = { like: 0, love: 0, pray: 0 };
  for (const [userId, value] of pairs) {
    const type = REACTION_TYPES.find((known) => known === value);
    if (!type) continue;
    reactors.set(userId, type);
    reactionCounts[type] += 1;
  }
  return { reactors, reactionCounts, reactionsCount: reactors.size };
}

/**
 * A page of a group's feed as every member sees it: pinned first, then newest (keyset on the feed index, no
 * offset scans). Each post's comment count and reactions come from subqueries on their own indexes, run for
 * the page's rows only: one round trip to the database, however many posts. An unreadable cursor starts
 * from the top, as the group list does.
 */
async function readSharedPage(db: Database, groupId: string, cursor?: string): Promise<SharedFeedPage> {
  const after = cursor ? decodeCursor(cursor) : null;
  const rows = await db
    .select({
      ...postColumns,
      commentsCount: sql<number>`(
        select count(*)::int from ${postComments}
        where ${postComments.postId} = ${groupPosts.id} and ${postComments.hiddenAt} is null
      )`,
      reactions: sql<[string, string][]>`(
        select coalesce(json_agg(json_build_array(${postReactions.userId}, ${postReactions.reactionType})), '[]'::json)
        from ${postReactions} where ${postReactions.postId} = ${groupPosts.id}
      )`,
    })
    .from(groupPosts)
    .leftJoin(profiles, eq(profiles.id, groupPosts.authorId))
    .where(
      and(
        eq(groupPosts.groupId, groupId),
        isNull(groupPosts.hiddenAt),
        after ? afterCursor(after) : undefined,
      ),
    )
    .orderBy(desc(groupPosts.isPinned), desc(groupPosts.createdAt), desc(groupPosts.id))
    .limit(FEED_PAGE_SIZE + 1);
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const last = page.at(-1);
  return {
    posts: page.map(({ reactions, cursorTime: _, ...row }) => {
      const tally = tallyReactions(reactions);
      // Everything but the reader's own parts, serialised once for every reader of this version.
      const {
        mediaUrl: _url,
        userReaction: _own,
        ...common
      } = toFeedPost(row, row.commentsCount, { ...tally, userReaction: null }, { id: "", privileged: false });
      return { ...row, reactors: tally.reactors, commonJson: JSON.stringify(common).slice(0, -1) };
    }),
    nextCursor: rows.length > FEED_PAGE_SIZE && last ? encodeCursor(last) : null,
  };
}

/** Where a feed page comes from: the group's cached page at its current version, or the database. */
export type FeedPageSource = { db: Database; feedPages: FeedPageCache };

export type FeedPage = { posts: FeedPost[]; nextCursor: string | null };

/**
 * A page of a group's feed for one reader, as JSON text (a FeedPage): the page every member shares, cached
 * until the group's feed version moves (`group` comes from requireMember, which reads the version), with
 * the reader's own reaction and the pending media only its author and leaders may see. Written from the
 * page's serialised posts, because stringifying twenty posts on every read cost more than the read did.
 */
export async function listPosts(
  { db, feedPages }: FeedPageSource,
  group: { id: string; feedVersion: number },
  reader: FeedReader,
  cursor?: string,
): Promise<string> {
  let page = feedPages.get(group.id, group.feedVersion, cursor);
  if (!page) {
    page = await readSharedPage(db, group.id, cursor);
    feedPages.set(group.id, group.feedVersion, cursor, page);
  }
  const posts = page.posts.map((post) => {
    const mediaUrl = canSeeMedia(post, reader) ? post.mediaUrl : null;
    const userReaction = post.reactors.get(reader.id) ?? null;
    return `${post.commonJson},"mediaUrl":${JSON.stringify(mediaUrl)},"userReaction":${JSON.stringify(userReaction)}}`;
  });
  return `{"posts":[${posts.join(",")}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}

/** The post, if it belongs to this group; anything else (a malformed id included) is not found. */
export async function requirePost(
  db: Database,
  groupId: string,
  postId: string,
  { includeHidden = false }: { includeHidden?: boolean } = {},
) {
  if (!UUID.test(postId)) throw postNotFound();
  // A post hidden by a leader or by reports is gone for members: its comments and reactions too, not only
  // its place in the feed. Only its author may still delete it.
  const [post] = await db
    .select()
    .from(groupPosts)
    .where(
      and(
        eq(groupPosts.id, postId),
        eq(groupPosts.groupId, groupId),
        includeHidden ? undefined : isNull(groupPosts.hiddenAt),
      ),
    );
  if (!post) throw postNotFound();
  return post;
}

/** Pinned posts lead the feed; the feed's index orders by is_pinned first, so this moves the post. */
export async function setPostPinned(db: Database, postId: string, pinned: boolean) {
  await db.update(groupPosts).set({ isPinned: pinned }).where(eq(groupPosts.id, postId));
  return { postId, isPinned: pinned };
}

/**
 * Whether a new post's media waits for a leader: an upload by a member (not a leader or admin) in a group
 * that approves media first, the setting read as the post is made, or one the picture model could not look
 * at. A profile not made yet counts as a member.
 */
async function newMediaStatus(
  db: Database,
  groupId: string,
  authorId: string,
  origin: MediaOrigin,
  unchecked: boolean,
): Promise<"approved" | "pending"> {
  if (origin !== "upload") return "approved";
  const [row] = await db
    .select({ approveMediaFirst: studyGroups.approveMediaFirst, role: profiles.role })
    .from(studyGroups)
    .leftJoin(profiles, eq(profiles.id, authorId))
    .where(eq(studyGroups.id, groupId));
  if (isPrivileged(row?.role as Role | undefined)) return "approved";
  return row?.approveMediaFirst !== false || unchecked ? "pending" : "approved";
}

async function loadPost(db: Database, postId: string): Promise<PostRow> {
  const [row] = await db
    .select(postColumns)
    .from(groupPosts)
    .leftJoin(profiles, eq(profiles.id, groupPosts.authorId))
    .where(eq(groupPosts.id, postId));
  if (!row) throw postNotFound();
  return row;
}

/** A new post as its author first sees it: no comments, no reactions, their own pending media included. */
export async function createPost(
  db: Database,
  input: {
    groupId: string;
    authorId: string;
    title: string;
    content: string;
    media: StoredMedia | null;
    mediaStatus: "approved" | "pending";
  },
): Promise<FeedPost> {
  const [inserted] = await db
    .insert(groupPosts)
    .values({
      groupId: input.groupId,
      authorId: input.authorId,
      title: input.title,
      content: input.content,
      mediaUrl: input.media?.url ?? null,
      mediaType: input.media?.type ?? null,
      mediaStatus: input.media ? input.mediaStatus : null,
    })
    .returning({ id: groupPosts.id });
  if (!inserted) throw new Error("post insert returned nothing");
  return toFeedPost(await loadPost(db, inserted.id), 0, summarise([]), {
    id: input.authorId,
    privileged: false,
  });
}

/** Deletes an author's own post (its comments and reactions go with it), then its media, best effort. */
export async function deletePost(
  db: Database,
  storage: Storage,
  groupId: string,
  postId: string,
  userId: string,
  onMediaLeft: (error: unknown) => void,
) {
  const post = await requirePost(db, groupId, postId, { includeHidden: true });
  if (post.authorId !== userId) throw new AppError("not_your_post", 403, FEED_MESSAGES.notYourPost);
  await db.delete(groupPosts).where(eq(groupPosts.id, post.id));
  await removePostMedia(storage, post.mediaUrl, onMediaLeft);
}

// ── Comments ──

const commentColumns = {
  id: postComments.id,
  postId: postComments.postId,
  parentCommentId: postComments.parentCommentId,
  content: postComments.content,
  createdAt: postComments.createdAt,
  author: { id: postComments.authorId, username: profiles.username, avatarUrl: profiles.avatarUrl },
};

type CommentRow = {
  id: string;
  postId: string;
  parentCommentId: string | null;
  content: string;
  createdAt: Date;
  author: FeedAuthor;
};

function toFeedComment(row: CommentRow, reactions: ReactionSummary): FeedComment {
  return {
    ...row,
    author: authorOrDeleted(row.author),
    createdAt: row.createdAt.toISOString(),
    ...reactions,
    replies: [],
  };
}

/** A post's comments as a tree, oldest first at every level: one query for the comments, one for reactions. */
export async function listComments(db: Database, postId: string, readerId: string): Promise<FeedComment[]> {
  const [rows, reactions] = await Promise.all([
    db
      .select(commentColumns)
      .from(postComments)
      .leftJoin(profiles, eq(profiles.id, postComments.authorId))
      .where(and(eq(postComments.postId, postId), isNull(postComments.hiddenAt)))
      .orderBy(asc(postComments.createdAt), asc(postComments.id)),
    commentReactionSummaries(db, postId, readerId),
  ]);
  const byId = new Map(rows.map((row) => [row.id, toFeedComment(row, reactions(row.id))]));
  const roots: FeedComment[] = [];
  // A hidden comment takes its replies with it: they answer what no one can see any more.
  for (const comment of byId.values()) {
    if (!comment.parentCommentId) roots.push(comment);
    else byId.get(comment.parentCommentId)?.replies.push(comment);
  }
  return roots;
}

/** The comment, if it is on a post of this group. */
export async function requireComment(db: Database, groupId: string, commentId: string) {
  if (!UUID.test(commentId)) throw commentNotFound();
  const [row] = await db
    .select({ id: postComments.id, postId: postComments.postId })
    .from(postComments)
    .innerJoin(groupPosts, eq(groupPosts.id, postComments.postId))
    .where(
      and(
        eq(postComments.id, commentId),
        eq(groupPosts.groupId, groupId),
        isNull(postComments.hiddenAt),
        isNull(groupPosts.hiddenAt),
      ),
    );
  if (!row) throw commentNotFound();
  return row;
}

/** A comment or, with a parent on the same post, a reply at any depth. */
export async function createComment(
  db: Database,
  input: { postId: string; authorId: string; content: string; parentCommentId?: string },
): Promise<FeedComment> {
  if (input.parentCommentId) {
    const [parent] = await db
      .select({ id: postComments.id })
      .from(postComments)
      .where(and(eq(postComments.id, input.parentCommentId), eq(postComments.postId, input.postId)));
    if (!parent) throw commentNotFound();
  }
  let inserted: { id: string } | undefined;
  try {
    [inserted] = await db
      .insert(postComments)
      .values({
        postId: input.postId,
        authorId: input.authorId,
        content: input.content,
        parentCommentId: input.parentCommentId ?? null,
      })
      .returning({ id: postComments.id });
  } catch (error) {
    // The post (and so any parent) was deleted in the meantime.
    if (isForeignKeyViolation(error)) throw postNotFound();
    throw error;
  }
  if (!inserted) throw new Error("comment insert returned nothing");
  const [row] = await db
    .select(commentColumns)
    .from(postComments)
    .leftJoin(profiles, eq(profiles.id, postComments.authorId))
    .where(eq(postComments.id, inserted.id));
  if (!row) throw postNotFound();
  return toFeedComment(row, summarise([]));
}

// ── New posts, however they are made ──

/**
 * What every new post sets off, from 'New Post' or a shared story alike: the group's open tabs get it live
 * (`post_created`) and the members it @mentions are notified. One event goes to the whole group, so it
 * carries what any member may see; the author's tab has its own copy from the POST answer.
 */
async function announceNewPost(deps: FanOutDeps, post: FeedPost) {
  await deps.bus.publish({
    topic: groupTopic(post.groupId),
    type: "post_created",
    data: withoutPendingMedia(post),
  });
  await notifyMentions(deps, {
    kind: "post",
    groupId: post.groupId,
    author: post.author,
    text: `${post.title}\n${post.content}`,
    postId: post.id,
    title: post.title,
  });
}

/**
 * Publishes a post, from 'New Post' or a shared story (with its illustration's bytes): the media checked and
 * re-encoded by storePostMedia, held for a leader when newMediaStatus says so, no file left if the post
 * fails, then announced by announceNewPost. The caller has checked membership. Media is an upload unless the
 * caller says otherwise, so that nothing reaches the group unreviewed by mistake.
 */
export async function publishPost(
  deps: FanOutDeps & MediaDeps,
  input: {
    groupId: string;
    authorId: string;
    title: string;
    content: string;
    media: MediaSource | null;
    mediaOrigin?: MediaOrigin;
  },
): Promise<FeedPost> {
  const origin = input.mediaOrigin ?? "upload";
  const media = input.media ? await storePostMedia(deps, input.authorId, input.media, origin) : null;
  let post: FeedPost;
  try {
    const mediaStatus = media
      ? await newMediaStatus(deps.db, input.groupId, input.authorId, origin, media.unchecked)
      : "approved";
    post = await createPost(deps.db, { ...input, media, mediaStatus });
  } catch (error) {
    for (const key of media?.keys ?? []) {
      await deps.storage
        .delete(key)
        .catch((err) => deps.logger.warn({ err, key }, "orphan post media not removed"));
    }
    throw error;
  }
  await announceNewPost(deps, post);
  return post;
}
