import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AiFlagAction } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";
import { aiFlagsQuery, removeAiFlag } from "./get-ai-flags";
import { auditLogQuery } from "./get-audit-log";

export type AiFlagActionRequest = { flagId: string; action: AiFlagAction; reason: string };

/** 'Mark as handled' or 'Dismiss' on a flag: it leaves the list and the audit log gains a row. */
export function useActOnAiFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ flagId, ...request }: AiFlagActionRequest) =>
      unwrap(api.leader.flags[":id"].action.$post({ param: { id: flagId }, json: request })),
    onSuccess: (_result, { flagId }) => {
      removeAiFlag(queryClient, flagId);
      void queryClient.invalidateQueries({ queryKey: aiFlagsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQuery.queryKey });
    },
    // Another leader got there first (409): the list says what is still open.
    onError: () => void queryClient.invalidateQueries({ queryKey: aiFlagsQuery.queryKey }),
  });
}
