import { DEFAULT_READING_SETTINGS } from "../../../../core/reading-settings";
import type { Assignment, MyAssignment, ProgressRow } from "../../../../core/schemas/assignments";
import type { Profile } from "../../../../core/schemas/profile";

// Test data for this week's story and the Progress tab.

export const GROUP_ID = "g1";

export function makeAssignment(overrides: Partial<Assignment> = {}): Assignment {
  return {
    story: { slug: "daniel-lions-den", title: "Daniel in the Lions' Den" },
    layers: 2,
    dueDate: "2026-11-27",
    setAt: "2026-11-21T12:00:00.000Z",
    mine: { layersRead: 1, completed: false },
    ...overrides,
  };
}

export function makeMyAssignment(overrides: Partial<MyAssignment> = {}): MyAssignment {
  return { ...makeAssignment(), group: { id: GROUP_ID, name: "Sunday Explorers" }, ...overrides };
}

export function makeRow(overrides: Partial<ProgressRow> = {}): ProgressRow {
  return {
    userId: "user-1",
    username: "ruth_reads",
    layersRead: 0,
    layersAssigned: 2,
    completed: false,
    score: null,
    lastActiveDay: null,
    storiesCompleted: 0,
    ...overrides,
  };
}

/** The catalogue as GET /api/stories lists it, as far as the dialog reads it. */
export const catalogue = [
  {
    id: 1,
    slug: "creation",
    title: "Creation",
    blurb: "",
    scripture: "Genesis 1",
    difficulty: 1,
    progress: null,
  },
  {
    id: 2,
    slug: "daniel-lions-den",
    title: "Daniel in the Lions' Den",
    blurb: "",
    scripture: "Daniel 6",
    difficulty: 3,
    progress: null,
  },
];

export function makeProfile(role: Profile["role"] = "member"): Profile {
  return {
    id: "user-1",
    username: "ruth_reads",
    bio: null,
    avatarUrl: null,
    avatarPending: false,
    level: 1,
    xp: 0,
    createdAt: "2026-11-21T12:00:00.000Z",
    completedStories: 0,
    role,
    readingSettings: DEFAULT_READING_SETTINGS,
  };
}

/** GET /api/groups/:groupId as the page reads it. */
export function makeGroup(role: "owner" | "member" = "member") {
  return {
    id: GROUP_ID,
    name: "Sunday Explorers",
    inviteCode: "ABC123",
    createdAt: "2026-11-21T12:00:00.000Z",
    role,
    approveMediaFirst: false,
    canManage: false,
  };
}
