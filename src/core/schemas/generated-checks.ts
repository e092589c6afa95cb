import { z } from "zod";
import "./zod-messages";
import { expandVerseReference, parseVerseReference } from "../stories/verse-lookup";

// 'Check your understanding' written by the AI for a generated layer (issue 23): the shape of a question set the
// server accepts from the model and keeps beside the layer's text. The AI writes the layer's multiple-choice
// questions; an open prompt (only layer 3 has one, e.g. 'What will you try this week?') does not depend on the
// text, so the library's own stays in its place. Whether a verse is one Lamplight holds word for word is the
// server's check (it reads the verses file); here only its form.

export const GENERATED_CHECK_LIMITS = {
  /** Every layer asks three questions, as the library's do. */
  questions: 3,
  questionMin: 10,
  questionMax: 200,
  optionsMin: 3,
  optionsMax: 4,
  optionMin: 1,
  optionMax: 120,
} as const;

/**
 * One passage in one chapter ("Genesis 1:27", "Luke 15:20-21"), as the library's answers cite: the 'Correct!'
 * feedback shows its words and 'Not quite' names it, so it must point to a single place to read.
 */
const verseSchema = z
  .string()
  .trim()
  .refine((reference) => {
    const parsed = parseVerseReference(reference);
    return parsed?.ranges.length === 1 && (expandVerseReference(parsed)?.length ?? 0) > 0;
  }, "must be one reference within a chapter, like 'Genesis 1:27' or 'Luke 15:20-21'");

/** A multiple-choice question: its options differ (ignoring case) and `answer` is the index of one of them. */
export const generatedChoiceSchema = z
  .object({
    kind: z.literal("choice"),
    question: z
      .string()
      .trim()
      .min(GENERATED_CHECK_LIMITS.questionMin)
      .max(GENERATED_CHECK_LIMITS.questionMax),
    options: z
      .array(z.string().trim().min(GENERATED_CHECK_LIMITS.optionMin).max(GENERATED_CHECK_LIMITS.optionMax))
      .min(GENERATED_CHECK_LIMITS.optionsMin)
      .max(GENERATED_CHECK_LIMITS.optionsMax)
      .refine(
        (options) => new Set(options.map((option) => option.toLowerCase())).size === options.length,
        "options must all differ",
      ),
    answer: z.number().int().min(0),
    verse: verseSchema,
  })
  .refine((question) => question.answer < question.options.length, {
    message: "answer must be the index of one of the options",
    path: ["answer"],
  });

/** The library's open prompt of layer 3, kept as the library wrote it. */
const openPromptSchema = z.object({
  kind: z.literal("open"),
  prompt: z.string().trim().min(1).max(GENERATED_CHECK_LIMITS.questionMax),
});

/**
 * A layer's whole question set: exactly three questions, all multiple choice but at most one open prompt (which
 * the server only ever takes from the library's layer 3). Unknown keys a model adds are dropped.
 */
export const generatedChecksSchema = z
  .array(z.discriminatedUnion("kind", [generatedChoiceSchema, openPromptSchema]))
  .length(GENERATED_CHECK_LIMITS.questions)
  .refine(
    (questions) => questions.filter((question) => question.kind === "open").length <= 1,
    "at most one open prompt",
  );

export type GeneratedChecks = z.infer<typeof generatedChecksSchema>;

/**
 * What `story_content.checks` holds once a layer's questions are settled: the AI's set, or a marker that the
 * library's questions stand (the AI failed once for this text, and is not asked again until the text changes).
 * Null in the column means not settled yet.
 */
export const storedChecksSchema = z.discriminatedUnion("source", [
  z.object({ source: z.literal("ai"), questions: generatedChecksSchema }),
  z.object({ source: z.literal("library") }),
]);

export type StoredChecks = z.infer<typeof storedChecksSchema>;
