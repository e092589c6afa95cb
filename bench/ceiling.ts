// The ceiling: a bare node:http + pg server that answers the bench's measured read routes with the same SQL
// and the same JSON bodies as the app, and nothing else (no framework, no middleware, no validation library).
// What it reaches on this machine is the limit the app's read path is judged against (bench/ceiling-rows.ts).
// It also writes a story part's pieces as the app does, up to the end of the AI's stream (bench/stream-latency.ts),
// given the AI's AI_BASE_URL, AI_API_KEY and AI_MODEL.
// It runs in a process of its own, like the app. Environment: DATABASE_URL and AUTH_SECRET (the app's, so that
// the app's session cookies are valid here), CEILING_POOL_SIZE (the app's pool size). Listens on a free port of
// 127.0.0.1, prints its address on the first line of stdout and stops when stdin ends.
//
// It does what the app does for each request, the way a careful hand-written server would:
// - the statements are the app's own, word for word (see the function named beside each), prepared once per
//   connection; statements that do not wait for each other's answers run at once;
// - the session: the signed cookie is checked and the session row looked up by its token, then remembered
//   for 15 seconds by Cookie header as the app's session cache does (src/server/auth/session-cache.ts), with
//   requests that miss together sharing one look-up;
// - the feed: the membership checks of one turn of the event loop go to the database as one statement, and a
//   group's first page is kept until its feed_version moves, as the app does (requireMember, page-cache.ts);
// - the story catalogue (the stories and their prompts) read once per process, as the app's catalogue is;
// - the same security headers on every answer.
// When the app's SQL for one of these routes changes, this file must follow: before measuring, the bench
// checks through a tap on the database connection (bench/sql-tap.ts) that both run the same statements for a
// request and answer the same bytes, and leaves a route unmeasured when they do not.
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createParser } from "eventsource-parser";
import pg from "pg";
import { DELETED_USER_NAME, FEED_LATEST_COMMENTS, REACTION_TYPES } from "../src/core/schemas/feed";
import { isPrivileged, type Role } from "../src/core/schemas/moderation";
import { NOTIFICATIONS_FETCHED } from "../src/core/schemas/notifications";
import { LAYERS } from "../src/core/stories/layers";
import { storyPreview } from "../src/core/stories/story-preview";
import { buildStoryMessages } from "../src/core/stories/story-prompt";
import { libraryBySlug } from "../src/server/features/stories/library";
import { createOutputChecker } from "../src/server/shared/ai-guardrails";

const databaseUrl = process.env.DATABASE_URL;
const authSecret = process.env.AUTH_SECRET;
const poolSize = Number(process.env.CEILING_POOL_SIZE ?? 10);
if (!databaseUrl || !authSecret) throw new Error("the ceiling needs DATABASE_URL and AUTH_SECRET");

const pool = new pg.Pool({
  connectionString: databaseUrl,
  max: poolSize,
  application_name: "lamplight-ceiling",
});
pool.on("error", () => {});

type Row = Record<string, unknown>;

/** A named statement: PostgreSQL parses it once per connection. */
async function run(name: string, text: string, values: unknown[]): Promise<Row[]> {
  return (await pool.query<Row>({ name, text, values })).rows;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : null);

// ---- HTTP ----------------------------------------------------------------------------------------------

