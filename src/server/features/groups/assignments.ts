import { stringify } from "csv-stringify/sync";
import { and, asc, eq, isNull, ne, sql } from "drizzle-orm";
import {
  ASSIGNMENT_MESSAGES,
  type Assignment,
  type AssignmentLayers,
  canLeadAssignments,
  type GroupProgress,
  type MyAssignment,
  type ProgressRow,
} from "../../../core/schemas/assignments";
import type { Database } from "../../db/client";
import {
  auditLog,
  checkAnswers,
  groupAssignments,
  groupMembers,
  profiles,
  readingDays,
  stories,
  storyContent,
  storyProgress,
  studyGroups,
} from "../../db/schema";
import { AppError } from "../../http/errors";
import type { Executor } from "../../shared/award-xp";
import { requireMember } from "./membership";

// This week's story (issue 25, part 1) and a group's progress toward it (part 2). Who may do what is the
// actions' (actions/set-assignment.ts, actions/clear-assignment.ts) and the routes'; this file holds the queries.

/**
 * Only the group's owner, or a leader or admin who belongs to it, steers what the group reads and sees its
 * progress. Asked at every request, so a leader who leaves the group loses both at once.
 */
export async function requireAssignmentLeader(db: Database, groupId: string, userId: string) {
  const { group, role, appRole } = await requireMember(db, groupId, userId);
  if (!canLeadAssignments(role, appRole))
    throw new AppError("leaders_only", 403, ASSIGNMENT_MESSAGES.leadersOnly);
  return group;
}

export type AssignmentStory = { id: number; slug: string; title: string };

/** The story a leader picked, by its slug; 422 when the library has none, as it is a field of the form. */
export async function findAssignableStory(db: Database, slug: string): Promise<AssignmentStory> {
  const [story] = await db
    .select({ id: stories.id, slug: stories.slug, title: stories.title })
    .from(stories)
    .where(eq(stories.slug, slug));
  if (!story) throw new AppError("story_not_found", 422, ASSIGNMENT_MESSAGES.storyNotFound);
  return story;
}

/** Today as YYYY-MM-DD in UTC: the one day every instance and every leader's browser agree on. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/** A due date may be today or later; none at all is fine. */
export function requireDueFromToday(dueDate: string | null | undefined, now = new Date()) {
  if (dueDate && dueDate < todayUtc(now))
    throw new AppError("due_in_past", 422, ASSIGNMENT_MESSAGES.dueInPast);
}

/**
 * The layers of the assigned story a member has read: all of them once the story is completed, otherwise each
 * layer up to the assigned ones whose text they opened (a story_content row: the moment it earns its XP).
 */
const layersReadOf = (userId: unknown, layers: unknown) => sql<number>`case
  when coalesce((
    select ${storyProgress.completed} from ${storyProgress}
    where ${storyProgress.userId} = ${userId} and ${storyProgress.storyId} = ${groupAssignments.storyId}
  ), false) then ${layers}
  else (
    select count(distinct ${storyContent.layer})::int from ${storyContent}
    where ${storyContent.userId} = ${userId} and ${storyContent.storyId} = ${groupAssignments.storyId}
      and ${storyContent.layer} <= ${layers}
  )
end`;

const completedOf = (userId: unknown) => sql<boolean>`coalesce((
  select ${storyProgress.completed} from ${storyProgress}
  where ${storyProgress.userId} = ${userId} and ${storyProgress.storyId} = ${groupAssignments.storyId}
), false)`;

/** The assignment's own columns and its story, with the viewer's progress, as every reader of it selects them. */
const assignmentColumns = (viewerId: unknown) => ({
  slug: stories.slug,
  title: stories.title,
  layers: groupAssignments.layers,
  dueDate: groupAssignments.dueDate,
  setAt: groupAssignments.setAt,
  layersRead: layersReadOf(viewerId, groupAssignments.layers).mapWith(Number),
  completed: completedOf(viewerId),
});

type AssignmentRow = {
  slug: string;
  title: string;
  layers: number;
  dueDate: string | null;
  setAt: Date;
  layersRead: number;
  completed: boolean;
};

function toAssignment(row: AssignmentRow): Assignment {
  return {
    story: { slug: row.slug, title: row.title },
    layers: row.layers as AssignmentLayers,
    dueDate: row.dueDate,
    setAt: row.setAt.toISOString(),
    mine: { layersRead: row.layersRead, completed: row.completed },
  };
}

