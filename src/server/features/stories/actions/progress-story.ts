import type { ProgressAction } from "../../../../core/stories/progress";
import { checkFirstStory, recordReadingDay } from "../../../shared/achievements";
import { defineAction } from "../../../shared/action";
import { countCompletedStories, progressStory as saveProgress } from "../service";

type Input = {
  slug: string;
  action: ProgressAction;
  /** The reader's own day, for the reading streak. */
  today: string;
};

/** 'Move to Layer N', 'Mark Story Complete' or a jump back to a layer already reached. */
export const progressStory = defineAction({
  name: "stories/actions/progress-story",
  // The write finds the story among those unlocked for this reader, under a lock on their progress.
  authorise: async () => {},
  guard: { unguarded: "moving through a story stores no words, and a muted reader may still read" },
  write: (deps, actor, input: Input) => saveProgress(deps.db, actor.id, input.slug, input.action),
  // The reading streak and the first story's badge follow from the stored progress.
  announce: async (deps, result, { actor, input }) => {
    await recordReadingDay(deps, actor.id, input.today, { activity: "none" });
    if (result.message) await checkFirstStory(deps, actor.id, await countCompletedStories(deps.db, actor.id));
  },
});
