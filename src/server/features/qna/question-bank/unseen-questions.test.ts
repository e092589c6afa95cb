import { describe, expect, it } from "vitest";
import { type OfflineAnswerSource, offlineHelper } from "./index";
import { UNSEEN_QUESTIONS } from "./unseen-questions";
import { UNSEEN_QUESTIONS_2 } from "./unseen-questions-2";

// Scores the offline helper on two tables of questions it was never tuned against, each written by a different
// hand from the bank's index only (see each table's header). An answerable question counts as right when the
// helper answers from the labelled bank entry or story, or from one a fair judge would also accept; an off-topic
// one counts as right when the helper falls back instead of using the bank.
const ANSWERABLE_FLOOR = 0.8;
const OFF_TOPIC_ANSWERED_CEILING = 1;

type Label = (typeof UNSEEN_QUESTIONS)[number];

const describeSource = (source: OfflineAnswerSource) =>
  source === null ? "fallback" : JSON.stringify(source);

function isFitting(label: Label, source: OfflineAnswerSource): boolean {
  const accepted = label.ok ?? [];
  if (source?.kind === "bank") return source.id === label.id || accepted.includes(source.id);
  if (source?.kind === "story") return source.slug === label.story || accepted.includes(source.slug);
  return false;
}

describe("unseen children's questions", () => {
  it.each([
    ["unseen questions", UNSEEN_QUESTIONS],
    ["unseen questions 2", UNSEEN_QUESTIONS_2],
  ])(
    "%s: answers most of them with a fitting entry and falls back on off-topic ones",
    async (name, table) => {
      const helper = await offlineHelper();
      const answerable = table.filter((label) => label.id !== undefined || label.story !== undefined);
      const offTopic = table.filter((label) => !answerable.includes(label));
      const answerableMisses = answerable.flatMap((label) => {
        const { source } = helper.answer(label.asked, { reader: "child" });
        if (isFitting(label, source)) return [];
        const wanted = [label.id ?? label.story, ...(label.ok ?? [])].join(" / ");
        return [`"${label.asked}" wanted ${wanted}, got ${describeSource(source)}`];
      });
      const offTopicAnswered = offTopic.flatMap((label) => {
        const { source } = helper.answer(label.asked, { reader: "child" });
        return source === null ? [] : [`"${label.asked}" got ${describeSource(source)}`];
      });
      const answerableRight = answerable.length - answerableMisses.length;

      console.info(
        [
          `${name}: answerable ${answerableRight}/${answerable.length}, off-topic answered ${offTopicAnswered.length}/${offTopic.length}`,
          ...answerableMisses.map((miss) => `  miss: ${miss}`),
          ...offTopicAnswered.map((miss) => `  off-topic answered: ${miss}`),
        ].join("\n"),
      );

      expect(answerable.length).toBe(70);
      expect(offTopic.length).toBe(10);
      expect(answerableRight).toBeGreaterThanOrEqual(Math.ceil(answerable.length * ANSWERABLE_FLOOR));
      expect(offTopicAnswered.length).toBeLessThanOrEqual(OFF_TOPIC_ANSWERED_CEILING);
    },
  );
});
