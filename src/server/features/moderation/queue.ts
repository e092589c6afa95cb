import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { QueueReport, ReportReason, ReportTargetType } from "../../../core/schemas/moderation";
import type { Database } from "../../db/client";
import { cursorTime, decodeTimeCursor, encodeTimeCursor } from "../../db/keyset";
import { groupMessages, groupPosts, postComments, profiles, reports, studyGroups } from "../../db/schema";
import { uploadedAvatarKey } from "../profile";

export const QUEUE_PAGE_SIZE = 25;

type Person = { id: string; username: string | null };

/**
 * Open reports, oldest first, a page at a time (keyset on created_at and id). Each comes with its item as
 * written (a profile picture as its owner shows it now), its author and how many open reports the item has:
 * one query for the page (the count is a correlated subquery on the target index) and one per kind of item on
 * it, so at most five, however many.
 */
export async function listQueue(db: Database, cursor?: string) {
  const after = cursor ? decodeTimeCursor(cursor) : null;
  const rows = await db
    .select({
      id: reports.id,
      reason: reports.reason,
      note: reports.note,
      createdAt: reports.createdAt,
      time: cursorTime(reports.createdAt),
      targetType: reports.targetType,
      targetId: reports.targetId,
      groupId: reports.groupId,
      groupName: studyGroups.name,
      reporterId: reports.reporterId,
      reporterName: profiles.username,
      // Aliased, so that "reports" inside still names the outer row.
      reportCount: sql<number>`(select count(*)::int from ${reports} same_item where same_item.target_type = ${reports.targetType} and same_item.target_id = ${reports.targetId} and same_item.status = 'open')`,
    })
    .from(reports)
    .innerJoin(studyGroups, eq(studyGroups.id, reports.groupId))
    .leftJoin(profiles, eq(profiles.id, reports.reporterId))
    .where(
      and(
        eq(reports.status, "open"),
        after
          ? sql`(${reports.createdAt}, ${reports.id}) > (${after.time}::timestamptz, ${after.id}::uuid)`
          : undefined,
      ),
    )
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(QUEUE_PAGE_SIZE + 1);
  const page = rows.slice(0, QUEUE_PAGE_SIZE);
  const items = await loadItems(db, page);
  const last = page.at(-1);
  return {
    reports: page.map((row): QueueReport => {
      const type = row.targetType as ReportTargetType;
      const item = items.get(`${type}:${row.targetId}`);
      return {
        id: row.id,
        reason: row.reason as ReportReason,
        note: row.note,
        createdAt: row.createdAt.toISOString(),
        reporter: row.reporterId ? { id: row.reporterId, username: row.reporterName ?? null } : null,
        reportCount: row.reportCount,
        item: {
          targetType: type,
          targetId: row.targetId,
          groupId: row.groupId,
          groupName: row.groupName,
          text: item?.text ?? null,
          author: item?.author ?? null,
          hidden: item?.hidden ?? false,
          pictureUrl: item?.pictureUrl ?? null,
        },
      };
    }),
    nextCursor: rows.length > QUEUE_PAGE_SIZE && last ? encodeTimeCursor(last.time, last.id) : null,
  };
}

type LoadedItem = { text: string | null; author: Person | null; hidden: boolean; pictureUrl: string | null };

/** The page's items by `type:id`, one query per kind present; a deleted item is simply absent. */
async function loadItems(db: Database, page: { targetType: string; targetId: string }[]) {
  const idsOf = (type: ReportTargetType) =>
    page.filter((row) => row.targetType === type).map((row) => row.targetId);
  const postIds = idsOf("post");
  const commentIds = idsOf("comment");
  const messageIds = idsOf("message").map(Number);
  const ownerIds = idsOf("avatar");
  const [posts, comments, messages, owners] = await Promise.all([
    postIds.length === 0
      ? []
      : db
          .select({
            id: groupPosts.id,
            title: groupPosts.title,
            content: groupPosts.content,
            authorId: groupPosts.authorId,
            username: profiles.username,
            hiddenAt: groupPosts.hiddenAt,
          })
          .from(groupPosts)
          .leftJoin(profiles, eq(profiles.id, groupPosts.authorId))
          .where(inArray(groupPosts.id, postIds)),
    commentIds.length === 0
      ? []
      : db
          .select({
            id: postComments.id,
            content: postComments.content,
            authorId: postComments.authorId,
            username: profiles.username,
            hiddenAt: postComments.hiddenAt,
          })
          .from(postComments)
          .leftJoin(profiles, eq(profiles.id, postComments.authorId))
          .where(inArray(postComments.id, commentIds)),
    messageIds.length === 0
      ? []
      : db
          .select({
            id: groupMessages.id,
            body: groupMessages.body,
            authorId: groupMessages.senderId,
            username: profiles.username,
            hiddenAt: groupMessages.hiddenAt,
          })
          .from(groupMessages)
          .leftJoin(profiles, eq(profiles.id, groupMessages.senderId))
          .where(inArray(groupMessages.id, messageIds)),
    ownerIds.length === 0
      ? []
      : db
          .select({ id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
          .from(profiles)
          .where(inArray(profiles.id, ownerIds)),
  ]);
  const items = new Map<string, LoadedItem>();
  const author = (row: { authorId: string | null; username: string | null }) =>
    row.authorId ? { id: row.authorId, username: row.username } : null;
  for (const row of posts) {
    items.set(`post:${row.id}`, {
      text: `${row.title}\n${row.content}`,
      author: author(row),
      hidden: row.hiddenAt !== null,
      pictureUrl: null,
    });
  }
  for (const row of comments) {
    const hidden = row.hiddenAt !== null;
    items.set(`comment:${row.id}`, { text: row.content, author: author(row), hidden, pictureUrl: null });
  }
  for (const row of messages) {
    const hidden = row.hiddenAt !== null;
    items.set(`message:${row.id}`, { text: row.body, author: author(row), hidden, pictureUrl: null });
  }
  // A picture has no words; what is reported is the uploaded picture its owner shows now, if any.
  for (const row of owners) {
    items.set(`avatar:${row.id}`, {
      text: null,
      author: { id: row.id, username: row.username },
      hidden: false,
      pictureUrl: uploadedAvatarKey(row.avatarUrl) ? row.avatarUrl : null,
    });
  }
  return items;
}
