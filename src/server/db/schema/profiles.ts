// The spec's profile (name, picture, level, role, mute) and the achievements and reading days earned by its owner.
import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { ACCOUNT_STATES } from "../../../core/family";
import { ROLES } from "../../../core/schemas/moderation";
import { users } from "./auth";
import { createdAt, sqlList } from "./columns";

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
    role: text("role", { enum: ROLES }).notNull().default("member"),
    /** A leader's mute: until then the user can read but not write. */
    mutedUntil: timestamp("muted_until", { withTimezone: true }),
    /**
     * Only the year (issue 24 asks it at sign-up). The helper answers a reader under 13 with a bank entry's
     * short answer; null (an account made before it was asked) counts as 13 or older.
     */
    birthYear: integer("birth_year"),
    /** Activities a day the reader aims for (1-3), shown as the ring on home (issue 23). */
    dailyGoal: integer("daily_goal").notNull().default(1),
    /**
     * 'Reading settings' (issue 23): text size, font and line spacing for story text and the helper's answers,
     * as `readingSettingsSchema` (src/core/schemas/reading-settings.ts) reads them; {} is the default look.
     */
    readingSettings: jsonb("reading_settings").notNull().default({}),
    /** Families (issue 24): a child under 13 is 'waiting_for_parent' until a parent agrees; everyone else 'active'. */
    accountState: text("account_state", { enum: ACCOUNT_STATES }).notNull().default("active"),
    /**
     * What a child's parent allows (issue 24: groups and chat, the AI helper, photos and videos), as
     * `familyPermissionsSchema` reads it; null for an account no parent governs.
     */
    familyPermissions: jsonb("family_permissions"),
    /** 'Email me about reports' (issue 25): a leader's batched mails about new reports; high-priority mails ignore it. */
    reportMails: boolean("report_mails").notNull().default(true),
    /**
     * Whether a high-priority care alert (a child who may need a trusted adult) is mailed to this leader. Only an
     * admin turns it off, for a leader who is not responsible for children's care; the bell still tells them.
     */
    careMails: boolean("care_mails").notNull().default(true),
    /** When this leader was last mailed about reports: the next such mail waits 15 minutes after it. */
    reportMailSentAt: timestamp("report_mail_sent_at", { withTimezone: true }),
    /** 'Weekly summary by email' (issue 25): a leader's Monday digest of their groups; off until they turn it on. */
    weeklyDigest: boolean("weekly_digest").notNull().default(false),
    /** The leader's IANA time zone, from their browser when they turned the digest on; null reads as UTC. */
    timeZone: text("time_zone"),
    /** Push notifications' quiet hours (issue 26), in the reader's time zone: 20:00 to 07:00 unless changed. */
    pushQuietStart: integer("push_quiet_start").notNull().default(20),
    pushQuietEnd: integer("push_quiet_end").notNull().default(7),
    /** The leader's local ISO week ("2026-W48") of the last digest sent: at most one goes each week. */
    digestSentWeek: text("digest_sent_week"),
    createdAt: createdAt(),
  },
  (table) => [
    check("profiles_role", sql`${table.role} in (${sqlList(ROLES)})`),
    // Usernames are unique regardless of case, so that @Sam and @sam are one person.
    uniqueIndex("profiles_username_lower_idx").on(sql`lower(${table.username})`),
    uniqueIndex("profiles_username_canonical_idx").on(table.usernameCanonical),
    check("profiles_xp_non_negative", sql`${table.xp} >= 0`),
    check("profiles_daily_goal_range", sql`${table.dailyGoal} between 1 and 3`),
    check("profiles_account_state", sql`${table.accountState} in (${sqlList(ACCOUNT_STATES)})`),
    // The 7-day sweep looks for children still waiting: few rows, found without reading the rest.
    index("profiles_waiting_for_parent_idx")
      .on(table.createdAt)
      .where(sql`${table.accountState} = 'waiting_for_parent'`),
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

// Achievements, earned from real activity and kept with the moment they were earned.

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
    /** What the reader did that day towards their daily goal: layers read, checks answered, verses practised. */
    activities: integer("activities").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);
