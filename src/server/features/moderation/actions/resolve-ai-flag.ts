import type { AiFlagAction } from "../../../../core/schemas/moderation";
import { defineAction } from "../../../shared/action";
import { checkedByRoute, LEADERS_DECISION } from "../../../shared/leaders-only";
import { actOnAiFlag } from "../ai-flags";

type Input = { flagId: string; action: AiFlagAction; reason: string };

/** A leader marks what the AI guardrails raised as reviewed, or dismisses it. */
export const resolveAiFlag = defineAction({
  name: "moderation/actions/resolve-ai-flag",
  authorise: checkedByRoute,
  guard: { unguarded: LEADERS_DECISION },
  write: (deps, actor, { flagId, ...decision }: Input) => actOnAiFlag(deps.db, actor.id, flagId, decision),
});
