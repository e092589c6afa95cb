import type { ShareDraftRequest } from "../../../../core/stories/share";
import { defineAction } from "../../../shared/action";
import { requireUnlockedStory } from "../service";
import { draftShare as writeDraft } from "../share";

type Input = ShareDraftRequest & {
  slug: string;
  /** The reader's request: leaving cancels the AI call. */
  signal: AbortSignal;
};

/** The share dialog's draft of a post about the reader's journey. */
export const draftShare = defineAction({
  name: "stories/actions/draft-share",
  // Only a story this reader may open.
  authorise: ({ db }, actor, input: Input) => requireUnlockedStory(db, actor.id, input.slug),
  // Nothing is stored yet, but the note goes to the AI service and into a draft the child will post.
  guard: { texts: (input: Input) => [input.note] },
  write: (deps, actor, { layer, note, signal }, story) =>
    writeDraft(deps, actor.id, story, { layer, note }, signal),
});
