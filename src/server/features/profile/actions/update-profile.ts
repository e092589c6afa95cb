import type { ProfileUpdate } from "../../../../core/schemas/profile";
import { defineAction } from "../../../shared/action";
import { updateProfile as saveProfile, toProfile } from "../service";

/** 'Edit profile': the reader's own username and bio, which others see beside everything they write. */
export const updateProfile = defineAction({
  name: "profile/actions/update-profile",
  // Only ever the reader's own profile.
  authorise: async () => {},
  guard: { texts: (input: ProfileUpdate) => [input.username, input.bio] },
  write: async (deps, actor, input) => toProfile(deps.db, await saveProfile(deps.db, actor.id, input)),
});