/** The app's headers on every API answer (src/server/http/security.ts, no-store.ts), written once. */
const JSON_HEADERS: [string, string][] = [
  ["cache-control", "no-store"],
  [
    "content-security-policy",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'",
  ],
  ["content-type", "application/json"],
  ["cross-origin-opener-policy", "same-origin"],
  ["cross-origin-resource-policy", "same-origin"],
  ["origin-agent-cluster", "?1"],
  ["permissions-policy", "camera=(), microphone=(), geolocation=()"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["x-content-type-options", "nosniff"],
  ["x-dns-prefetch-control", "off"],
  ["x-download-options", "noopen"],
  ["x-frame-options", "DENY"],
  ["x-permitted-cross-domain-policies", "none"],
  ["x-xss-protection", "0"],
];

function send(response: http.ServerResponse, status: number, body: string) {
  response.writeHead(status, [...JSON_HEADERS, ["content-length", String(Buffer.byteLength(body))]].flat());
  response.end(body);
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

// ---- Session (Better Auth's cookie and look-up, src/server/auth/session.ts) ---------------------------

const SESSION_COOKIE = "lamplight.session_token";
const SESSION_TTL_MS = 15_000;
const sessions = new Map<string, { userId: string; until: number }>();
const sessionLookups = new Map<string, Promise<string | undefined>>();

/** The token of a signed session cookie (`token.base64(HMAC-SHA256(secret, token))`, URI-encoded), if valid. */
function signedToken(cookieHeader: string): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const at = part.indexOf("=");
    if (part.slice(0, at).trim() !== SESSION_COOKIE) continue;
    const value = decodeURIComponent(part.slice(at + 1).trim());
    const dot = value.lastIndexOf(".");
    if (dot < 1) return undefined;
    const token = value.slice(0, dot);
    const given = Buffer.from(value.slice(dot + 1), "base64");
    const expected = createHmac("sha256", authSecret as string)
      .update(token)
      .digest();
    return given.length === expected.length && timingSafeEqual(given, expected) ? token : undefined;
  }
  return undefined;
}

/** The session row by its token, then its user, as Better Auth reads them. */
async function lookUpSession(token: string): Promise<{ userId: string; expiresAt: Date } | undefined> {
  const [session] = await run(
    "ceiling_session",
    `select "id", "token", "user_id", "expires_at", "ip_address", "user_agent", "created_at", "updated_at" from "sessions" where "sessions"."token" = $1`,
    [token],
  );
  if (!session || (session.expires_at as Date).getTime() <= Date.now()) return undefined;
  const [user] = await run(
    "ceiling_session_user",
    `select "id", "name", "email", "email_verified", "image", "created_at", "updated_at" from "users" where "users"."id" = $1`,
    [session.user_id],
  );
  return user ? { userId: user.id as string, expiresAt: session.expires_at as Date } : undefined;
}

async function signedInUser(cookieHeader: string | undefined): Promise<string> {
  if (!cookieHeader) throw new HttpError(401, "not_authenticated");
  const known = sessions.get(cookieHeader);
  if (known && known.until > Date.now()) return known.userId;
  let lookup = sessionLookups.get(cookieHeader);
  if (!lookup) {
    const token = signedToken(cookieHeader);
    lookup = (token ? lookUpSession(token) : Promise.resolve(undefined))
      .then((found) => {
        if (!found) return undefined;
        if (sessions.size >= 10_000) sessions.clear();
        const until = Math.min(Date.now() + SESSION_TTL_MS, found.expiresAt.getTime());
        sessions.set(cookieHeader, { userId: found.userId, until });
        return found.userId;
      })
      .finally(() => sessionLookups.delete(cookieHeader));
    sessionLookups.set(cookieHeader, lookup);
  }
  const userId = await lookup;
  if (!userId) throw new HttpError(401, "not_authenticated");
  return userId;
}

// ---- Stories (src/server/features/stories/catalogue.ts, service.ts) -----------------------------------

const PROGRESS_COLUMNS = `"story_progress"."user_id", "story_progress"."story_id", "story_progress"."current_step", "story_progress"."current_layer", "story_progress"."highest_layer_reached", "story_progress"."completed", "story_progress"."completed_at", "story_progress"."updated_at"`;

/** A story is locked while the reader's level is below its difficulty, unless one of their groups assigned it. */
const isLocked = (level: unknown, story: Row, assigned: boolean) =>
  !assigned && ((level as number | null | undefined) ?? 1) < (story.difficulty as number);

const progressView = (row: Row | undefined) =>
  !row || row.user_id === null
    ? null
    : {
        currentLayer: row.current_layer,
        highestLayerReached: row.highest_layer_reached,
        completed: row.completed,
        completedAt: iso(row.completed_at),
        updatedAt: iso(row.updated_at),
      };

