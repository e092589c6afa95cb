import { and, eq, isNull } from "drizzle-orm";
import {
  GENERATED_CHECK_LIMITS,
  type GeneratedChecks,
  generatedChecksSchema,
  type StoredChecks,
  storedChecksSchema,
} from "../../../core/schemas/generated-checks";
import { LAYERS, type LayerNumber } from "../../../core/stories/layers";
import { TEACHING_PERSONA } from "../../../core/stories/story-prompt";
import { expandVerseReference, parseVerseReference } from "../../../core/stories/verse-lookup";
import { findVerseReferences } from "../../../core/stories/verse-reference";
import type { ChatMessage } from "../../adapters/ai/types";
import { storyContent } from "../../db/schema";
import type { AppDeps } from "../../http/app-env";
import { raiseAiFlag } from "../../shared/ai-guardrails";
import { findVerses, wordsOfReference } from "../bible";
import type { CheckQuestion, LibraryStory } from "./library";
import type { StoryRow } from "./service";

// 'Check your understanding' written by the AI for a generated layer (issue 23, item 1). With a real text AI the
// layer's multiple-choice questions are asked of it once per saved text, as JSON checked against a zod schema,
// verses we hold word for word and the moderation every AI text passes; on any failure the library's questions
// stand. Either outcome is stored on the layer's row, so every request of the reader shows and scores the same
// questions and a failure is not paid for again on each request. Not counted against the daily AI quota: there is
// at most one call per saved layer text, and saving a text already used the quota.

/** Long enough for a slow model to write three short questions; the reader waits for the check meanwhile. */
export const GENERATED_CHECKS_TIMEOUT_MS = 20_000;
const GENERATED_CHECKS_TEMPERATURE = 0.3;
const GENERATED_CHECKS_MAX_TOKENS = 900;
/** The layer text given to the model: a layer is 250–500 words, so this is all of it with room to spare. */
const LAYER_TEXT_LIMIT = 6000;

/** Why the library's questions stand in, for the log. */
class GeneratedChecksRefused extends Error {
  constructor(
    readonly reason: "not_json" | "schema" | "unknown_verse" | "moderation",
    detail: string,
  ) {
    super(detail);
    this.name = "GeneratedChecksRefused";
  }
}

/** The questions a stored set means: the AI's, or the library's when it says so or cannot be read. */
export function questionsOfLayer(stored: unknown, library: readonly CheckQuestion[]): CheckQuestion[] {
  const parsed = storedChecksSchema.safeParse(stored);
  return parsed.success && parsed.data.source === "ai" ? parsed.data.questions : [...library];
}

/** The single verses of a reference ("Luke 15:20-21" → two keys); none for one we cannot read. */
function verseKeysOf(reference: string): string[] {
  const parsed = parseVerseReference(reference);
  return (parsed && expandVerseReference(parsed)) ?? [];
}

/**
 * The verses the questions may cite: the story's own from the library (every layer's check verses and the memory
 * verse) and those the layer's text cites, each kept only when we hold all its words.
 */
export function allowedVersesFor(library: LibraryStory, layerText: string): string[] {
  const references = [
    ...library.layers.flatMap((layer) =>
      layer.check.flatMap((question) => (question.kind === "choice" ? [question.verse] : [])),
    ),
    library.memoryVerse,
    ...findVerseReferences(layerText),
  ];
  return [...new Set(references.map((reference) => reference.trim()))].filter(
    (reference) => wordsOfReference(reference) !== null,
  );
}

/** The model's instructions: JSON only, in the shape generatedChecksSchema reads. */
export function buildGeneratedChecksMessages(input: {
  story: Pick<StoryRow, "title" | "scripture">;
  layer: LayerNumber;
  text: string;
  choiceCount: number;
  verses: readonly string[];
}): ChatMessage[] {
  const limits = GENERATED_CHECK_LIMITS;
  const rules = [
    `Now write ${input.choiceCount} 'Check your understanding' multiple-choice questions about the story text the user gives you, to ask the reader after it.`,
    "Each question asks about something the text says, in words a child understands; exactly one option is right, the others are plainly wrong but not silly.",
    `Each question ${limits.questionMin}-${limits.questionMax} characters ending with '?'; ${limits.optionsMin} or ${limits.optionsMax} different options, each ${limits.optionMin}-${limits.optionMax} characters.`,
    "Each question names the verse that answers it, chosen only from the verses listed by the user, written exactly as listed.",
    'Reply with JSON only, no markdown and no other words: {"questions":[{"question":"…?","options":["…","…","…"],"answer":0,"verse":"Genesis 1:3"}]} where answer is the index of the right option.',
  ].join(" ");
  const verseLines = findVerses(input.verses.flatMap(verseKeysOf)).map(
    (verse) => `${verse.ref}: "${verse.text}"`,
  );
  const layerName = LAYERS.find((entry) => entry.layer === input.layer)?.name ?? "";
  const user = [
    `Story: ${input.story.title}${input.story.scripture ? ` (${input.story.scripture})` : ""}`,
    `Layer ${input.layer}: ${layerName}`,
    "Verses you may cite (World English Bible):",
    ...verseLines,
    "",
    "The story text:",
    input.text.slice(0, LAYER_TEXT_LIMIT),
  ].join("\n");
  return [
    { role: "system", content: `${TEACHING_PERSONA}\n\n${rules}` },
    { role: "user", content: user },
  ];
}

