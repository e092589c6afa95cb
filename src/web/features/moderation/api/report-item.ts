import { useMutation } from "@tanstack/react-query";
import type { ReportReason, ReportTargetType } from "../../../../core/schemas/moderation";
import { api, unwrap } from "../../../lib/api-client";

export type ReportRequest = {
  targetType: ReportTargetType;
  targetId: string;
  reason: ReportReason;
  note?: string;
  /** For a profile picture: the group where it was seen. */
  groupId?: string;
};

/** 'Send report' (and 'Report picture'): the server answers with what to tell the reader (thanks, or already reported). */
export function useReportItem() {
  return useMutation({
    mutationFn: (report: ReportRequest): Promise<{ message: string }> =>
      unwrap(api.reports.$post({ json: report })),
  });
}