type CatalogueEntry = {
  story: Row;
  jsonHead: string;
  lockedJsonHead: string;
  preview: string;
  prompts: Map<unknown, unknown>;
  memoryVerse: string | null;
};
type Catalogue = { entries: CatalogueEntry[]; bySlug: Map<unknown, CatalogueEntry> };
let catalogue: Promise<Catalogue> | undefined;

/** The stories, their first-step prompts and memory verses, read once per process as the app's catalogue does. */
function storyCatalogue(): Promise<Catalogue> {
  catalogue ??= Promise.all([
    pool.query<Row>(
      `select "id", "slug", "title", "blurb", "scripture", "difficulty" from "stories" order by "stories"."difficulty" asc, "stories"."title" asc`,
    ),
    pool.query<Row>(
      `select "story_id", "layer", "prompt", "library_text" from "story_paths" where "story_paths"."step" = $1`,
      [1],
    ),
    libraryBySlug(),
  ]).then(([stories, paths, library]) => {
    const entries = stories.rows.map((story) => {
      const own = paths.rows.filter((path) => path.story_id === story.id);
      const preview = storyPreview(String(own.find((path) => path.layer === 1)?.library_text ?? ""));
      return {
        story,
        jsonHead: JSON.stringify(story).slice(0, -1),
        lockedJsonHead: JSON.stringify({ ...story, preview }).slice(0, -1),
        preview,
        prompts: new Map(own.map((path) => [path.layer, path.prompt])),
        memoryVerse: library.get(String(story.slug))?.memoryVerse ?? null,
      };
    });
    return { entries, bySlug: new Map(entries.map((entry) => [entry.story.slug, entry])) };
  });
  return catalogue;
}

/** listStoriesJson: the catalogue's stories, each with the reader's progress (and level) from one statement. */
async function storyList(userId: string): Promise<string> {
  const [{ entries }, rows] = await Promise.all([
    storyCatalogue(),
    run(
      "ceiling_story_progress_of_reader",
      `select "profiles"."level", ${PROGRESS_COLUMNS}, (
        select coalesce(json_agg(distinct "group_assignments"."story_id"), '[]'::json)
        from "group_assignments"
        join "group_members" on "group_members"."group_id" = "group_assignments"."group_id"
        where "group_members"."user_id" = $1
      ) from "profiles" left join "story_progress" on "story_progress"."user_id" = "profiles"."id" where "profiles"."id" = $2`,
      [userId, userId],
    ),
  ]);
  const level = (rows[0]?.level as number | undefined) ?? 1;
  // The stories the reader's groups assigned them open whatever their level (issue 25).
  const assigned = new Set((rows[0]?.coalesce as unknown[] | undefined) ?? []);
  const progressByStory = new Map(
    rows.filter((row) => row.story_id !== null).map((row) => [row.story_id, row]),
  );
  const items = entries.map(
    (entry) =>
      `${isLocked(level, entry.story, assigned.has(entry.story.id)) ? entry.lockedJsonHead : entry.jsonHead},"progress":${JSON.stringify(progressView(progressByStory.get(entry.story.id)))}}`,
  );
  return `[${items.join(",")}]`;
}

const READER_OF_STORY_SQL = `select "profiles"."level", exists (
    select 1 from "group_assignments" assigned
    join "group_members" reader on reader.group_id = assigned.group_id
    where assigned.story_id = $1 and reader.user_id = $2
  ), ${PROGRESS_COLUMNS}, (
        select json_agg(json_build_object(
          'layer', "story_content"."layer", 'content', "story_content"."content", 'imageUrl', "story_content"."image_url"
        ) order by "story_content"."layer", "story_content"."step")
        from "story_content"
        where "story_content"."user_id" = "profiles"."id" and "story_content"."story_id" = $3
      ) from "profiles" left join "story_progress" on ("story_progress"."user_id" = "profiles"."id" and "story_progress"."story_id" = $4) where "profiles"."id" = $5`;

