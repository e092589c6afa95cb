import type { ShareDraftRequest } from "../../../../core/stories/share";
import { defineAction } from "../../../shared/action";
import { draftShare as writeDraft } from "../share";

type Input = ShareDraftRequest & {
  slug: string /** The reader's request: leaving cancels the AI call. */;
  signal: AbortSignal;
};

/** The share dialog's draft of a post about the reader's journey. */
export const draftShare = defineAction({
  name: "stories/actions/draft-share",
  // The write finds the story among those unlocked for this reader (after the guard, as it always was).
  authorise: async () => {},
  // Nothing is stored yet, but the note goes to the AI service and into a draft the child will post.
  guard: { texts: (input: Input) => [input.note] },
  write: (deps, actor, { slug, signal, ...request }) => writeDraft(deps, actor.id, slug, request, signal),
});
