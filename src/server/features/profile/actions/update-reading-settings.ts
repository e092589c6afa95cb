import type { ReadingSettings } from "../../../../core/schemas/reading-settings";
import { defineAction } from "../../../shared/action";
import { saveReadingSettings } from "../service";

/** 'Reading settings': how story text and the helper's answers look to the reader, kept with their profile. */
export const updateReadingSettings = defineAction({
  name: "profile/actions/update-reading-settings",
  // Only ever the reader's own profile.
  authorise: async () => {},
  guard: { unguarded: "choices from a fixed list, on the reader's own profile, seen by nobody else" },
  write: ({ db }, actor, input: ReadingSettings) => saveReadingSettings(db, actor.id, input),
});
