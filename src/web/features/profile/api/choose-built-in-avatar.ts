import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { BuiltInAvatarId } from "../../../../core/avatars";
import type { AvatarChange } from "../../../../core/schemas/profile";
import { api, unwrap } from "../../../lib/api-client";
import { profileQuery } from "./get-profile";

/** One of the pictures that ship with the app: shown to everyone at once, no approval needed. */
export function useChooseBuiltInAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: BuiltInAvatarId): Promise<AvatarChange> =>
      unwrap(api.profile.avatar["built-in"].$put({ json: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }),
  });
}