/** getStoryPage: the story from the catalogue, the reader's level, progress and text in one statement. */
async function storyPage(userId: string, slug: string): Promise<string> {
  const entry = (await storyCatalogue()).bySlug.get(slug);
  if (!entry) throw new HttpError(404, "story_not_found");
  const { story, prompts } = entry;
  const [reader] = await run("ceiling_reader_of_story", READER_OF_STORY_SQL, [
    story.id,
    userId,
    story.id,
    story.id,
    userId,
  ]);
  const locked = isLocked(reader?.level, story, reader?.exists === true);
  // A locked story shows none of the reader's text.
  const contents = locked ? [] : ((reader?.json_agg as Row[] | null) ?? []);
  return JSON.stringify({
    story,
    locked,
    ...(locked ? { preview: entry.preview } : {}),
    // The bench's app runs on the offline library (no AI_BASE_URL), as the ceiling rows start it.
    textSource: "library",
    memoryVerse: locked ? null : entry.memoryVerse,
    progress: progressView(reader),
    layers: LAYERS.map(({ layer, name }) => {
      const saved = contents.find((row) => row.layer === layer);
      return {
        layer,
        name,
        prompt: prompts.get(layer) ?? "",
        content: saved?.content ?? null,
        imageUrl: saved?.imageUrl ?? null,
      };
    }),
  });
}

// ---- Feed (src/server/features/groups/membership.ts, feed/feed-page.ts) --------------------------------

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MEMBERS_SQL = `select asked.n, "study_groups"."id", "study_groups"."name", "study_groups"."owner_id", "study_groups"."invite_code", "study_groups"."approve_media_first", "study_groups"."feed_version", "study_groups"."created_at", "group_members"."role", "profiles"."role" from unnest($1::uuid[], $2::text[]) with ordinality as asked(group_id, user_id, n) inner join "study_groups" on "study_groups"."id" = asked.group_id left join "group_members" on ("group_members"."group_id" = "study_groups"."id" and "group_members"."user_id" = asked.user_id) left join "profiles" on "profiles"."id" = "group_members"."user_id"`;

type Membership = { feedVersion: string; memberRole: unknown; appRole: unknown };
type MemberAsk = {
  groupId: string;
  userId: string;
  done: (row: Membership | undefined, error?: unknown) => void;
};
const memberBatch: MemberAsk[] = [];

/** The asks of one turn of the event loop as one statement; columns by position, as two are named "role". */
async function runMemberBatch(batch: MemberAsk[]) {
  try {
    const result = await pool.query<unknown[]>({
      name: "ceiling_members",
      text: MEMBERS_SQL,
      values: [batch.map((ask) => ask.groupId), batch.map((ask) => ask.userId)],
      rowMode: "array",
    });
    const byPlace = new Map<number, Membership>();
    for (const row of result.rows) {
      const [place, , , , , , feedVersion, , memberRole, appRole] = row;
      // feed_version is a bigint, which pg gives as a string.
      byPlace.set(Number(place), { feedVersion: String(feedVersion), memberRole, appRole });
    }
    for (const [index, ask] of batch.entries()) ask.done(byPlace.get(index + 1));
  } catch (error) {
    for (const ask of batch) ask.done(undefined, error);
  }
}

function membership(groupId: string, userId: string): Promise<Membership | undefined> {
  return new Promise((resolve, reject) => {
    // After the poll phase, so that every request read from the sockets in this turn is in the batch; at
    // most 200 a statement, as the app splits them.
    if (memberBatch.length === 0)
      setImmediate(() => {
        while (memberBatch.length > 0) void runMemberBatch(memberBatch.splice(0, 200));
      });
    memberBatch.push({ groupId, userId, done: (row, error) => (error ? reject(error) : resolve(row)) });
  });
}

