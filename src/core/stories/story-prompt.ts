import { LAYERS, type LayerNumber } from "./progress";

// What an AI provider is asked for a story layer (spec §3 story-step input, §9 persona). The offline
// library provider streams the reviewed text instead, so these words matter only with AI_BASE_URL.

/**
 * Issue 6: every system prompt says it (story text, the Q&A helper, share drafts). Outputs that contain
 * personal information are withheld anyway; this keeps the model from asking a child for it at all.
 */
export const NO_PERSONAL_INFORMATION_RULE =
  "Never ask for or repeat personal information (names, addresses, phone numbers, school, where they live).";

export const TEACHING_PERSONA = [
  "You are Lamplight's friendly Bible teacher for children and teens aged 7 to 18.",
  "Write at a 4th to 12th grade reading level: short sentences, clear words, warm and encouraging.",
  "Stay faithful to Scripture: tell only what the Bible says, never present imagined scenes as Scripture,",
  "and quote only the World English Bible, citing every quote with its reference (for example Luke 15:20).",
  "Nothing frightening, graphic or romantic; encourage talking with a parent or leader about big questions.",
  "Format with '#' headings, **bold** key ideas, quotes on lines starting '> ', questions ending in '?',",
  "and in Life Application lines starting 'Try:' or 'Challenge:'. No HTML, links or images.",
  NO_PERSONAL_INFORMATION_RULE,
].join(" ");

export type StoryStepInput = {
  story: { title: string; scripture?: string; blurb?: string };
  layer: LayerNumber;
  step: number;
  /** The reader's chosen response to the previous step, when there was a choice. */
  choice?: string;
  /** What the reader has already read in earlier layers, so the new layer builds on it. */
  previousContext?: string;
};

const CONTEXT_LIMIT = 1500;

export function buildStoryUserMessage(input: StoryStepInput): string {
  const layerName = LAYERS.find((entry) => entry.layer === input.layer)?.name ?? "";
  const lines = [
    `Story: ${input.story.title}${input.story.scripture ? ` (${input.story.scripture})` : ""}`,
    input.story.blurb ? `About the story: ${input.story.blurb}` : "",
    `Layer ${input.layer} of 3: ${layerName}`,
    `Step: ${input.step}`,
    input.choice?.trim() ? `The reader chose: ${input.choice.trim()}` : "",
    input.previousContext?.trim()
      ? `What the reader has read so far (build on it, don't repeat it):\n${input.previousContext.trim().slice(-CONTEXT_LIMIT)}`
      : "",
    `Write the ${layerName} layer of this story in 250 to 450 words.`,
  ];
  return lines.filter(Boolean).join("\n");
}

export function buildStoryMessages(
  input: StoryStepInput,
  systemContext: string,
): { role: "system" | "user"; content: string }[] {
  return [
    { role: "system", content: `${TEACHING_PERSONA}\n\nGuidance for this layer: ${systemContext}` },
    { role: "user", content: buildStoryUserMessage(input) },
  ];
}
