import { ASSIGNMENT_MESSAGES } from "../../../../core/schemas/assignments";
import { PUSH_MESSAGES } from "../../../../core/schemas/push";
import { defineAction } from "../../../shared/action";
import { notify } from "../../../shared/notify";
import {
  findAssignableStory,
  otherMemberIds,
  requireAssignmentLeader,
  requireDueFromToday,
  senderOf,
  setAssignment as storeAssignment,
} from "../assignments";

type Input = { groupId: string; storySlug: string; layers: 1 | 2 | 3; dueDate?: string | null };

/** 'Set this week's story': a new story, or other layers or another due date for the same one. */
export const setAssignment = defineAction({
  name: "groups/set-assignment",
  authorise: async ({ db }, actor, input: Input) => {
    const group = await requireAssignmentLeader(db, input.groupId, actor.id);
    requireDueFromToday(input.dueDate);
    const story = await findAssignableStory(db, input.storySlug);
    return { group, story };
  },
  guard: { unguarded: "a leader picks a story from the library; nothing they write is shown to anyone" },
  write: ({ db }, actor, input, { group, story }) =>
    storeAssignment(db, actor.id, {
      groupId: group.id,
      story,
      layers: input.layers,
      dueDate: input.dueDate ?? null,
    }),
  // Members hear of a new story once; other layers or another due date for the same story ring no bell.
  // Logged, never thrown: the assignment is already saved.
  announce: async (deps, { newStory }, { actor, allowed: { group, story } }) => {
    if (!newStory) return;
    try {
      const recipientIds = await otherMemberIds(deps.db, group.id, actor.id);
      await notify(deps, {
        type: "other",
        recipientIds,
        sender: await senderOf(deps.db, actor.id),
        message: ASSIGNMENT_MESSAGES.bell(group.name, story.title),
        groupId: group.id,
        entityId: null,
      });
      // And on their phones, where they turned notifications on (issue 26).
      await deps.pushQueue.send(recipientIds, {
        ...PUSH_MESSAGES.weeklyStory(group.name, story.title),
        url: `/stories/${encodeURIComponent(story.slug)}`,
      });
    } catch (err) {
      deps.logger.error({ err, groupId: group.id }, "weekly story notifications not sent");
    }
  },
});
