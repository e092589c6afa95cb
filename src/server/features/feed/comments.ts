import { and, asc, eq, isNull } from "drizzle-orm";
import {
  authorOrDeleted,
  type FeedAuthor,
  type FeedComment,
  type ReactionSummary,
} from "../../../core/schemas/feed";
import type { Database } from "../../db/client";
import { isForeignKeyViolation } from "../../db/errors";
import { UUID } from "../../db/keyset";
import { groupPosts, postComments, profiles } from "../../db/schema";
import { commentNotFound, postNotFound } from "./not-found";
import { commentReactionSummaries, summarise } from "./reactions";

// Comments and replies on a post: the thread, and writing one.

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
export async function insertComment(
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