/** The group's story this week with the viewer's own progress toward it; null when there is none. */
export async function getAssignment(
  db: Executor,
  groupId: string,
  viewerId: string,
): Promise<Assignment | null> {
  const [row] = await db
    .select(assignmentColumns(viewerId))
    .from(groupAssignments)
    .innerJoin(stories, eq(stories.id, groupAssignments.storyId))
    .where(eq(groupAssignments.groupId, groupId));
  return row ? toAssignment(row) : null;
}

/** Home's cards: the story of every group of the reader that has one, in one query. */
export async function listMyAssignments(db: Database, userId: string): Promise<MyAssignment[]> {
  const rows = await db
    .select({ ...assignmentColumns(userId), groupId: studyGroups.id, groupName: studyGroups.name })
    .from(groupMembers)
    .innerJoin(groupAssignments, eq(groupAssignments.groupId, groupMembers.groupId))
    .innerJoin(studyGroups, eq(studyGroups.id, groupMembers.groupId))
    .innerJoin(stories, eq(stories.id, groupAssignments.storyId))
    .where(eq(groupMembers.userId, userId))
    .orderBy(asc(groupAssignments.dueDate), asc(studyGroups.name), asc(studyGroups.id));
  return rows.map((row) => ({ ...toAssignment(row), group: { id: row.groupId, name: row.groupName } }));
}

export type SetAssignmentValues = {
  groupId: string;
  story: AssignmentStory;
  layers: AssignmentLayers;
  dueDate: string | null;
};

/**
 * Sets (or changes) the group's story and records who did it. The group's row is locked first, so that writes to
 * one group's assignment take turns: each sees the story before it, and of ten leaders setting the same new story
 * at once exactly one finds it new (and rings the bell).
 */
export async function setAssignment(db: Database, actorId: string, values: SetAssignmentValues) {
  const { groupId, story, layers, dueDate } = values;
  return db.transaction(async (tx) => {
    await tx
      .select({ id: studyGroups.id })
      .from(studyGroups)
      .where(eq(studyGroups.id, groupId))
      .for("no key update");
    const [before] = await tx
      .select({ storyId: groupAssignments.storyId })
      .from(groupAssignments)
      .where(eq(groupAssignments.groupId, groupId));
    const setAt = new Date();
    await tx
      .insert(groupAssignments)
      .values({ groupId, storyId: story.id, layers, dueDate, setBy: actorId, setAt })
      .onConflictDoUpdate({
        target: groupAssignments.groupId,
        set: { storyId: story.id, layers, dueDate, setBy: actorId, setAt },
      });
    await tx.insert(auditLog).values({
      actorId,
      action: "set_weekly_story",
      targetType: "group",
      targetId: groupId,
      reason: ASSIGNMENT_MESSAGES.set,
      details: { storySlug: story.slug, layers, dueDate },
    });
    const assignment = await getAssignment(tx, groupId, actorId);
    // Cannot happen: the row was written just above, in this transaction.
    if (!assignment) throw new Error("assignment missing after it was set");
    return { newStory: before?.storyId !== story.id, assignment };
  });
}

/** Clears the group's story; the level lock it lifted is back at once. Recorded only when there was one. */
export async function clearAssignment(db: Database, actorId: string, groupId: string) {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(groupAssignments)
      .where(eq(groupAssignments.groupId, groupId))
      .returning({
        storyId: groupAssignments.storyId,
        layers: groupAssignments.layers,
        dueDate: groupAssignments.dueDate,
      });
    if (!removed) return { cleared: false };
    const [story] = await tx
      .select({ slug: stories.slug })
      .from(stories)
      .where(eq(stories.id, removed.storyId));
    await tx.insert(auditLog).values({
      actorId,
      action: "clear_weekly_story",
      targetType: "group",
      targetId: groupId,
      reason: ASSIGNMENT_MESSAGES.cleared,
      details: { storySlug: story?.slug ?? null, layers: removed.layers, dueDate: removed.dueDate },
    });
    return { cleared: true };
  });
}

/** Who hears of a new story: every member but the one who set it. */
export async function otherMemberIds(db: Database, groupId: string, exceptId: string): Promise<string[]> {
  const rows = await db
    .select({ id: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), ne(groupMembers.userId, exceptId)));
  return rows.map((row) => row.id);
}

