import type { WeeklyDigestSetting } from "../../../../core/schemas/profile";
import { defineAction } from "../../../shared/action";
import { saveWeeklyDigest } from "../service";

/** 'Weekly summary by email': whether the Monday digest reaches the reader, and in which time zone (issue 25). */
export const updateWeeklyDigest = defineAction({
  name: "profile/actions/update-weekly-digest",
  // Only ever the reader's own setting.
  authorise: async () => {},
  guard: { unguarded: "an on/off choice on the reader's own profile, seen by nobody else" },
  write: ({ db }, actor, input: WeeklyDigestSetting & { timeZone: string | null }) =>
    saveWeeklyDigest(db, actor.id, input.on, input.timeZone),
});
