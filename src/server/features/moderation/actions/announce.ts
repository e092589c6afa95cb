import { groupTopic } from "../../../../core/realtime";
import { type FanOutDeps, notify } from "../../../shared/notify";
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
