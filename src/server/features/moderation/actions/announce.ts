import { FAMILY_MESSAGES } from "../../../../core/family";
import { groupTopic } from "../../../../core/realtime";
import type { MuteDuration } from "../../../../core/schemas/moderation";
import { type FanOutDeps, notify } from "../../../shared/notify";
import { type TellParentsDeps, tellParents } from "../../../shared/tell-parents";
import type { Item } from "../reported-item";

// What leaders' decisions (and the reports that hide by themselves) tell others once they are stored, shared
// by the actions that announce them.

/** Open feeds drop a post that was hidden or deleted at once; chat and comments show it on their next load. */
export async function announcePostGone(deps: FanOutDeps, item: Item | null) {
  if (item?.type !== "post") return;
  await deps.bus.publish({
    topic: groupTopic(item.groupId),
    type: "post_deleted",
    data: { postId: item.id },
  });
}

/** Tells a picture's owner what a leader decided. Logged, never thrown: the decision stands either way. */
export async function tellPictureOwner(deps: FanOutDeps, ownerId: string, message: string) {
  try {
    // "A leader": which one is not the child's business.
    await notify(deps, {
      type: "picture",
      recipientIds: [ownerId],
      sender: null,
      message,
      groupId: null,
      entityId: null,
    });
  } catch (err) {
    deps.logger.error({ err, ownerId }, "profile picture notification not sent");
  }
}

const MUTE_WORDS: Record<MuteDuration, string> = { "24h": "24 hours", "7d": "7 days" };

/**
 * Tells a child's parents (when the author has any) that a leader muted them or removed what they wrote, with
 * the leader's reason: their child's own post title at most, never anyone else's words.
 */
export async function tellParentsOfDecision(
  deps: TellParentsDeps,
  item: Item,
  decision: { action: string; muteFor?: MuteDuration; reason: string },
) {
  if (!item.authorId) return;
  const title = item.type === "post" ? (item.text.split("\n")[0] ?? "") : null;
  await tellParents(deps, item.authorId, {
    mail: (child) =>
      decision.action === "mute"
        ? {
            subject: FAMILY_MESSAGES.mutedSubject(child),
            paragraphs: [
              FAMILY_MESSAGES.muted(child, MUTE_WORDS[decision.muteFor ?? "24h"]),
              FAMILY_MESSAGES.leadersReason(decision.reason),
            ],
          }
        : {
            subject: FAMILY_MESSAGES.removedSubject(child),
            paragraphs: [
              title ? FAMILY_MESSAGES.removedPost(child, title) : FAMILY_MESSAGES.removedWriting(child),
              FAMILY_MESSAGES.leadersReason(decision.reason),
            ],
          },
  });
}
