// The Bible stories, the path through each story's three layers, and what each reader made of them.
import { sql } from "drizzle-orm";
import {
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
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { updatedAt } from "./columns";

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

/** The key of what a reader made of a story (their progress, their content): gone with the account or the story. */
const readerAndStory = () => ({
  userId: text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  storyId: integer("story_id")
    .notNull()
    .references(() => stories.id, { onDelete: "cascade" }),
});

/** The spec's progress entity: one row per user and story. */
export const storyProgress = pgTable(
  "story_progress",
  {
    ...readerAndStory(),
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
    ...readerAndStory(),
    layer: integer("layer").notNull(),
    step: integer("step").notNull().default(1),
    content: text("content").notNull(),
    imageUrl: text("image_url"),
    /**
     * Which 'Check your understanding' questions this text has (issue 23), as `storedChecksSchema` reads them:
     * the AI's for a generated text, or a marker for the library's; null until the check is first opened.
     */
    checks: jsonb("checks"),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.storyId, table.layer, table.step] }),
    check("story_content_layer_range", sql`${table.layer} between 1 and 3`),
  ],
);

/**
 * 'Check your understanding' (issue 23): a reader's answers to a layer's questions, one row per question. The
 * first answer decides `first_try_correct` (and the XP, given only when that row is made); `correct` turns true
 * when any later try is right. The open prompt's words are kept here too, private to the reader, never scored.
 */
export const checkAnswers = pgTable(
  "check_answers",
  {
    ...readerAndStory(),
    layer: integer("layer").notNull(),
    question: integer("question").notNull(),
    firstTryCorrect: boolean("first_try_correct").notNull().default(false),
    correct: boolean("correct").notNull().default(false),
    attempts: integer("attempts").notNull().default(1),
    written: text("written"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.storyId, table.layer, table.question] }),
    check("check_answers_layer_range", sql`${table.layer} between 1 and 3`),
    check("check_answers_question_range", sql`${table.question} between 0 and 2`),
    index("check_answers_story_idx").on(table.storyId),
  ],
);

/**
 * A story's memory verse once a reader has learnt it (issue 23), in spaced review: its Leitner box (1-5) and the
 * day it is next due, both in the reader's own days. `xp_day` is the last day a review earned XP: once a day a verse.
 */
export const memoryVerses = pgTable(
  "memory_verses",
  {
    ...readerAndStory(),
    box: integer("box").notNull().default(1),
    dueOn: text("due_on").notNull(),
    xpDay: text("xp_day"),
    reviews: integer("reviews").notNull().default(0),
    learnedAt: timestamp("learned_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.storyId] }),
    check("memory_verses_box_range", sql`${table.box} between 1 and 5`),
    // Home's 'Verses to review today': a reader's verses by the day they fall due.
    index("memory_verses_user_due_idx").on(table.userId, table.dueOn),
    index("memory_verses_story_idx").on(table.storyId),
  ],
);