/** The bell's sender: the leader as members see them elsewhere. */
export async function senderOf(db: Database, userId: string) {
  const [row] = await db
    .select({ id: profiles.id, username: profiles.username, avatarUrl: profiles.avatarUrl })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row ?? { id: userId, username: null, avatarUrl: null };
}

/**
 * The Progress tab: the assignment and one row per member (the owner and leaders too), in two queries however
 * many members there are; each member's numbers are subqueries on their own indexed rows.
 */
export async function getGroupProgress(
  db: Database,
  groupId: string,
  viewerId: string,
): Promise<GroupProgress> {
  const assignment = await getAssignment(db, groupId, viewerId);
  const member = groupMembers.userId;
  const assigned = and(
    eq(checkAnswers.userId, member),
    eq(checkAnswers.storyId, groupAssignments.storyId),
    sql`${checkAnswers.layer} <= ${groupAssignments.layers}`,
    // The open prompt's own words are never scored.
    isNull(checkAnswers.written),
  );
  const rows = await db
    .select({
      userId: member,
      username: profiles.username,
      layersAssigned: sql<number>`coalesce(${groupAssignments.layers}, 0)`.mapWith(Number),
      layersRead: sql<number>`coalesce(${layersReadOf(member, groupAssignments.layers)}, 0)`.mapWith(Number),
      completed: completedOf(member),
      right:
        sql<number>`(select count(*) filter (where ${checkAnswers.firstTryCorrect}) from ${checkAnswers} where ${assigned})`.mapWith(
          Number,
        ),
      asked: sql<number>`(select count(*) from ${checkAnswers} where ${assigned})`.mapWith(Number),
      lastActiveDay: sql<
        string | null
      >`(select max(${readingDays.day}) from ${readingDays} where ${readingDays.userId} = ${member})`,
      storiesCompleted: sql<number>`(
        select count(*) from ${storyProgress} where ${storyProgress.userId} = ${member} and ${storyProgress.completed}
      )`.mapWith(Number),
    })
    .from(groupMembers)
    .leftJoin(profiles, eq(profiles.id, member))
    .leftJoin(groupAssignments, eq(groupAssignments.groupId, groupMembers.groupId))
    .where(eq(groupMembers.groupId, groupId))
    .orderBy(asc(sql`lower(${profiles.username})`), asc(member));
  return {
    assignment: assignment && {
      story: assignment.story,
      layers: assignment.layers,
      dueDate: assignment.dueDate,
      setAt: assignment.setAt,
    },
    rows: rows.map(
      (row): ProgressRow => ({
        userId: row.userId,
        username: row.username,
        layersRead: row.layersRead,
        layersAssigned: row.layersAssigned,
        completed: row.layersAssigned > 0 && row.completed,
        score: row.asked > 0 ? { right: row.right, asked: row.asked } : null,
        lastActiveDay: row.lastActiveDay,
        storiesCompleted: row.storiesCompleted,
      }),
    ),
  };
}

export const PROGRESS_CSV_COLUMNS = [
  "Member",
  "Layers read",
  "Completed",
  "Score",
  "Last active",
  "Stories completed",
] as const;

/**
 * The Progress tab as a spreadsheet. Built by csv-stringify with `escape_formulas`: a cell that starts with
 * = + - @ (a name a child chose, say) is written as text, never run as a formula by the leader's spreadsheet.
 */
export function progressCsv(rows: ProgressRow[]): string {
  return stringify(
    rows.map((row) => [
      row.username ?? "",
      ASSIGNMENT_MESSAGES.progressLayers(row.layersRead, row.layersAssigned),
      row.completed ? "Yes" : "No",
      // "3 of 5", not "3/5", which a spreadsheet would read as a date.
      row.score ? `${row.score.right} of ${row.score.asked}` : "",
      row.lastActiveDay ?? "",
      row.storiesCompleted,
    ]),
    { header: true, columns: [...PROGRESS_CSV_COLUMNS], escape_formulas: true, record_delimiter: "windows" },
  );
}

/** progress-<group>-<date>.csv, the group's name in letters and digits only so that every system takes it. */
export function progressCsvName(groupName: string, now = new Date()): string {
  const name =
    groupName
      .normalize("NFKD")
      // The accents NFKD split off: "Zürich" is "zurich".
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 40) || "group";
  return `progress-${name}-${todayUtc(now)}.csv`;
}
