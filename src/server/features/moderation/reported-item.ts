import { and, eq, isNotNull, isNull, sql } from "drizzle-orm";
import {
  AVATAR_REVIEW_MESSAGES,
  REPORT_MESSAGES,
  type ReportTargetType,
} from "../../../core/schemas/moderation";
import { UUID } from "../../db/keyset";
import { groupMessages, groupPosts, postComments, profiles } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { Executor } from "../../shared/award-xp";
import { uploadedAvatarKey } from "../profile";
import { USER_ID } from "./avatar-review";

// The item a report is about (a post, comment, chat message or profile picture): finding it, hiding it and
// deleting it, for members' reports and leaders' actions alike.

export const itemNotFound = () => new AppError("not_found", 404, REPORT_MESSAGES.notFound);
export const wrongAction = () => new AppError("wrong_action", 400, AVATAR_REVIEW_MESSAGES.wrongAction);

export type Item = {
  type: ReportTargetType;
  /** The id as the database writes it, so that "ABC…" and "abc…" are one item for the unique index. */
  id: string;
  groupId: string;
  /** Null once the author deleted their account. */
  authorId: string | null;
  text: string;
  hidden: boolean;
  /** A post's media; for a profile picture, the uploaded picture its owner shows (null for a built-in one). */
  mediaUrl: string | null;
};

/** Chat ids are bigserials; anything else (or beyond what a JavaScript number holds exactly) is no message. */
export const MESSAGE_ID = /^[1-9]\d{0,14}$/;

/** Whether an id could name an item of this type: a malformed one is simply not found, never a 500. */
function isItemId(type: ReportTargetType, id: string) {
  if (type === "avatar") return USER_ID.test(id);
  return type === "message" ? MESSAGE_ID.test(id) : UUID.test(id);
}

/**
 * The item and its group, or null. With `lock`, its row is locked until the transaction ends: reports of one
 * item and leader actions on it then take turns, so the third report is always counted as the third. "No key
 * update" leaves alone the new comments and reactions that only need the row to exist. A profile picture has
 * no group of its own: `groupId` is the one the report was made from (its owner's row is what is locked, as
 * uploads and a leader's decisions lock it).
 */
export async function findItem(
  db: Executor,
  type: ReportTargetType,
  id: string,
  lock = false,
  groupId?: string,
): Promise<Item | null> {
  if (!isItemId(type, id)) return null;
  if (type === "avatar") {
    if (!groupId || !UUID.test(groupId)) return null;
    const query = db
      .select({ id: profiles.id, avatarUrl: profiles.avatarUrl })
      .from(profiles)
      .where(eq(profiles.id, id));
    const [row] = lock ? await query.for("no key update") : await query;
    return row
      ? {
          type,
          id: row.id,
          groupId,
          authorId: row.id,
          text: "",
          hidden: false,
          mediaUrl: uploadedAvatarKey(row.avatarUrl) ? row.avatarUrl : null,
        }
      : null;
  }
  if (type === "post") {
    const query = db
      .select({
        id: groupPosts.id,
        groupId: groupPosts.groupId,
        authorId: groupPosts.authorId,
        title: groupPosts.title,
        content: groupPosts.content,
        hiddenAt: groupPosts.hiddenAt,
        mediaUrl: groupPosts.mediaUrl,
      })
      .from(groupPosts)
      .where(eq(groupPosts.id, id));
    const [row] = lock ? await query.for("no key update") : await query;
    return row
      ? {
          type,
          id: row.id,
          groupId: row.groupId,
          authorId: row.authorId,
          text: `${row.title}\n${row.content}`,
          hidden: row.hiddenAt !== null,
          mediaUrl: row.mediaUrl,
        }
      : null;
  }
  if (type === "comment") {
    const query = db
      .select({
        id: postComments.id,
        groupId: groupPosts.groupId,
        authorId: postComments.authorId,
        content: postComments.content,
        hiddenAt: postComments.hiddenAt,
      })
      .from(postComments)
      .innerJoin(groupPosts, eq(groupPosts.id, postComments.postId))
      .where(eq(postComments.id, id));
    const [row] = lock ? await query.for("no key update", { of: postComments }) : await query;
    return row ? { ...row, type, text: row.content, hidden: row.hiddenAt !== null, mediaUrl: null } : null;
  }
  const query = db
    .select({
      id: groupMessages.id,
      groupId: groupMessages.groupId,
      authorId: groupMessages.senderId,
      body: groupMessages.body,
      hiddenAt: groupMessages.hiddenAt,
    })
    .from(groupMessages)
    .where(eq(groupMessages.id, Number(id)));
  const [row] = lock ? await query.for("no key update") : await query;
  return row
    ? {
        type,
        id: String(row.id),
        groupId: row.groupId,
        authorId: row.authorId,
        text: row.body,
        hidden: row.hiddenAt !== null,
        mediaUrl: null,
      }
    : null;
}

/** Hides or shows the item again; hiding keeps the time it was first hidden. A picture is never hidden. */
export async function setHidden(db: Executor, item: Item, hidden: boolean): Promise<boolean> {
  if (item.type === "avatar") return false;
  const hiddenAt = hidden ? sql`now()` : null;
  if (item.type === "post") {
    const rows = await db
      .update(groupPosts)
      .set({ hiddenAt })
      .where(
        and(
          eq(groupPosts.id, item.id),
          hidden ? isNull(groupPosts.hiddenAt) : isNotNull(groupPosts.hiddenAt),
        ),
      )
      .returning({ id: groupPosts.id });
    return rows.length > 0;
  }
  if (item.type === "comment") {
    const rows = await db
      .update(postComments)
      .set({ hiddenAt })
      .where(
        and(
          eq(postComments.id, item.id),
          hidden ? isNull(postComments.hiddenAt) : isNotNull(postComments.hiddenAt),
        ),
      )
      .returning({ id: postComments.id });
    return rows.length > 0;
  }
  const rows = await db
    .update(groupMessages)
    .set({ hiddenAt })
    .where(
      and(
        eq(groupMessages.id, Number(item.id)),
        hidden ? isNull(groupMessages.hiddenAt) : isNotNull(groupMessages.hiddenAt),
      ),
    )
    .returning({ id: groupMessages.id });
  return rows.length > 0;
}

/** Deletes the item; a comment's replies go with it (the foreign key cascades), as a post's comments do. */
export async function deleteItem(db: Executor, item: Item) {
  if (item.type === "avatar") throw wrongAction();
  if (item.type === "post") await db.delete(groupPosts).where(eq(groupPosts.id, item.id));
  else if (item.type === "comment") await db.delete(postComments).where(eq(postComments.id, item.id));
  else await db.delete(groupMessages).where(eq(groupMessages.id, Number(item.id)));
}
