import { HandHelping, Heart, type LucideIcon, ThumbsUp } from "lucide-react";
import { REACTION_TYPES, type ReactionSummary, type ReactionType } from "../../../../core/schemas/feed";

const reactions: Record<ReactionType, { label: string; Icon: LucideIcon; active: string }> = {
  like: { label: "Like", Icon: ThumbsUp, active: "border-indigo-300 bg-indigo-50 text-indigo-800" },
  love: { label: "Love", Icon: Heart, active: "border-rose-300 bg-rose-50 text-rose-800" },
  pray: { label: "Pray", Icon: HandHelping, active: "border-amber-300 bg-amber-50 text-amber-900" },
};

/**
 * Like / Love / Pray with their counts. The reader's own reaction is pressed (`aria-pressed`) and filled
 * in; choosing it again removes it, choosing another replaces it (the server decides, docs/decisions/005).
 */
export function ReactionButtons({
  summary,
  onReact,
  disabled = false,
  small = false,
}: {
  summary: ReactionSummary;
  onReact: (type: ReactionType) => void;
  disabled?: boolean;
  small?: boolean;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      {REACTION_TYPES.map((type) => {
        const { label, Icon, active } = reactions[type];
        const pressed = summary.userReaction === type;
        return (
          <button
            key={type}
            type="button"
            aria-pressed={pressed}
            disabled={disabled}
            onClick={() => onReact(type)}
            className={`inline-flex items-center gap-1.5 rounded-full border font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70 ${
              small ? "px-2 py-0.5 text-xs" : "px-3 py-1 text-sm"
            } ${pressed ? active : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50"}`}
          >
            <Icon
              aria-hidden="true"
              className={small ? "size-3.5" : "size-4"}
              fill={pressed ? "currentColor" : "none"}
            />
            <span>{label}</span> <span>{summary.reactionCounts[type] ?? 0}</span>
          </button>
        );
      })}
    </div>
  );
}

export const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "short" });