const FEED_PAGE_SIZE = 20;
const FEED_PAGE_SQL = `select "group_posts"."id", "group_posts"."group_id", "group_posts"."title", "group_posts"."content", "group_posts"."media_url", "group_posts"."media_type", "group_posts"."media_status", "group_posts"."is_pinned", "group_posts"."created_at", to_char("group_posts"."created_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), "group_posts"."author_id", "profiles"."username", "profiles"."avatar_url", (
        select count(*)::int from "post_comments"
        where "post_comments"."post_id" = "group_posts"."id" and "post_comments"."hidden_at" is null
      ), (
        select coalesce(json_agg(json_build_array("post_reactions"."user_id", "post_reactions"."reaction_type")), '[]'::json)
        from "post_reactions" where "post_reactions"."post_id" = "group_posts"."id"
      ), (
  select coalesce(json_agg(latest order by latest.created_at, latest.id), '[]'::json) from (
    select c.id, c.content, c.created_at, c.author_id, p.username, p.avatar_url,
      (select coalesce(json_agg(json_build_array(r.user_id, r.reaction_type)), '[]'::json)
       from "comment_reactions" r where r.comment_id = c.id) as reactions
    from "post_comments" c left join "profiles" p on p.id = c.author_id
    where c.post_id = "group_posts"."id" and c.parent_comment_id is null and c.hidden_at is null
    order by c.created_at desc, c.id desc
    limit ${FEED_LATEST_COMMENTS}
  ) latest
) from "group_posts" left join "profiles" on "profiles"."id" = "group_posts"."author_id" where ("group_posts"."group_id" = $1 and "group_posts"."hidden_at" is null) order by "group_posts"."is_pinned" desc, "group_posts"."created_at" desc, "group_posts"."id" desc limit $2`;

type Author = { id: string | null; username: unknown; avatarUrl: unknown };
/** A post or comment as every member sees it (JSON without the closing brace), and who reacted how. */
type SharedItem = { commonJson: string; reactors: Map<string, string> };
type SharedPost = SharedItem & {
  mediaUrl: unknown;
  mediaStatus: unknown;
  authorId: string | null;
  latestComments: SharedItem[];
};
type SharedPage = { posts: SharedPost[]; nextCursor: string | null };

const authorOrDeleted = (author: Author): Author =>
  author.id === null ? { id: null, username: DELETED_USER_NAME, avatarUrl: null } : author;

function tally(pairs: [string, string][]) {
  const reactors = new Map<string, string>();
  const reactionCounts = Object.fromEntries(REACTION_TYPES.map((type) => [type, 0])) as Record<
    string,
    number
  >;
  for (const [userId, type] of pairs) {
    if (!(type in reactionCounts)) continue;
    reactors.set(userId, type);
    reactionCounts[type] = (reactionCounts[type] as number) + 1;
  }
  return { reactors, reactionCounts, reactionsCount: reactors.size };
}

/** The first page as every member sees it, in one statement (readSharedPage). */
async function readSharedPage(groupId: string): Promise<SharedPage> {
  const result = await pool.query<unknown[]>({
    name: "ceiling_feed_page",
    text: FEED_PAGE_SQL,
    values: [groupId, FEED_PAGE_SIZE + 1],
    rowMode: "array",
  });
  const rows = result.rows;
  const page = rows.slice(0, FEED_PAGE_SIZE);
  const posts = page.map((row): SharedPost => {
    const [id, , title, content, mediaUrl, mediaType, mediaStatus, isPinned, createdAt] = row;
    const author = authorOrDeleted({ id: row[10] as string | null, username: row[11], avatarUrl: row[12] });
    const { reactors, reactionCounts, reactionsCount } = tally(row[14] as [string, string][]);
    const common = {
      id,
      groupId: row[1],
      title,
      content,
      mediaType,
      mediaPending: mediaStatus === "pending",
      isPinned,
      createdAt: iso(createdAt),
      author,
      commentsCount: row[13],
      reactionCounts,
      reactionsCount,
    };
    const latestComments = (row[15] as Row[]).map((comment): SharedItem => {
      const tallied = tally(comment.reactions as [string, string][]);
      const shared = {
        id: comment.id,
        postId: id,
        parentCommentId: null,
        content: comment.content,
        createdAt: new Date(comment.created_at as string).toISOString(),
        author: authorOrDeleted({
          id: comment.author_id as string | null,
          username: comment.username,
          avatarUrl: comment.avatar_url,
        }),
        reactionCounts: tallied.reactionCounts,
        reactionsCount: tallied.reactionsCount,
        replies: [],
      };
      return { commonJson: JSON.stringify(shared).slice(0, -1), reactors: tallied.reactors };
    });
    return {
      commonJson: JSON.stringify(common).slice(0, -1),
      reactors,
      mediaUrl,
      mediaStatus,
      authorId: author.id,
      latestComments,
    };
  });
  const last = page.at(-1);
  const nextCursor =
    rows.length > FEED_PAGE_SIZE && last
      ? Buffer.from(`${last[7] ? 1 : 0}|${last[9]}|${last[0]}`).toString("base64url")
      : null;
  return { posts, nextCursor };
}

