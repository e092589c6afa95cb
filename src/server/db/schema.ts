import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

// ── Better Auth's tables (email + password). Column names follow Better Auth's field names. ──

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

// ── Lamplight ──

/** The spec's profile: one per user, id equal to the user id. */
export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    username: text("username"),
    /**
     * canonicalUsername(username) (src/core/usernames.ts), unique: two names a reader could mistake for each
     * other cannot both be taken, races included. Null without a username, and for the younger of two
     * look-alikes that existed before this column did (migration 0010).
     */
    usernameCanonical: text("username_canonical"),
    bio: text("bio"),
    /** The picture everyone who may see it is shown: built in, a leader's own, or a member's once approved. */
    avatarUrl: text("avatar_url"),
    /**
     * A member's uploaded picture waiting for a leader (issue 18): its owner sees it at once, everyone else
     * sees the initial letter until a leader approves it into avatar_url. Null when nothing waits.
     */
    pendingAvatarUrl: text("pending_avatar_url"),
    pendingAvatarAt: timestamp("pending_avatar_at", { withTimezone: true }),
    level: integer("level").notNull().default(1),
    xp: integer("xp").notNull().default(0),
    /** member, leader or admin (DESIGN.md); leaders and admins are the spec's "privileged profile". */
    role: text("role").notNull().default("member"),
    /** A leader's mute: until then the user can read but not write. */
    mutedUntil: timestamp("muted_until", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    check("profiles_role", sql`${table.role} in ('member', 'leader', 'admin')`),
    // Usernames are unique regardless of case, so that @Sam and @sam are one person.
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${table.username})`),
    uniqueIndex("profiles_username_canonical_idx").on(table.usernameCanonical),
    check("profiles_xp_non_negative", sql`${table.xp} >= 0`),
    check(
      "profiles_pending_avatar_pair",
      sql`(${table.pendingAvatarUrl} is null) = (${table.pendingAvatarAt} is null)`,
    ),
    // The leaders' queue of profile pictures waiting for approval, oldest first.
    index("profiles_pending_avatar_idx")
      .on(table.pendingAvatarAt, table.id)
      .where(sql`${table.pendingAvatarUrl} is not null`),
  ],
);

export const stories = pgTable(
  "stories",
  {
    id: serial("id").primaryKey(),
    slug: text("slug").notNull().unique(),
    title: text("title").notNull(),
    blurb: text("blurb").notNull(),
    /** The passage, e.g. "Luke 15:11-32": shown on the story and given to the AI. */
    scripture: text("scripture").notNull().default(""),
    difficulty: integer("difficulty").notNull(),
  },
  (table) => [
    index("stories_difficulty_idx").on(table.difficulty, table.title),
    check("stories_difficulty_min", sql`${table.difficulty} >= 1`),
  ],
);

/** The spec's progress entity: one row per user and story. */
export const storyProgress = pgTable(
  "story_progress",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    currentStep: integer("current_step").notNull().default(1),
    currentLayer: integer("current_layer").notNull().default(1),
    highestLayerReached: integer("highest_layer_reached").notNull().default(1),
    completed: boolean("completed").notNull().default(false),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.storyId] }),
    check("story_progress_layer_range", sql`${table.currentLayer} between 1 and 3`),
    check("story_progress_highest_range", sql`${table.highestLayerReached} between 1 and 3`),
    // Home's 'Continue Your Journey' and the profile read a user's progress newest first.
    index("story_progress_user_updated_idx").on(table.userId, table.updatedAt),
  ],
);

/**
 * The spec's story_path: the welcome prompt and the AI guidance of each layer (step is always 1),
 * seeded from content/stories/ at every start together with the reviewed library text.
 */
export const storyPaths = pgTable(
  "story_paths",
  {
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    step: integer("step").notNull().default(1),
    layer: integer("layer").notNull(),
    prompt: text("prompt").notNull(),
    systemContext: text("system_context").notNull(),
    /** What the offline library provider streams for this layer. */
    libraryText: text("library_text").notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.storyId, table.step, table.layer] }),
    check("story_paths_layer_range", sql`${table.layer} between 1 and 3`),
  ],
);

/** The spec's story_content: what a user generated for a layer, and its illustration once saved. */
export const storyContent = pgTable(
  "story_content",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    storyId: integer("story_id")
      .notNull()
      .references(() => stories.id, { onDelete: "cascade" }),
    layer: integer("layer").notNull(),
    step: integer("step").notNull().default(1),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.storyId, table.layer, table.step] }),
    check("story_content_layer_range", sql`${table.layer} between 1 and 3`),
  ],
);

/** Attempts counted by the auth rate limits; kept in the database so limits hold across instances. */
export const rateLimitEvents = pgTable(
  "rate_limit_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    key: text("key").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("rate_limit_events_key_created_idx").on(table.key, table.createdAt)],
);

// ── Study groups ──

/** The spec's study_group: joined by a 6-character invite code, unique across groups. */
export const studyGroups = pgTable(
  "study_groups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    inviteCode: text("invite_code").notNull().unique(),
    /** Media from members (not leaders or admins) waits for a leader's approval before others see it. */
    approveMediaFirst: boolean("approve_media_first").notNull().default(true),
    /**
     * Moves on every change a feed page shows (posts, their comments and reactions, their authors' names and
     * pictures), by triggers in the same transaction (migration 0008): a page cached at one version is the
     * page the database would give, on every instance, until the version moves.
     */
    feedVersion: bigint("feed_version", { mode: "number" }).notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index("study_groups_created_idx").on(table.createdAt, table.id),
    check("study_groups_invite_code_format", sql`${table.inviteCode} ~ '^[A-Z0-9]{6}$'`),
    check("study_groups_name_length", sql`char_length(${table.name}) between 1 and 60`),
  ],
);

export const groupMembers = pgTable(
  "group_members",
  {
    groupId: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** owner for the creator; joiners get the default. */
    role: text("role").notNull().default("member"),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.groupId, table.userId] }),
    index("group_members_user_idx").on(table.userId, table.joinedAt),
    check("group_members_role", sql`${table.role} in ('owner', 'member')`),
  ],
);

/** The spec's message: the live group chat, read oldest first, earlier history paged by id. */
export const groupMessages = pgTable(
  "group_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    /** Null once the sender deleted their account: the message stays, by "deleted user". */
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("group_messages_group_idx").on(table.groupId, table.id),
    check("group_messages_body_length", sql`char_length(${table.body}) between 1 and 2000`),
  ],
);

/**
 * Every realtime event, kept a while so that a reconnecting tab can be given what it missed
 * (Last-Event-ID). Topics are `user:{id}` (notifications, membership) and `group:{id}`.
 */
export const realtimeEvents = pgTable(
  "realtime_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    topic: text("topic").notNull(),
    type: text("type").notNull(),
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("realtime_events_topic_idx").on(table.topic, table.id),
    index("realtime_events_created_idx").on(table.createdAt),
  ],
);

// ── Group feed ──

/** The spec's group_post: read pinned first, then newest (the index below serves exactly that order). */
export const groupPosts = pgTable(
  "group_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    /** Null once the author deleted their account: the post stays, by "deleted user". */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    content: text("content").notNull(),
    mediaUrl: text("media_url"),
    mediaType: text("media_type"),
    /** approved, or pending until a leader approves it (the group's "approve media first"); null without media. */
    mediaStatus: text("media_status"),
    isPinned: boolean("is_pinned").notNull().default(false),
    /** Hidden by a leader, or by 3 reports until a leader looks: members no longer see it. */
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("group_posts_feed_idx").on(table.groupId, table.isPinned, table.createdAt, table.id),
    // A user's posts: their data export, account deletion, and the feeds their new name or picture changes.
    index("group_posts_author_idx").on(table.authorId),
    check("group_posts_title_length", sql`char_length(${table.title}) between 1 and 120`),
    check("group_posts_content_length", sql`char_length(${table.content}) between 1 and 5000`),
    check("group_posts_media_type", sql`${table.mediaType} in ('image', 'video')`),
    check("group_posts_media_pair", sql`(${table.mediaUrl} is null) = (${table.mediaType} is null)`),
    check("group_posts_media_status", sql`${table.mediaStatus} in ('approved', 'pending')`),
    check("group_posts_media_status_pair", sql`(${table.mediaUrl} is null) = (${table.mediaStatus} is null)`),
    // The leaders' queue of media waiting for approval, oldest first.
    index("group_posts_pending_media_idx")
      .on(table.createdAt, table.id)
      .where(sql`${table.mediaStatus} = 'pending'`),
    // Serving a file (/uploads/...) finds the post it belongs to by its address.
    index("group_posts_media_url_idx").on(table.mediaUrl).where(sql`${table.mediaUrl} is not null`),
  ],
);

/** The spec's post_comment: replies point at their parent, to any depth. */
export const postComments = pgTable(
  "post_comments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    postId: uuid("post_id")
      .notNull()
      .references(() => groupPosts.id, { onDelete: "cascade" }),
    parentCommentId: uuid("parent_comment_id").references((): AnyPgColumn => postComments.id, {
      onDelete: "cascade",
    }),
    /** Null once the author deleted their account. */
    authorId: text("author_id").references(() => users.id, { onDelete: "set null" }),
    content: text("content").notNull(),
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index("post_comments_post_idx").on(table.postId, table.createdAt),
    index("post_comments_parent_idx").on(table.parentCommentId),
    check("post_comments_content_length", sql`char_length(${table.content}) between 1 and 2000`),
  ],
);

/** One reaction per user per post (docs/decisions/005-reactions.md): the primary key enforces it. */
export const postReactions = pgTable(
  "post_reactions",
  {
    postId: uuid("post_id")
      .notNull()
      .references(() => groupPosts.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reactionType: text("reaction_type").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    check("post_reactions_type", sql`${table.reactionType} in ('like', 'love', 'pray')`),
  ],
);

/** Comments carry reactions too (spec §3 post_comment.reactions), with the same rules as posts. */
export const commentReactions = pgTable(
  "comment_reactions",
  {
    commentId: uuid("comment_id")
      .notNull()
      .references(() => postComments.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reactionType: text("reaction_type").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.commentId, table.userId] }),
    check("comment_reactions_type", sql`${table.reactionType} in ('like', 'love', 'pray')`),
  ],
);

// ── Notifications and moderation records ──

/**
 * The spec's notification: mentions and reactions, to their recipient only. `entity_id` is the post or
 * comment it is about, and `group_id` lets the bell link to the group.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    recipientId: text("recipient_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    senderId: text("sender_id").references(() => users.id, { onDelete: "set null" }),
    type: text("type").notNull(),
    message: text("message").notNull(),
    groupId: uuid("group_id").references(() => studyGroups.id, { onDelete: "cascade" }),
    entityId: uuid("entity_id"),
    read: boolean("read").notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    index("notifications_recipient_created_idx").on(table.recipientId, table.createdAt),
    check(
      "notifications_type",
      sql`${table.type} in ('post_mention', 'comment_mention', 'reaction', 'achievement', 'picture', 'other')`,
    ),
  ],
);

/** Who deleted what with the admin password, and when: kept after the post itself is gone. */
export const adminDeletions = pgTable(
  "admin_deletions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    postId: uuid("post_id").notNull(),
    groupId: uuid("group_id"),
    postTitle: text("post_title").notNull(),
    postAuthorId: text("post_author_id"),
    createdAt: createdAt(),
  },
  (table) => [index("admin_deletions_created_idx").on(table.createdAt)],
);

// ── The AI helper (/qna): a reader's own folders, conversations and their messages. Private to their owner. ──

export const conversationFolders = pgTable(
  "conversation_folders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    color: text("color").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("conversation_folders_user_created_idx").on(table.userId, table.createdAt, table.id),
    check("conversation_folders_color", sql`${table.color} in ('blue', 'purple', 'yellow', 'green', 'red')`),
  ],
);

export const conversations = pgTable(
  "conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** Deleting a folder leaves its conversations in no folder (spec §2). */
    folderId: uuid("folder_id").references(() => conversationFolders.id, { onDelete: "set null" }),
    title: text("title").notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    messageCount: integer("message_count").notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    // The sidebar: newest activity first, a page at a time.
    index("conversations_user_last_message_idx").on(table.userId, table.lastMessageAt, table.id),
    index("conversations_folder_idx").on(table.folderId),
  ],
);

export const conversationMessages = pgTable(
  "conversation_messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    type: text("type").notNull(),
    content: text("content").notNull().default(""),
    /** An ai message is `streaming` while its answer is written, then `done` or `failed`. */
    status: text("status").notNull().default("done"),
    createdAt: createdAt(),
  },
  (table) => [
    index("conversation_messages_conversation_idx").on(table.conversationId, table.id),
    check("conversation_messages_type", sql`${table.type} in ('user', 'ai')`),
    check("conversation_messages_status", sql`${table.status} in ('streaming', 'done', 'failed')`),
  ],
);

// ── Achievements, earned from real activity and kept with the moment they were earned. ──

export const userAchievements = pgTable(
  "user_achievements",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    achievement: text("achievement").notNull(),
    earnedAt: timestamp("earned_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.achievement] })],
);

/** One row per day a reader read, as a date in their own time zone: the Dedicated Reader streak reads these. */
export const readingDays = pgTable(
  "reading_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    day: text("day").notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

// ── Child safety: reports of what members wrote, and every leader action, kept for the ministry. ──

/** A member's report of a post, comment or chat message; one per reporter and item. */
export const reports = pgTable(
  "reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    targetType: text("target_type").notNull(),
    /** A post's or comment's uuid, a chat message's number as text, or for a picture (avatar) its owner's user id. */
    targetId: text("target_id").notNull(),
    groupId: uuid("group_id")
      .notNull()
      .references(() => studyGroups.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    note: text("note"),
    /**
     * Whether the report counts toward the automatic hide: not from an account younger than a day, nor from
     * one that joined the group in the last hour (fake accounts ganging up). Decided when the report is made.
     */
    countsTowardHide: boolean("counts_toward_hide").notNull().default(true),
    status: text("status").notNull().default("open"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("reports_reporter_target_idx").on(table.reporterId, table.targetType, table.targetId),
    index("reports_status_created_idx").on(table.status, table.createdAt),
    index("reports_target_idx").on(table.targetType, table.targetId),
    check("reports_target_type", sql`${table.targetType} in ('post', 'comment', 'message', 'avatar')`),
    check("reports_status", sql`${table.status} in ('open', 'dismissed', 'actioned')`),
  ],
);

/** Who did what, when and why: every leader action, readable by admins. Kept after its target is gone. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id").notNull(),
    reason: text("reason").notNull(),
    details: jsonb("details").notNull().default({}),
    createdAt: createdAt(),
  },
  (table) => [index("audit_log_created_idx").on(table.createdAt, table.id)],
);

/**
 * What the AI guardrails raised for leaders (issue 6): a question that signals risk (high priority), or an AI
 * output withheld by moderation. Keeps the words, so a leader can see what happened without opening the
 * child's private conversations.
 */
export const aiFlags = pgTable(
  "ai_flags",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    priority: text("priority").notNull(),
    conversationId: uuid("conversation_id").references(() => conversations.id, { onDelete: "set null" }),
    storyId: integer("story_id").references(() => stories.id, { onDelete: "set null" }),
    /** What the child asked or wrote (the question, the share note), as they wrote it. */
    input: text("input").notNull().default(""),
    /** The AI output that was withheld; null for a risky question, which never reaches an AI. */
    output: text("output"),
    status: text("status").notNull().default("open"),
    resolvedBy: text("resolved_by").references(() => users.id, { onDelete: "set null" }),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    // The queue: open flags, high priority first, then oldest first.
    index("ai_flags_status_priority_idx").on(table.status, table.priority, table.createdAt, table.id),
    index("ai_flags_user_idx").on(table.userId),
    check(
      "ai_flags_kind",
      sql`${table.kind} in ('risky_question', 'withheld_answer', 'withheld_story', 'withheld_share', 'withheld_image')`,
    ),
    check("ai_flags_priority", sql`${table.priority} in ('high', 'normal')`),
    check("ai_flags_status", sql`${table.status} in ('open', 'dismissed', 'reviewed')`),
  ],
);
