import { builtInAvatarUrl } from "../../../../core/avatars";
import type { BuiltInAvatarRequest } from "../../../../core/schemas/profile";
import { defineAction } from "../../../shared/action";
import { chooseBuiltInAvatar } from "../avatar";

/** One of the built-in pictures as the reader's own, shown to everyone at once. */
export const chooseAvatar = defineAction({
  name: "profile/actions/choose-avatar",
  // Only ever the reader's own picture.
  authorise: async () => {},
  guard: { unguarded: "a built-in picture is one of ours, with no words of the reader's" },
  write: (deps, actor, input: BuiltInAvatarRequest) =>
    chooseBuiltInAvatar(deps, actor.id, builtInAvatarUrl(input.id)),
});
