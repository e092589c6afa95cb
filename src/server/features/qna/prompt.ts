import { TEACHING_PERSONA } from "../../../core/stories/story-prompt";
import type { ChatMessage } from "../../adapters/ai/types";

/**
 * The helper's rules on top of the teaching persona (spec §1, issue 5): it answers, it never asks about the child
 * (the persona's NO_PERSONAL_INFORMATION_RULE, issue 6).
 */
export const QNA_PERSONA = [
  TEACHING_PERSONA,
  "You are answering a child's question about the Bible and its stories in Lamplight's Q&A helper.",
  "Answer in at most about 200 words, name the story the answer comes from, and cite the verses you quote.",
  "If you are not sure, say so kindly rather than guessing; never invent a verse.",
  "For big or worrying questions, gently encourage talking with a parent, a church leader or another trusted adult.",
  "Plain text in the same formatting as above; no links other than the app's own story pages.",
].join(" ");

/** Spec §7 faith questions: the persona, the conversation so far (at most the last 10 messages), the question. */
export function buildQnaMessages(
  history: { type: "user" | "ai"; content: string }[],
  question: string,
): ChatMessage[] {
  return [
    { role: "system", content: QNA_PERSONA },
    ...history.map(
      (message): ChatMessage => ({
        role: message.type === "user" ? "user" : "assistant",
        content: message.content,
      }),
    ),
    { role: "user", content: question },
  ];
}
