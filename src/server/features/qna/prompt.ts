import { TEACHING_PERSONA } from "../../../core/stories/story-prompt";
import { expandVerseReference, parseVerseReference } from "../../../core/stories/verse-lookup";
import type { ChatMessage } from "../../adapters/ai/types";
import { findVerses } from "../bible";
import type { BankEntry, OfflineAnswer, Reader } from "./question-bank";

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

const READER_RULE: Record<Reader, string> = {
  child: "The reader is under 13: answer in a few short sentences at a 4th-grade reading level.",
  teen: "The reader is 13 or older: answer with a little more depth, still in plain words.",
};

/**
 * What the ministry has reviewed for this question (issue 22): the question bank's matching entry, or the story
 * library's passage, as grounding for the model. It may quote only these verses, or others of the library, word
 * for word; the route checks the finished answer and falls back to the reviewed one if it cites any other.
 */
export function groundingFor(offline: OfflineAnswer, entry: BankEntry | null, reader: Reader): string {
  const lines = [
    READER_RULE[reader],
    "Quote and cite only verses given below or verses of Lamplight's story library, word for word from the World English Bible; never cite any other verse.",
  ];
  if (entry) {
    lines.push(
      "Base your answer on this answer the ministry reviewed for the same question, in your own words:",
      `Question: ${entry.question}`,
      `Reviewed answer: ${reader === "teen" ? entry.long : entry.short}`,
    );
    if (entry.differ) lines.push(`Where Christians differ: ${entry.differ}`);
    lines.push("Its verses (World English Bible):", ...versesOf(entry.verses));
  } else if (offline.source) {
    lines.push(
      "Base your answer on this passage the ministry reviewed from the story library:",
      offline.text,
    );
  }
  if (offline.story)
    lines.push(`Suggest reading the story: /stories/${offline.story.slug} (${offline.story.title}).`);
  return lines.join("\n");
}

/** Each reference with its words from the verses file, as `Reference: "words"`. */
function versesOf(references: readonly string[]): string[] {
  return references.map((reference) => {
    const parsed = parseVerseReference(reference);
    const keys = parsed ? (expandVerseReference(parsed) ?? []) : [];
    return `${reference}: "${findVerses(keys)
      .map((verse) => verse.text)
      .join(" ")}"`;
  });
}

/**
 * Spec §7 faith questions: the persona (with the grounding, when there is one), the conversation so far (at most
 * the last 10 messages), the question.
 */
export function buildQnaMessages(
  history: { type: "user" | "ai" | "leader"; content: string }[],
  question: string,
  grounding?: string,
): ChatMessage[] {
  return [
    { role: "system", content: grounding ? `${QNA_PERSONA}\n\n${grounding}` : QNA_PERSONA },
    ...history.map(
      (message): ChatMessage => ({
        role: message.type === "user" ? "user" : "assistant",
        // A leader's reply is part of the conversation the helper continues, said as whose it was.
        content:
          message.type === "leader"
            ? `A leader from the ministry answered: ${message.content}`
            : message.content,
      }),
    ),
    { role: "user", content: question },
  ];
}
