import { z } from "zod";
import "./zod-messages";
import { isPrivileged, type Role } from "./moderation";

// Study groups and their chat (spec §3, §5, §8).

export const GROUP_NAME_MAX_LENGTH = 60;
export const INVITE_CODE_LENGTH = 6;
export const MESSAGE_MAX_LENGTH = 2000;

export const GROUP_MESSAGES = {
  notAuthenticated: "Not authenticated",
  nameRequired: "Please give your group a name.",
  nameTooLong: `Group names can be at most ${GROUP_NAME_MAX_LENGTH} characters.`,
  codeRequired: "Please enter an invite code.",
  invalidCode: "Invalid invite code - no group found",
  alreadyMember: "You are already a member of this group",
  membersOnly: "Only members of this group can see it.",
  groupNotFound: "That group does not exist.",
  messageRequired: "Please write a message first.",
  messageTooLong: `Messages can be at most ${MESSAGE_MAX_LENGTH} characters.`,
  ownerAlone: "You're the only member of this group, so it needs you. Invite someone before you leave.",
  newCodeLeadersOnly: "Only the group's owner or a leader can make a new invite code.",
} as const;

export const createGroupSchema = z.object({
  name: z
    .string({ error: GROUP_MESSAGES.nameRequired })
    .trim()
    .min(1, GROUP_MESSAGES.nameRequired)
    .max(GROUP_NAME_MAX_LENGTH, GROUP_MESSAGES.nameTooLong),
});

/** Spec §5: the code is uppercased, so matching is case-insensitive. */
export const joinGroupSchema = z.object({
  code: z
    .string({ error: GROUP_MESSAGES.codeRequired })
    .trim()
    .min(1, GROUP_MESSAGES.codeRequired)
    .max(20, GROUP_MESSAGES.invalidCode)
    .transform((code) => code.toUpperCase()),
});

export const groupScopeSchema = z.object({
  scope: z.enum(["mine", "all"]).default("mine"),
  cursor: z.string().max(100).optional(),
});

export const sendMessageSchema = z.object({
  body: z
    .string({ error: GROUP_MESSAGES.messageRequired })
    .trim()
    .min(1, GROUP_MESSAGES.messageRequired)
    .max(MESSAGE_MAX_LENGTH, GROUP_MESSAGES.messageTooLong),
});

export const messagePageSchema = z.object({
  before: z.coerce.number().int().positive().optional(),
});

export type GroupRole = "owner" | "member";

/**
 * The spec gives Pin/Unpin to a "privileged profile" (leader or admin); the group's owner, whom its members
 * see leading it, keeps the right it had before app-wide roles existed (docs/decisions/006).
 */
export function canPinPosts(
  groupRole: GroupRole | null | undefined,
  appRole: Role | null | undefined,
): boolean {
  return groupRole === "owner" || isPrivileged(appRole);
}

/**
 * Whether members' photos and videos wait for approval is a leader's decision (issue 17): leaders and admins who
 * belong to the group change it. The group's owner, a child like any other member, does not: pinning is theirs,
 * but not the say over what other children's uploads need before everyone sees them.
 */
export function canChangeMediaApproval(appRole: Role | null | undefined): boolean {
  return isPrivileged(appRole);
}

/**
 * A new invite code (the old one stops working) is for whoever leads the group: its owner, or a leader or admin
 * who belongs to it. The same people who pin its posts; kept apart, so that either rule can change alone.
 */
export function canRenewInviteCode(
  groupRole: GroupRole | null | undefined,
  appRole: Role | null | undefined,
): boolean {
  return canPinPosts(groupRole, appRole);
}
