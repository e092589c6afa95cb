import { and, eq, isNull } from "drizzle-orm";
import { groupTopic } from "../../../core/realtime";
import {
  authorOrDeleted,
  type FeedAuthor,
  type FeedPost,
  type MediaType,
  type ReactionSummary,
} from "../../../core/schemas/feed";
import { isPrivileged, type Role } from "../../../core/schemas/moderation";
import type { Storage } from "../../adapters/storage/storage";
import type { Database } from "../../db/client";
import { cursorTime, UUID } from "../../db/keyset";
import { groupPosts, profiles, studyGroups } from "../../db/schema";
import type { AppServices } from "../../http/app-env";
import type { FanOutDeps } from "../../shared/notify";
import { notifyMentions } from "../notifications";
import { postNotFound } from "./not-found";
import {
  type MediaDeps,
  type MediaOrigin,
  type MediaSource,
  removePostMedia,
  type StoredMedia,
  storePostMedia,
} from "./post-media";
import { summarise } from "./reactions";

// A group's posts: how a row becomes the FeedPost a reader may see, and making, pinning and deleting one.

export const postColumns = {
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

export type PostRow = {
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
function withoutPendingMedia(post: FeedPost): FeedPost {
  return post.mediaPending ? { ...post, mediaUrl: null } : post;
}

/** Media waiting for a leader shows only to its author and to leaders and admins. */
export function canSeeMedia(row: { mediaStatus: string | null; author: FeedAuthor }, reader: FeedReader) {
  return (
    row.mediaStatus !== "pending" ||
    reader.privileged ||
    (row.author.id !== null && row.author.id === reader.id)
  );
}

export function toFeedPost(
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
    // Field by field: a tally handed in may carry more (feed-page.ts's reactors), which no reader is sent.
    reactionCounts: reactions.reactionCounts,
    reactionsCount: reactions.reactionsCount,
    userReaction: reactions.userReaction,
    // A new post has no comments yet; the feed page fills in the newest comments of the posts it lists.
    latestComments: [],
  };
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
export async function insertPost(
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

/** Deletes a post (its comments and reactions go with it), then its media, best effort. */
export async function deletePost(
  db: Database,
  storage: Storage,
  post: { id: string; mediaUrl: string | null },
  onMediaLeft: (error: unknown) => void,
) {
  await db.delete(groupPosts).where(eq(groupPosts.id, post.id));
  await removePostMedia(storage, post.mediaUrl, onMediaLeft);
}

/**
 * What every new post sets off, from 'New Post' or a shared story alike: the group's open tabs get it live
 * (`post_created`) and the members it @mentions are notified. One event goes to the whole group, so it
 * carries what any member may see; the author's tab has its own copy from the POST answer.
 */
export async function announceNewPost(deps: FanOutDeps & Pick<AppServices, "pushQueue">, post: FeedPost) {
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
 * fails. The
 * action that calls it announces the post (announceNewPost). The caller has checked membership. Media is an upload unless the
 * caller says otherwise, so that nothing reaches the group unreviewed by mistake.
 */
export async function createPostWithMedia(
  deps: FanOutDeps & Pick<AppServices, "pushQueue"> & MediaDeps,
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
    post = await insertPost(deps.db, { ...input, media, mediaStatus });
  } catch (error) {
    for (const key of media?.keys ?? []) {
      await deps.storage
        .delete(key)
        .catch((err) => deps.logger.warn({ err, key }, "orphan post media not removed"));
    }
    throw error;
  }
  return post;
}
