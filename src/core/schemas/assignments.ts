import { z } from "zod";
import "./zod-messages";
import type { GroupRole } from "./groups";
import { isPrivileged, type Role } from "./moderation";

// This week's story and a group's progress (issue 25, parts 1 and 2): what the routes take and answer, and
// every sentence the server and the web say about them.

export const ASSIGNMENT_LAYERS = [1, 2, 3] as const;
export type AssignmentLayers = (typeof ASSIGNMENT_LAYERS)[number];

export const ASSIGNMENT_MESSAGES = {
  storyNotFound: "That story isn't in the library.",
  dueInPast: "Choose a due date from today on.",
  dueDateFormat: "Choose a due date as a day (YYYY-MM-DD).",
  layersRange: "Choose 1, 2 or 3 layers.",
  storyRequired: "Please choose a story.",
  leadersOnly: "Only the group's owner and its leaders can do that.",
  set: "This week's story is set.",
  cleared: "This week's story is cleared.",
  /** The bell, once, to every other member when a new story is set. */
  bell: (group: string, story: string) => `New in ${group}: this week's story is ${story}.`,
  /** The card on the home page. */
  homeCard: (group: string, story: string) => `From ${group}: ${story}`,
  /** A member's progress toward the assigned layers, as the card and the Progress tab write it. */
  progressLayers: (read: number, of: number) => `${read} of ${of} layers`,
  // What the web says around them (the group page's card, its dialogs and the Progress tab).
  noStoryForLeaders: "No story is set. Choose one for the group to read together.",
  setDialogHint: "Every member sees it at the top of the group and on their home page.",
  clearConfirm:
    "Members will no longer see it at the top of the group or on their home page. What they have read stays theirs.",
  loadFailed: "We couldn't load this week's story.",
  storiesLoadFailed: "We couldn't load the stories. Please try again.",
  progressLoadFailed: "We couldn't load the group's progress. Please try again.",
  progressNoStory: "No story is set this week. Set one to follow who has read it.",
  progressNoMembers: "No members yet. Share the invite code to bring readers in.",
  notActiveYet: "Not yet",
  csvSaved: (fileName: string) => `Saved as ${fileName}.`,
} as const;

/** A calendar day; the server also refuses one before today (UTC), which a schema shared with the web cannot know. */
const dueDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, ASSIGNMENT_MESSAGES.dueDateFormat)
  .refine(
    (day) =>
      !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) &&
      new Date(`${day}T00:00:00Z`).toISOString().startsWith(day),
    ASSIGNMENT_MESSAGES.dueDateFormat,
  );

/** PUT /api/groups/:groupId/assignment: 'Set this week's story'. */
export const setAssignmentSchema = z.object({
  storySlug: z
    .string({ error: ASSIGNMENT_MESSAGES.storyRequired })
    .trim()
    .min(1, ASSIGNMENT_MESSAGES.storyRequired)
    .max(100, ASSIGNMENT_MESSAGES.storyNotFound),
  layers: z
    .number({ error: ASSIGNMENT_MESSAGES.layersRange })
    .int(ASSIGNMENT_MESSAGES.layersRange)
    .min(1, ASSIGNMENT_MESSAGES.layersRange)
    .max(3, ASSIGNMENT_MESSAGES.layersRange)
    .transform((layers) => layers as AssignmentLayers),
  dueDate: dueDateSchema.nullable().optional(),
});

export type SetAssignmentInput = z.input<typeof setAssignmentSchema>;

/**
 * Who may set or clear this week's story and read the group's progress: its owner, or a leader or admin who
 * belongs to it.
 */
export function canLeadAssignments(
  groupRole: GroupRole | null | undefined,
  appRole: Role | null | undefined,
): boolean {
  return groupRole === "owner" || isPrivileged(appRole);
}

/** This week's story of a group, with the viewer's own progress toward it. */
export type Assignment = {
  story: { slug: string; title: string };
  layers: AssignmentLayers;
  /** YYYY-MM-DD, or null when there is none. */
  dueDate: string | null;
  /** ISO time it was set (or last changed). */
  setAt: string;
  mine: {
    /** 0..layers */
    layersRead: number;
    completed: boolean;
  };
};

/** The home page's cards: every group of mine that has one. */
export type MyAssignment = Assignment & { group: { id: string; name: string } };

/** One member's line on the Progress tab. */
export type ProgressRow = {
  userId: string;
  username: string | null;
  /** Layers of the assigned story read, 0..layersAssigned. */
  layersRead: number;
  /** 0 when the group has no assignment. */
  layersAssigned: number;
  completed: boolean;
  /** The member's check answers for the assigned story within the assigned layers; null before any. */
  score: { right: number; asked: number } | null;
  /** YYYY-MM-DD, the last day they read or practised; null before any. */
  lastActiveDay: string | null;
  /** All-time stories completed. */
  storiesCompleted: number;
};

export type GroupProgress = {
  assignment: Omit<Assignment, "mine"> | null;
  rows: ProgressRow[];
};
