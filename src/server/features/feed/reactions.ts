import { and, eq, inArray, sql } from "drizzle-orm";
import { REACTION_TYPES, type ReactionSummary, type ReactionType } from "../../../core/schemas/feed";
import type { Database } from "../../db/client";
import { isForeignKeyViolation } from "../../db/errors";
import { commentReactions, postComments, postReactions } from "../../db/schema";
import { commentNotFound, postNotFound } from "./not-found";

// Reactions on posts and comments: the toggle, and the per-type counts every list shows. Every count comes
// from REACTION_TYPES, so a new type is counted, summed and shown without touching this file.

/** Zero of every reaction type. */
export function noReactions(): Record<ReactionType, number> {
  return Object.fromEntries(REACTION_TYPES.map((type) => [type, 0])) as Record<ReactionType, number>;
}

const total = (counts: Record<ReactionType, number>) =>
  REACTION_TYPES.reduce((sum, type) => sum + counts[type], 0);

type ReactionRow = { type: string; count: number; mine: boolean };

export function summarise(rows: ReactionRow[]): ReactionSummary {
  const reactionCounts = noReactions();
  let userReaction: ReactionType | null = null;
  for (const row of rows) {
    const type = REACTION_TYPES.find((known) => known === row.type);
    if (!type) continue;
    reactionCounts[type] = row.count;
    if (row.mine) userReaction = type;
  }
  const reactionsCount = total(reactionCounts);
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
export async function postReactionSummaries(db: Database, postIds: string[], readerId: string) {
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
export async function commentReactionSummaries(db: Database, postId: string, readerId: string) {
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

/** Who reacted how on one post, as the feed query gives it: [user id, reaction type] pairs. */
export function tallyReactions(pairs: [string, string][]) {
  const reactors = new Map<string, ReactionType>();
  const reactionCounts = noReactions();
  for (const [userId, value] of pairs) {
    const type = REACTION_TYPES.find((known) => known === value);
    if (!type) continue;
    reactors.set(userId, type);
    reactionCounts[type] += 1;
  }
  return { reactors, reactionCounts, reactionsCount: reactors.size };
}