/** First pages by group, kept until the group's feed_version moves (at most 500, as the app keeps). */
const pages = new Map<string, { version: string; page: SharedPage }>();

/** listPosts: the reader's own reaction and the media they may see spliced into the shared page. */
async function feedFirstPage(userId: string, groupId: string): Promise<string> {
  if (!UUID.test(groupId)) throw new HttpError(404, "group_not_found");
  const member = await membership(groupId, userId);
  if (!member) throw new HttpError(404, "group_not_found");
  if (!member.memberRole) throw new HttpError(403, "members_only");
  const privileged = isPrivileged(member.appRole as Role);
  let cached = pages.get(groupId);
  if (cached?.version !== member.feedVersion) {
    cached = { version: member.feedVersion, page: await readSharedPage(groupId) };
    if (pages.size >= 500) pages.clear();
    pages.set(groupId, cached);
  }
  const posts = cached.page.posts.map((post) => {
    const mediaVisible =
      post.mediaStatus !== "pending" || privileged || (post.authorId !== null && post.authorId === userId);
    const mediaUrl = mediaVisible ? post.mediaUrl : null;
    const comments = post.latestComments.map(
      (comment) =>
        `${comment.commonJson},"userReaction":${JSON.stringify(comment.reactors.get(userId) ?? null)}}`,
    );
    return `${post.commonJson},"mediaUrl":${JSON.stringify(mediaUrl)},"userReaction":${JSON.stringify(post.reactors.get(userId) ?? null)},"latestComments":[${comments.join(",")}]}`;
  });
  return `{"posts":[${posts.join(",")}],"nextCursor":${JSON.stringify(cached.page.nextCursor)}}`;
}

// ---- Notifications (src/server/features/notifications/service.ts) -------------------------------------

/** listNotifications: the newest 50 and the unread count, both at once. */
async function notificationList(userId: string): Promise<string> {
  const [rows, [unread]] = await Promise.all([
    run(
      "ceiling_notifications",
      `select "notifications"."id", "notifications"."recipient_id", "notifications"."sender_id", "notifications"."type", "notifications"."message", "notifications"."group_id", "notifications"."entity_id", "notifications"."read", "notifications"."created_at", "profiles"."username", "profiles"."avatar_url" from "notifications" left join "profiles" on "profiles"."id" = "notifications"."sender_id" where "notifications"."recipient_id" = $1 order by "notifications"."created_at" desc, "notifications"."id" desc limit $2`,
      [userId, NOTIFICATIONS_FETCHED],
    ),
    run(
      "ceiling_unread",
      `select count(*) from "notifications" where ("notifications"."recipient_id" = $1 and "notifications"."read" = $2)`,
      [userId, false],
    ),
  ]);
  return JSON.stringify({
    notifications: rows.map((row) => ({
      id: row.id,
      type: row.type,
      message: row.message,
      read: row.read,
      createdAt: iso(row.created_at),
      groupId: row.group_id,
      entityId: row.entity_id,
      sender: row.sender_id
        ? { id: row.sender_id, username: row.username ?? null, avatarUrl: row.avatar_url ?? null }
        : null,
    })),
    unreadCount: Number(unread?.count ?? 0),
  });
}

// ---- Conversations (src/server/features/qna/service.ts) ------------------------------------------------

const CONVERSATIONS_PAGE_SIZE = 50;

