import { and, desc, eq, isNull, sql } from "drizzle-orm";
import {
  authorOrDeleted,
  FEED_LATEST_COMMENTS,
  type FeedComment,
  type FeedPost,
} from "../../../core/schemas/feed";
import type { Database } from "../../db/client";
import { isCursorTime, UUID } from "../../db/keyset";
import { commentReactions, groupPosts, postComments, postReactions, profiles } from "../../db/schema";
import type { FeedPageCache, SharedFeedPage, SharedPost } from "./page-cache";
import { canSeeMedia, type FeedReader, type PostRow, postColumns, toFeedPost } from "./posts";
import { tallyReactions } from "./reactions";

// Reading a group's feed a page at a time: keyset pages, shared by every member and cached per feed version.

export const FEED_PAGE_SIZE = 20;

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

/** A comment of a card as the feed query gives it (a row of json_agg: snake_case, a database timestamp). */
type LatestCommentRow = {
  id: string;
  content: string;
  created_at: string;
  author_id: string | null;
  username: string | null;
  avatar_url: string | null;
  reactions: [string, string][];
};

/**
 * The post's newest top-level comments for its card, oldest first, each with its reactions: a subquery per
 * row of the page, on the comments' post index. A reply stays in the full thread, under what it answers.
 */
const latestCommentsOfPost = sql<LatestCommentRow[]>`(
  select coalesce(json_agg(latest order by latest.created_at, latest.id), '[]'::json) from (
    select c.id, c.content, c.created_at, c.author_id, p.username, p.avatar_url,
      (select coalesce(json_agg(json_build_array(r.user_id, r.reaction_type)), '[]'::json)
       from ${commentReactions} r where r.comment_id = c.id) as reactions
    from ${postComments} c left join ${profiles} p on p.id = c.author_id
    where c.post_id = ${groupPosts.id} and c.parent_comment_id is null and c.hidden_at is null
    order by c.created_at desc, c.id desc
    limit ${sql.raw(String(FEED_LATEST_COMMENTS))}
  ) latest
)`;

function toLatestComment(postId: string, row: LatestCommentRow): SharedPost["latestComments"][number] {
  const { reactors, reactionCounts, reactionsCount } = tallyReactions(row.reactions);
  const comment: Omit<FeedComment, "userReaction"> = {
    id: row.id,
    postId,
    parentCommentId: null,
    content: row.content,
    createdAt: new Date(row.created_at).toISOString(),
    author: authorOrDeleted({ id: row.author_id, username: row.username, avatarUrl: row.avatar_url }),
    reactionCounts,
    reactionsCount,
    replies: [],
  };
  // Serialised once, like the post, so a cached read only splices in each reader's own reaction.
  return { commonJson: JSON.stringify(comment).slice(0, -1), reactors };
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
      latestComments: latestCommentsOfPost,
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
    posts: page.map(({ reactions, latestComments, cursorTime: _, ...row }) => {
      const tally = tallyReactions(reactions);
      // Everything but the reader's own parts, serialised once for every reader of this version.
      const {
        mediaUrl: _url,
        userReaction: _own,
        latestComments: _none,
        ...common
      } = toFeedPost(row, row.commentsCount, { ...tally, userReaction: null }, { id: "", privileged: false });
      return {
        ...row,
        reactors: tally.reactors,
        commonJson: JSON.stringify(common).slice(0, -1),
        latestComments: latestComments.map((comment) => toLatestComment(row.id, comment)),
      };
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
    const latestComments = post.latestComments.map(
      (comment) =>
        `${comment.commonJson},"userReaction":${JSON.stringify(comment.reactors.get(reader.id) ?? null)}}`,
    );
    return `${post.commonJson},"mediaUrl":${JSON.stringify(mediaUrl)},"userReaction":${JSON.stringify(userReaction)},"latestComments":[${latestComments.join(",")}]}`;
  });
  return `{"posts":[${posts.join(",")}],"nextCursor":${JSON.stringify(page.nextCursor)}}`;
}
