import { type FormEvent, useState } from "react";
import {
  ACTION_REASON_MAX_LENGTH,
  leaderActionSchema,
  type QueueReport,
  type ReportTargetType,
} from "../../../../core/schemas/moderation";
import { Button } from "../../../components/ui/button";
import { Dialog } from "../../../components/ui/dialog";
import { ErrorBox } from "../../../components/ui/error-box";
import { TextAreaField } from "../../../components/ui/field";
import { type LeaderActionRequest, useActOnReport } from "../api/act-on-report";

export type ChoiceId = "dismiss" | "hide" | "delete" | "removePicture" | "mute24h" | "mute7d";

const NOUNS: Record<ReportTargetType, string> = {
  post: "post",
  comment: "comment",
  message: "message",
  avatar: "profile picture",
};

type Choice = {
  label: string;
  busyLabel: string;
  request: Omit<LeaderActionRequest, "reason">;
  title: (noun: string, author: string) => string;
  description: (noun: string, author: string) => string;
};

const CHOICES: Record<ChoiceId, Choice> = {
  dismiss: {
    label: "Dismiss",
    busyLabel: "Dismissing...",
    request: { action: "dismiss" },
    title: () => "Dismiss this report?",
    description: (noun) =>
      `The ${noun} stays as it is and its reports are closed. If it was hidden, it is shown again.`,
  },
  hide: {
    label: "Hide",
    busyLabel: "Hiding...",
    request: { action: "hide" },
    title: (noun) => `Hide this ${noun}?`,
    description: (noun) => `Members will no longer see this ${noun}. It is kept for the record.`,
  },
  delete: {
    label: "Delete",
    busyLabel: "Deleting...",
    request: { action: "delete" },
    title: (noun) => `Delete this ${noun}?`,
    description: (noun) => `This ${noun} will be gone for everyone. This cannot be undone.`,
  },
  removePicture: {
    label: "Remove picture",
    busyLabel: "Removing...",
    request: { action: "remove_avatar" },
    title: () => "Remove this picture?",
    description: (_noun, author) =>
      `${author}'s profile picture will be gone for everyone, and they are told. Others see their first letter instead.`,
  },
  mute24h: {
    label: "Mute 24 hours",
    busyLabel: "Muting...",
    request: { action: "mute", muteFor: "24h" },
    title: (_noun, author) => `Mute ${author} for 24 hours?`,
    description: (_noun, author) =>
      `${author} can still read, but cannot post, comment or chat for 24 hours.`,
  },
  mute7d: {
    label: "Mute 7 days",
    busyLabel: "Muting...",
    request: { action: "mute", muteFor: "7d" },
    title: (_noun, author) => `Mute ${author} for 7 days?`,
    description: (_noun, author) => `${author} can still read, but cannot post, comment or chat for 7 days.`,
  },
};

export const choiceFor = (id: ChoiceId) => CHOICES[id];

/**
 * Asks why before a leader's action goes ahead: the reason is kept in the audit log. It cannot be closed while
 * the action is under way, so the leader learns how it ended, and stays open showing why when it fails.
 */
export function ActionDialog({
  report,
  choice,
  onDone,
  onCancel,
  onCloseAutoFocus,
}: {
  report: QueueReport;
  choice: ChoiceId;
  onDone: () => void;
  onCancel: () => void;
  onCloseAutoFocus: (event: Event) => void;
}) {
  const act = useActOnReport();
  const [reason, setReason] = useState("");
  const { label, busyLabel, request, title, description } = CHOICES[choice];
  const noun = NOUNS[report.item.targetType];
  const author = report.item.author?.username ?? "this member";

  const close = (open: boolean) => {
    if (!open && !act.isPending) onCancel();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = leaderActionSchema.safeParse({ ...request, reason });
    if (!parsed.success || act.isPending) return;
    act.mutate({ reportId: report.id, ...parsed.data }, { onSuccess: onDone });
  };

  return (
    <Dialog
      open
      onOpenChange={close}
      title={title(noun, author)}
      description={description(noun, author)}
      onCloseAutoFocus={onCloseAutoFocus}
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <TextAreaField
          label="Why? (kept in the audit log)"
          value={reason}
          rows={3}
          maxLength={ACTION_REASON_MAX_LENGTH}
          required
          // Radix would otherwise focus the dialog's close button; the reason is what is asked for.
          autoFocus
          onChange={(event) => setReason(event.target.value)}
        />
        <ErrorBox>{act.error?.message}</ErrorBox>
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => close(false)} disabled={act.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant={choice === "delete" || choice === "removePicture" ? "danger" : "primary"}
            disabled={!reason.trim() || act.isPending}
          >
            {act.isPending ? busyLabel : label}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