/** listConversations, first page, no search and no folder. */
async function conversationList(userId: string): Promise<string> {
  const rows = await run(
    "ceiling_conversations",
    `select "id", "user_id", "folder_id", "title", "last_message_at", "message_count", "created_at", to_char("last_message_at" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from "conversations" where "conversations"."user_id" = $1 order by "conversations"."last_message_at" desc, "conversations"."id" desc limit $2`,
    [userId, CONVERSATIONS_PAGE_SIZE + 1],
  );
  const page = rows.slice(0, CONVERSATIONS_PAGE_SIZE);
  const last = page.at(-1);
  return JSON.stringify({
    conversations: page.map((row) => ({
      id: row.id,
      title: row.title,
      folderId: row.folder_id,
      lastMessageAt: iso(row.last_message_at),
      messageCount: row.message_count,
    })),
    nextCursor:
      rows.length > CONVERSATIONS_PAGE_SIZE && last
        ? Buffer.from(`${last.to_char}|${last.id}`).toString("base64url")
        : null,
  });
}

// ---- A story part's first piece (bench/stream-latency.ts) -------------------------------------------------

/** prepareGeneration's statement (prepare_generation, src/server/features/stories/service.ts), word for word. */
const GENERATION_SQL = `select "stories"."id", "stories"."slug", "stories"."title", "stories"."blurb", "stories"."scripture", "stories"."difficulty", "profiles"."level", exists (
    select 1 from "group_assignments" assigned
    join "group_members" reader on reader.group_id = assigned.group_id
    where assigned.story_id = "stories"."id" and reader.user_id = $1
  ), "story_progress"."highest_layer_reached", "story_paths"."story_id", "story_paths"."step", "story_paths"."layer", "story_paths"."prompt", "story_paths"."system_context", "story_paths"."library_text", (
        select string_agg("story_content"."content", E'\n\n' order by "story_content"."layer", "story_content"."step")
        from "story_content"
        where "story_content"."user_id" = $2 and "story_content"."story_id" = "stories"."id"
          and "story_content"."layer" < $3
      ) from "stories" left join "profiles" on "profiles"."id" = $4 left join "story_progress" on ("story_progress"."user_id" = $5 and "story_progress"."story_id" = "stories"."id") left join "story_paths" on ("story_paths"."story_id" = "stories"."id" and "story_paths"."step" = $6 and "story_paths"."layer" = $7) where "stories"."slug" = $8`;

/** The AI the app is configured with (its AI_BASE_URL, AI_API_KEY and AI_MODEL). */
const ai = {
  url: process.env.AI_BASE_URL
    ? new URL(`${process.env.AI_BASE_URL.replace(/\/$/, "")}/chat/completions`)
    : undefined,
  key: process.env.AI_API_KEY,
  model: process.env.AI_MODEL ?? "gpt-4o-mini",
};
const aiAgent = new http.Agent({ keepAlive: true });

/** The app's stream answer: its own type and caching in place of the JSON answer's. */
const EVENT_STREAM_HEADERS: [string, string][] = [
  ...JSON_HEADERS.filter(([name]) => name !== "content-type" && name !== "cache-control"),
  ["content-type", "text/event-stream"],
  ["cache-control", "no-cache"],
  ["x-accel-buffering", "no"],
  ["transfer-encoding", "chunked"],
];

/**
 * The route's work up to and through the AI's answer: the same refusals from the same statement, the same
 * request to the AI (text-openai.ts), its stream read with the same SSE parser and every piece passed through
 * the same output check before it is written as the app writes it. Nothing is saved at the end: that comes
 * after the pieces, and the latency rows time the first one.
 */