/** The model's JSON, with or without a ```json fence around it. */
function parseModelJson(answer: string): unknown {
  const fenced = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(answer.trim());
  try {
    return JSON.parse(fenced?.[1] ?? answer);
  } catch {
    throw new GeneratedChecksRefused("not_json", answer.slice(0, 200));
  }
}

/**
 * The layer's question set from the model's answer: its choice questions in the places of the library's, the
 * library's open prompt (layer 3) kept in its own; questions beyond those asked for are left out. Throws
 * GeneratedChecksRefused when anything is off.
 */
export function questionSetFrom(
  answer: string,
  library: readonly CheckQuestion[],
  allowedVerses: readonly string[],
): GeneratedChecks {
  const json = parseModelJson(answer);
  // `{"questions": […]}` as asked, or the bare list some models send.
  const written = Array.isArray(json)
    ? json
    : typeof json === "object" && json !== null && "questions" in json && Array.isArray(json.questions)
      ? json.questions
      : null;
  if (!written) throw new GeneratedChecksRefused("schema", "no list of questions");
  const choices = written.map((question: unknown) =>
    typeof question === "object" && question !== null ? { ...question, kind: "choice" } : question,
  );
  let next = 0;
  const parsed = generatedChecksSchema.safeParse(
    library.map((question) => (question.kind === "open" ? question : choices[next++])),
  );
  if (!parsed.success)
    throw new GeneratedChecksRefused(
      "schema",
      parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; "),
    );
  // 'Correct!' shows the verse's words: a verse we do not hold word for word, or one not of this story or its
  // text, would show nothing or point the child somewhere unrelated.
  const allowedKeys = new Set(allowedVerses.flatMap(verseKeysOf));
  for (const question of parsed.data) {
    if (question.kind !== "choice") continue;
    const keys = verseKeysOf(question.verse);
    if (!keys.every((key) => allowedKeys.has(key)) || wordsOfReference(question.verse) === null)
      throw new GeneratedChecksRefused("unknown_verse", question.verse);
  }
  return parsed.data;
}

/** Every question and option the AI wrote, each checked alone (a list of short options read as one text could look like a phone number). */
async function firstFlagged(deps: AppDeps, questions: GeneratedChecks, signal: AbortSignal) {
  const texts = questions.flatMap((question) =>
    question.kind === "choice" ? [question.question, ...question.options] : [],
  );
  const verdicts = await Promise.all(texts.map((text) => deps.moderator.check(text, { signal })));
  return verdicts.find((verdict) => !verdict.allowed) ?? null;
}

type LayerToSettle = {
  userId: string;
  story: StoryRow;
  layer: LayerNumber;
  /** The saved text the questions are about. */
  text: string;
  library: LibraryStory;
};

/** Asks the model for the layer's questions; the library's marker on any failure (logged at warn). */
async function generateChecks(deps: AppDeps, layer: LayerToSettle): Promise<StoredChecks> {
  const libraryQuestions = layer.library.layers[layer.layer - 1]?.check ?? [];
  const verses = allowedVersesFor(layer.library, layer.text);
  const signal = AbortSignal.timeout(GENERATED_CHECKS_TIMEOUT_MS);
  let answer = "";
  try {
    answer = await deps.ai.text.complete(
      buildGeneratedChecksMessages({
        story: layer.story,
        layer: layer.layer,
        text: layer.text,
        choiceCount: libraryQuestions.filter((question) => question.kind === "choice").length,
        verses,
      }),
      { signal, temperature: GENERATED_CHECKS_TEMPERATURE, maxTokens: GENERATED_CHECKS_MAX_TOKENS },
    );
    const questions = questionSetFrom(answer, libraryQuestions, verses);
    const flagged = await firstFlagged(deps, questions, signal);
    if (flagged) {
      // As with withheld story text: never shown, and a leader sees what the AI wrote for this layer.
      await raiseAiFlag(deps, {
        kind: "withheld_story",
        userId: layer.userId,
        storyId: layer.story.id,
        input: `Layer ${layer.layer}: 'Check your understanding' questions`,
        output: answer,
      });
      throw new GeneratedChecksRefused("moderation", flagged.category);
    }
    return { source: "ai", questions };
  } catch (error) {
    deps.logger.warn(
      {
        err: error,
        reason: error instanceof GeneratedChecksRefused ? error.reason : "upstream",
        slug: layer.story.slug,
        layer: layer.layer,
      },
      "generated check questions failed; the library's questions stand",
    );
    return { source: "library" };
  }
}

/**
 * Settles a layer's questions the first time its check is opened with a real text AI, and answers what is
 * stored. Of two requests at once only the first write wins (written only while the column is still empty and the
 * text is still the one the questions are about); the other reads that, so both show and score the same set.
 */
export async function settleLayerChecks(deps: AppDeps, layer: LayerToSettle): Promise<unknown> {
  const generated = await generateChecks(deps, layer);
  const where = and(
    eq(storyContent.userId, layer.userId),
    eq(storyContent.storyId, layer.story.id),
    eq(storyContent.layer, layer.layer),
    eq(storyContent.step, 1),
  );
  const [written] = await deps.db
    .update(storyContent)
    .set({ checks: generated })
    .where(and(where, isNull(storyContent.checks), eq(storyContent.content, layer.text)))
    .returning({ checks: storyContent.checks });
  if (written) return written.checks;
  // Another request settled it first, or the text was generated again meanwhile (then null: the library's
  // questions for now, and the new text's own on the next request).
  const [current] = await deps.db.select({ checks: storyContent.checks }).from(storyContent).where(where);
  return current?.checks ?? null;
}
