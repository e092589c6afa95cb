import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { FEED_MESSAGES } from "../../../core/schemas/feed";
import { MEDIA_MESSAGES, type MediaReviewAction, type PendingMedia } from "../../../core/schemas/moderation";
import type { Database } from "../../db/client";
import { cursorTime, decodeTimeCursor, encodeTimeCursor, UUID } from "../../db/keyset";
import { auditLog, groupPosts, profiles, studyGroups } from "../../db/schema";
import type { AppServices } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { removePostMedia } from "../feed";

// Media from members waiting for a leader (issue 6, the group's "approve media first"): the queue, and the
// approve and reject actions on it.

export const MEDIA_PAGE_SIZE = 25;

/** What the audit row says when the leader gave no reason (approving needs none). */
export const NO_REASON = "—";

const postNotFound = () => new AppError("post_not_found", 404, FEED_MESSAGES.postNotFound);
const notPending = () => new AppError("media_not_pending", 409, MEDIA_MESSAGES.notPending);

// Written out rather than bound as a parameter, so that the planner always matches the partial index's own
// predicate (group_posts_pending_media_idx), whatever plan a prepared statement gets.
const isPendingMedia = sql`${groupPosts.mediaStatus} = 'pending'`;

/**
 * Media waiting for approval in every group, oldest first, a page at a time: keyset on created_at and id,
 * which the partial index holds in that order, so a page reads only waiting rows. A hidden post is left out:
 * no member sees it, and the report that hid it is the leader's concern. One query per page.
 */
export async function listPendingMedia(db: Database, cursor?: string) {
  const after = cursor ? decodeTimeCursor(cursor) : null;
  const rows = await db
    .select({
      postId: groupPosts.id,
      groupId: groupPosts.groupId,
      groupName: studyGroups.name,
      title: groupPosts.title,
      mediaUrl: groupPosts.mediaUrl,
      mediaType: groupPosts.mediaType,
      createdAt: groupPosts.createdAt,
      time: cursorTime(groupPosts.createdAt),
      authorId: groupPosts.authorId,
      username: profiles.username,
    })
    .from(groupPosts)
    .innerJoin(studyGroups, eq(studyGroups.id, groupPosts.groupId))
    .leftJoin(profiles, eq(profiles.id, groupPosts.authorId))
    .where(
      and(
        isPendingMedia,
        isNull(groupPosts.hiddenAt),
        after
          ? sql`(${groupPosts.createdAt}, ${groupPosts.id}) > (${after.time}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(groupPosts.createdAt), asc(groupPosts.id))
    .limit(MEDIA_PAGE_SIZE + 1);
  const page = rows.slice(0, MEDIA_PAGE_SIZE);
  const last = page.at(-1);
  return {
    media: page.flatMap((row): PendingMedia[] =>
      // The checks on the table pair a pending status with a file; this only satisfies the types.
      row.mediaUrl && (row.mediaType === "image" || row.mediaType === "video")
        ? [
            {
              postId: row.postId,
              groupId: row.groupId,
              groupName: row.groupName,
              title: row.title,
              mediaUrl: row.mediaUrl,
              mediaType: row.mediaType,
              createdAt: row.createdAt.toISOString(),
              author: row.authorId ? { id: row.authorId, username: row.username ?? null } : null,
            },
          ]
        : [],
    ),
    nextCursor: rows.length > MEDIA_PAGE_SIZE && last ? encodeTimeCursor(last.time, last.postId) : null,
  };
}

export type MediaReviewInput = { action: MediaReviewAction; reason?: string };

/** A post whose media a leader decided on, as it was while the media waited. */
export type ReviewedPost = {
  id: string;
  groupId: string;
  authorId: string | null;
  mediaUrl: string | null;
  mediaType: string | null;
  hiddenAt: Date | null;
};

/**
 * A leader's approval or rejection of a post's waiting media. The post's row is locked first, the way report
 * actions lock it, so two leaders (or a leader and a report action) take turns: the second finds the media
 * no longer waiting (409). The change and its audit row are one transaction. Only after it commits is a
 * rejected file removed (and the action tells the feeds and the author), so none of this happens for a
 * decision that did not stand. Returns the post as it was before the decision.
 */
export async function reviewPendingMedia(
  deps: Pick<AppServices, "db" | "logger" | "storage">,
  actorId: string,
  postId: string,
  input: MediaReviewInput,
): Promise<ReviewedPost> {
  if (!UUID.test(postId)) throw postNotFound();
  const reason = input.reason?.trim() || NO_REASON;

  const post = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        id: groupPosts.id,
        groupId: groupPosts.groupId,
        authorId: groupPosts.authorId,
        mediaUrl: groupPosts.mediaUrl,
        mediaType: groupPosts.mediaType,
        mediaStatus: groupPosts.mediaStatus,
        hiddenAt: groupPosts.hiddenAt,
      })
      .from(groupPosts)
      .where(eq(groupPosts.id, postId))
      // Comments and reactions on the post only need it to exist: they are not held up.
      .for("no key update");
    if (!row) throw postNotFound();
    if (row.mediaStatus !== "pending") throw notPending();
    if (input.action === "approve") {
      await tx.update(groupPosts).set({ mediaStatus: "approved" }).where(eq(groupPosts.id, row.id));
    } else {
      await tx
        .update(groupPosts)
        .set({ mediaUrl: null, mediaType: null, mediaStatus: null })
        .where(eq(groupPosts.id, row.id));
    }
    await tx.insert(auditLog).values({
      actorId,
      action: input.action === "approve" ? "approve_media" : "reject_media",
      targetType: "post",
      targetId: row.id,
      reason,
      details: { groupId: row.groupId, authorId: row.authorId, mediaType: row.mediaType },
    });
    return row;
  });

  if (input.action === "reject") {
    await removePostMedia(deps.storage, post.mediaUrl, (err) =>
      deps.logger.warn({ err, postId: post.id }, "rejected post media not removed"),
    );
  }
  return post;
}