async function generate(response: http.ServerResponse, userId: string, slug: string, layer: number) {
  if (!ai.url) throw new HttpError(503, "no_ai");
  const [row] = await run("ceiling_generation", GENERATION_SQL, [
    userId,
    userId,
    layer,
    userId,
    userId,
    1,
    layer,
    slug,
  ]);
  if (!row) throw new HttpError(404, "story_not_found");
  if (isLocked(row.level, row, row.exists === true)) throw new HttpError(403, "story_locked");
  if (layer > ((row.highest_layer_reached as number | null) ?? 1))
    throw new HttpError(409, "unreached_layer");
  if (row.system_context === null) throw new HttpError(404, "story_not_found");
  const messages = buildStoryMessages(
    {
      story: { title: row.title as string, scripture: row.scripture as string, blurb: row.blurb as string },
      layer: layer as 1 | 2 | 3,
      step: 1,
      previousContext: (row.string_agg as string | null) ?? "",
    },
    row.system_context as string,
  );
  const body = JSON.stringify({
    model: ai.model,
    messages,
    temperature: 0.7,
    max_tokens: 1000,
    stream: true,
  });
  const upstream = await new Promise<http.IncomingMessage>((resolve, reject) => {
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "content-length": String(Buffer.byteLength(body)),
      accept: "text/event-stream",
    };
    if (ai.key) headers.authorization = `Bearer ${ai.key}`;
    const request = http.request(ai.url as URL, { method: "POST", headers, agent: aiAgent }, resolve);
    request.on("error", reject);
    request.end(body);
  });
  if (upstream.statusCode !== 200) {
    upstream.resume();
    throw new HttpError(502, "upstream");
  }
  response.writeHead(200, EVENT_STREAM_HEADERS.flat());
  const checker = createOutputChecker();
  const write = (text: string | null) => {
    if (text) response.write(`data: ${JSON.stringify({ type: "delta", text })}\n\n`);
  };
  let done = false;
  const parser = createParser({
    onEvent: (event) => {
      if (done) return;
      if (event.data === "[DONE]") {
        done = true;
        return;
      }
      const content = (JSON.parse(event.data) as { choices?: { delta?: { content?: unknown } }[] })
        .choices?.[0]?.delta?.content;
      if (typeof content === "string" && content) write(checker.push(content));
    },
  });
  upstream.setEncoding("utf8");
  for await (const chunk of upstream) parser.feed(chunk as string);
  const end = checker.finish({ allowed: true });
  if ("rest" in end) write(end.rest);
  response.end();
}

// ---- Routing -----------------------------------------------------------------------------------------

const FEED_PATH = /^\/api\/groups\/([^/]+)\/posts$/;
const STORY_PATH = /^\/api\/stories\/([^/]+)$/;
const GENERATE_PATH = /^\/api\/stories\/([^/]+)\/layers\/([123])\/generate$/;

async function answer(request: http.IncomingMessage): Promise<string> {
  const url = request.url ?? "/";
  if (request.method !== "GET") throw new HttpError(404, "not_found");
  const userId = await signedInUser(request.headers.cookie);
  if (url === "/api/stories") return storyList(userId);
  if (url === "/api/notifications") return notificationList(userId);
  if (url === "/api/qna/conversations") return conversationList(userId);
  const feed = FEED_PATH.exec(url);
  if (feed) return feedFirstPage(userId, feed[1] as string);
  const story = STORY_PATH.exec(url);
  if (story) return storyPage(userId, decodeURIComponent(story[1] as string));
  throw new HttpError(404, "not_found");
}

function fail(response: http.ServerResponse, error: unknown) {
  if (response.headersSent) return void response.destroy();
  if (error instanceof HttpError)
    send(response, error.status, JSON.stringify({ error: { code: error.code, message: error.code } }));
  else {
    console.error(error);
    send(response, 500, JSON.stringify({ error: { code: "internal", message: "internal" } }));
  }
}

const server = http.createServer((request, response) => {
  const generation = request.method === "POST" ? GENERATE_PATH.exec(request.url ?? "") : null;
  if (generation) {
    request.resume();
    signedInUser(request.headers.cookie)
      .then((userId) =>
        generate(response, userId, decodeURIComponent(generation[1] as string), Number(generation[2])),
      )
      .catch((error: unknown) => fail(response, error));
    return;
  }
  answer(request).then(
    (body) => send(response, 200, body),
    (error: unknown) => fail(response, error),
  );
});
server.keepAliveTimeout = 5_000;

server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.stdin.resume();
process.stdin.once("end", () => {
  server.close();
  server.closeAllConnections();
  void pool.end().then(() => process.exit(0));
});
