import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AvatarChange } from "../../../../core/schemas/profile";
import { api, unwrap } from "../../../lib/api-client";
import { profileQuery } from "./get-profile";

/** A member's picture waits for a leader (avatarPending); a leader's or an admin's shows at once. */
export function useUploadAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File): Promise<AvatarChange> => unwrap(api.profile.avatar.$post({ form: { file } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQuery.queryKey }),
  });
}
