import { z } from "zod";
import "../schemas/zod-messages";
import { POST_CONTENT_MAX_LENGTH } from "../schemas/feed";
import { LAYERS, type LayerNumber, layerNumberSchema } from "./progress";
import { NO_PERSONAL_INFORMATION_RULE } from "./story-prompt";

// Sharing a story journey (spec §2 share dialog, §4, §5, §7, §9): the reader's note becomes a draft, the
// draft an ordinary post in one of their study groups. The contract between the share routes and the dialog.

export const SHARE_NOTE_MAX_LENGTH = 500;
/** Spec §7, §9: a short post, so a small budget; 0.7 keeps it warm without wandering. */
export const SHARE_DRAFT_MAX_TOKENS = 100;
export const SHARE_DRAFT_TEMPERATURE = 0.7;

export const SHARE_MESSAGES = {
  noGroups: "You need to join a study group first to share posts.",
  noteRequired: "Please write what you learned first.",
  noteTooLong: `Please keep your note to ${SHARE_NOTE_MAX_LENGTH} characters or fewer.`,
  draftRequired: "Please write something to share.",
  draftTooLong: `Posts can be at most ${POST_CONTENT_MAX_LENGTH} characters.`,
  groupRequired: "Please choose a study group to share with.",
  attachRequired: "Please say whether to attach the illustration.",
  noIllustration: "This layer has no illustration to attach yet. Create one first, or share without it.",
  sent: (groupName: string) => `Your story journey was shared with ${groupName}!`,
} as const;

const note = z
  .string({ error: SHARE_MESSAGES.noteRequired })
  .trim()
  .min(1, SHARE_MESSAGES.noteRequired)
  .max(SHARE_NOTE_MAX_LENGTH, SHARE_MESSAGES.noteTooLong);

/** POST /api/stories/{slug}/share-draft → 200 { draft, source: "ai" | "fallback" } */
export const shareDraftRequestSchema = z.object({ layer: layerNumberSchema, note });

/** POST /api/stories/{slug}/share → 201 { post: FeedPost, groupId } */
export const shareStoryRequestSchema = z.object({
  layer: layerNumberSchema,
  groupId: z.uuid(SHARE_MESSAGES.groupRequired),
  text: z
    .string({ error: SHARE_MESSAGES.draftRequired })
    .trim()
    .min(1, SHARE_MESSAGES.draftRequired)
    .max(POST_CONTENT_MAX_LENGTH, SHARE_MESSAGES.draftTooLong),
  attachIllustration: z.boolean({ error: SHARE_MESSAGES.attachRequired }),
});

export type ShareDraftRequest = { layer: LayerNumber; note: string };
export type ShareStoryRequest = z.output<typeof shareStoryRequestSchema>;
export type ShareDraftSource = "ai" | "fallback";

/** Spec §5: what the reader gets whenever the AI cannot write the draft (and always offline). */
export function fallbackShareDraft(storyTitle: string, readerNote: string): string {
  return `Just learned something amazing from ${storyTitle}! ${readerNote.trim()} 🙏✨`;
}

export const SHARE_DRAFT_PERSONA = [
  "You help children and teens aged 7 to 18 share what they learned from a Bible story with their church study group.",
  "Write one short, warm, encouraging post of 10 to 35 words, in the reader's own voice (I, me), with one to three fitting emojis.",
  "Build on the reader's own words and stay faithful to the story. No links, hashtags or personal details, nothing frightening.",
  "Answer with the post text only, without quotation marks.",
  NO_PERSONAL_INFORMATION_RULE,
].join(" ");

export type ShareDraftInput = {
  story: { title: string; scripture?: string | null };
  layer: LayerNumber;
  note: string;
};

/** Spec §7: a system and a user message. */
export function buildShareDraftMessages(
  input: ShareDraftInput,
): { role: "system" | "user"; content: string }[] {
  const layerName = LAYERS.find((entry) => entry.layer === input.layer)?.name ?? "";
  const scripture = input.story.scripture ? ` (${input.story.scripture})` : "";
  return [
    { role: "system", content: SHARE_DRAFT_PERSONA },
    {
      role: "user",
      content: [
        `Story: ${input.story.title}${scripture}`,
        `Layer ${input.layer} of 3: ${layerName}`,
        `What I learned: ${input.note.trim()}`,
        "Write my post for my study group.",
      ].join("\n"),
    },
  ];
}

/** Models like to wrap a requested text in quotation marks; the child should not have to remove them. */
export function cleanShareDraft(text: string): string {
  const trimmed = text.trim();
  const inner = trimmed.match(/^(?:"([^"]*)"|“([^“”]*)”)$/);
  return (inner?.[1] ?? inner?.[2] ?? trimmed).trim();
}
