import type { ShareStoryRequest } from "../../../../core/stories/share";
import { defineAction } from "../../../shared/action";
import { announceNewPost } from "../../feed";
import { requireMember } from "../../groups";
import { requireUnlockedStory } from "../service";
import { shareStory as postShare } from "../share";

type Input = ShareStoryRequest & { slug: string };

/** Shares the reader's journey as a post in one of their groups. */
export const shareStory = defineAction({
  name: "stories/actions/share-story",
  // A story this reader may open, into a group they belong to.
  authorise: async ({ db }, actor, input: Input) => ({
    story: await requireUnlockedStory(db, actor.id, input.slug),
    groupId: (await requireMember(db, input.groupId, actor.id)).group.id,
  }),
  // A shared story is a post in the group: it counts toward the same hourly limit.
  guard: { rate: "post", texts: (input: Input) => [input.text] },
  write: (deps, actor, input, allowed) => postShare(deps, actor.id, allowed, input),
  // The group's open feeds and the members it mentions hear of it as of any new post.
  announce: (deps, { post }) => announceNewPost(deps, post),
});
