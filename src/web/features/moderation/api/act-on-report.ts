import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { LeaderAction, MuteDuration } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";
import { auditLogQuery } from "./get-audit-log";
import { mutesQuery } from "./get-mutes";
import { queueQuery, removeReport } from "./get-queue";

export type LeaderActionRequest = { action: LeaderAction; muteFor?: MuteDuration; reason: string };

/** Dismiss, hide, delete or mute on a report; the report leaves the queue and the audit log gains a row. */
export function useActOnReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, ...request }: LeaderActionRequest & { reportId: string }) =>
      unwrap(api.leader.reports[":id"].action.$post({ param: { id: reportId }, json: request })),
    onSuccess: (_result, { reportId }) => {
      removeReport(queryClient, reportId);
      // An action can close the item's other reports too; the server's queue says which are left.
      void queryClient.invalidateQueries({ queryKey: queueQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: auditLogQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: mutesQuery.queryKey });
    },
  });
}
