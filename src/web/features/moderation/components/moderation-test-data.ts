import { DEFAULT_READING_SETTINGS } from "../../../../core/reading-settings";
import type { AuditEntry, QueueReport } from "../../../../core/schemas/moderation";
import type { Profile } from "../../../../core/schemas/profile";

// Test data for the moderation screens. The API stand-in is the feed's (`stubApi`), re-exported here.
export { stubApi } from "../../groups/components/feed-test-data";

export function makeProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    id: "user-leader",
    username: "pastor_ann",
    bio: null,
    avatarUrl: null,
    avatarPending: false,
    level: 1,
    xp: 0,
    // Midday UTC, so the date reads the same in every time zone the tests might run in.
    createdAt: "2026-11-21T12:00:00.000Z",
    completedStories: 0,
    role: "leader",
    readingSettings: DEFAULT_READING_SETTINGS,
    ...overrides,
  };
}

export function makeReport(overrides: Partial<QueueReport> = {}, item: Partial<QueueReport["item"]> = {}) {
  const report: QueueReport = {
    id: "report-1",
    reason: "personal_info",
    note: "He asked her to text him.",
    createdAt: "2026-11-21T12:00:00.000Z",
    reporter: { id: "user-reporter", username: "naomi" },
    reportCount: 1,
    ...overrides,
    item: {
      targetType: "post",
      targetId: "post-1",
      groupId: "group-1",
      groupName: "Sunday Explorers",
      text: "Text me\n555 0100",
      author: { id: "user-author", username: "boaz" },
      hidden: false,
      pictureUrl: null,
      ...item,
    },
  };
  return report;
}

export function makeAuditEntry(overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id: 1,
    action: "delete",
    targetType: "post",
    targetId: "post-1",
    reason: "Shared a phone number",
    details: {},
    createdAt: "2026-11-21T12:00:00.000Z",
    actor: { id: "user-leader", username: "pastor_ann" },
    ...overrides,
  };
}
