import {
  leaderActionSchema,
  type QueueReport,
  type ReportTargetType,
} from "../../../../core/schemas/moderation";
import { type LeaderActionRequest, useActOnReport } from "../api/act-on-report";
import { ReasonDialog } from "./reason-dialog";

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

/** Asks why before a leader's action on a report goes ahead, in the words of the chosen action. */
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
  const { label, busyLabel, request, title, description } = CHOICES[choice];
  const noun = NOUNS[report.item.targetType];
  const author = report.item.author?.username ?? "this member";

  const submit = (reason: string) => {
    const parsed = leaderActionSchema.safeParse({ ...request, reason });
    if (!parsed.success) return;
    act.mutate({ reportId: report.id, ...parsed.data }, { onSuccess: onDone });
  };

  return (
    <ReasonDialog
      title={title(noun, author)}
      description={description(noun, author)}
      submitLabel={label}
      busyLabel={busyLabel}
      submitVariant={choice === "delete" || choice === "removePicture" ? "danger" : "primary"}
      pending={act.isPending}
      error={act.error?.message}
      onSubmit={submit}
      onCancel={onCancel}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
