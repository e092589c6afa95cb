import { z } from "zod";
import "./zod-messages";

// Notifications (spec §2 "Notification dropdown", §3 notification) and @mentions (spec §5): the contract
// between the server and the bell.

export const NOTIFICATION_TYPES = [
  "post_mention",
  "comment_mention",
  /** Someone commented on the recipient's post or replied to their comment (issue 26); entityId is the new comment. */
  "comment_reply",
  "reaction",
  "achievement",
  /** A leader's decision on the recipient's own profile picture; it links to their profile. */
  "picture",
  /** A leader answered a question the recipient sent with 'Ask a leader'; entityId is the conversation's id. */
  "leader_answer",
  "other",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Spec §9: the 50 newest are fetched; the badge caps at '9+'. */
export const NOTIFICATIONS_FETCHED = 50;
export const MENTION_SUGGESTIONS = 5;
export const MENTION_DEBOUNCE_MS = 300;

export type NotificationItem = {
  id: string;
  type: NotificationType;
  message: string;
  read: boolean;
  createdAt: string;
  /** Where it happened, so the bell can link to the group's page. */
  groupId: string | null;
  entityId: string | null;
  sender: { id: string; username: string | null; avatarUrl: string | null } | null;
};

export const markReadSchema = z.object({
  ids: z.array(z.uuid("Please choose notifications to mark read.")).min(1).max(NOTIFICATIONS_FETCHED),
});

export const memberSearchSchema = z.object({ q: z.string().trim().max(20).default("") });

/** Spec §5: mentions are written @username (word characters). Each name once, in the order written. */
export function parseMentions(text: string): string[] {
  const names = new Map<string, string>();
  for (const match of text.matchAll(/(?<![\w@])@(\w{3,20})\b/g)) {
    const name = match[1] as string;
    if (!names.has(name.toLowerCase())) names.set(name.toLowerCase(), name);
  }
  return [...names.values()];
}

/* Route shapes, for signed-in users:
 * GET  /api/notifications            → { notifications: NotificationItem[] (50 newest), unreadCount: number }
 * POST /api/notifications/read       { ids } → { unreadCount }   (only the reader's own)
 * POST /api/notifications/read-all   → { unreadCount: 0 }
 * live: event type "notification" on topic user:{id}, data NotificationItem
 * GET  /api/groups/{groupId}/members?q= → { members: { id, username, avatarUrl }[] } (members only; at most 5
 *      usernames containing q, case-insensitive; the reader left out)
 */
