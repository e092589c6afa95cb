import type { ShareStoryRequest } from "../../../../core/stories/share";
import { defineAction } from "../../../shared/action";
import { announceNewPost } from "../../feed";
import { shareStory as postShare } from "../share";

type Input = ShareStoryRequest & { slug: string };

/** Shares the reader's journey as a post in one of their groups. */
export const shareStory = defineAction({
  name: "stories/actions/share-story",
  // The write checks the story is unlocked for this reader and the group is theirs (after the guard, as it
  // always was).
  authorise: async () => {},
  // A shared story is a post in the group: it counts toward the same hourly limit.
  guard: { rate: "post", texts: (input: Input) => [input.text] },
  write: (deps, actor, { slug, ...request }) => postShare(deps, actor.id, slug, request),
  // The group's open feeds and the members it mentions hear of it as of any new post.
  announce: (deps, { post }) => announceNewPost(deps, post),
});
