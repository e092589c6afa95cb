import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ADMIN_DELETE_MESSAGES } from "../../../../core/schemas/admin-delete";
import { ApiError, api, unwrap } from "../../../lib/api-client";
import { removePost } from "./get-posts";

export function useAdminDeletePost(groupId: string, postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) =>
      unwrap(
        api.groups[":groupId"].posts[":postId"]["admin-delete"].$post({
          param: { groupId, postId },
          json: { password },
        }),
      ),
    onSuccess: () => removePost(queryClient, groupId, postId),
  });
}

/**
 * What the alert says when an admin delete fails: the spec's words, unless the server says to wait or that admin
 * delete is turned off, which the spec's words would hide.
 */
export function adminDeleteFailureMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === 429 || error.code === "admin_delete_disabled"))
    return error.message;
  return ADMIN_DELETE_MESSAGES.failed;
}
