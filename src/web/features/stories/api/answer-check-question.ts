import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CheckAnswerResult } from "../../../../core/stories/checks";
import type { LayerNumber } from "../../../../core/stories/layers";
import { api, unwrap } from "../../../lib/api-client";
import { refreshLearningToday } from "../../learning";
import { setProfileXp } from "../../profile";
import { type ChoiceItem, type ChoiceSeen, updateCheckItem } from "./get-layer-check";

const NOTHING_SEEN: ChoiceSeen = {
  wrongOptions: [],
  hint: null,
  rightOption: null,
  verse: null,
  xpAwarded: 0,
};

/** A question after the server's verdict on `option`. */
export function withAnswer(item: ChoiceItem, option: number, result: CheckAnswerResult): ChoiceItem {
  const seen = item.seen ?? NOTHING_SEEN;
  if (!result.correct)
    return {
      ...item,
      // A wrong try after a right one (not offered on screen) keeps the right one.
      answered: item.answered?.correct ? item.answered : { correct: false, firstTry: false },
      seen: {
        ...seen,
        wrongOptions: seen.wrongOptions.includes(option) ? seen.wrongOptions : [...seen.wrongOptions, option],
        hint: result.verse.reference,
      },
    };
  return {
    ...item,
    answered: {
      correct: true,
      firstTry: item.answered?.correct ? item.answered.firstTry : result.firstTry,
      rightOption: option,
      verse: result.verse,
    },
    seen: { ...seen, hint: null, rightOption: option, verse: result.verse, xpAwarded: result.xpAwarded },
  };
}

/** Where a check question's answer goes (also when it was given offline and waited). */
export const checkAnswerPath = (slug: string, layer: LayerNumber, index: number) =>
  `/api/stories/${encodeURIComponent(slug)}/layers/${layer}/check/${index}`;

/**
 * Answers a choice question. Only the chosen option goes: the server scores it and says what XP the reader now
 * has, which the header shows at once.
 */
export function useAnswerCheckQuestion(slug: string, layer: LayerNumber) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ index, option }: { index: number; option: number }) => {
      const result = await unwrap<CheckAnswerResult | { written: string }>(
        api.stories[":slug"].layers[":layer"].check[":index"].$post({
          param: { slug, layer: String(layer), index: String(index) },
          json: { option },
        }),
      );
      // The route answers the open prompt too ({ written }); a chosen option always gets the verdict.
      return result as CheckAnswerResult;
    },
    onSuccess: (result, { index, option }) => {
      setProfileXp(queryClient, result);
      refreshLearningToday(queryClient);
      updateCheckItem(queryClient, slug, layer, index, (item) =>
        item.kind === "choice" ? withAnswer(item, option, result) : item,
      );
    },
  });
}
