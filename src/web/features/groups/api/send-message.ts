import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "../../../lib/api-client";
import { addMessage } from "./get-messages";

export function useSendMessage(groupId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) =>
      unwrap(api.groups[":groupId"].messages.$post({ param: { groupId }, json: { body } })),
    onSuccess: (message) => addMessage(queryClient, groupId, message),
  });
}
