import { z } from "zod";

// The events of a story generation stream (SSE), one JSON object per `data:` line. The server writes
// them, the story page reads them; the schema is the contract between the two.

export const generationEventSchema = z.discriminatedUnion("type", [
  /** A piece of the layer's text, in order. */
  z.object({ type: z.literal("delta"), text: z.string() }),
  /** The text is saved and its XP awarded; the header can show the new XP at once. */
  z.object({
    type: z.literal("done"),
    content: z.string(),
    xp: z.number(),
    level: z.number(),
    xpAwarded: z.number(),
  }),
  /** The illustration that follows the text is saved. */
  z.object({ type: z.literal("image"), imageUrl: z.string() }),
  /** The illustration failed; the text stays, and the reader can try again from the page. */
  z.object({ type: z.literal("image_failed"), message: z.string() }),
  /** The text could not be written; nothing was saved. */
  z.object({ type: z.literal("error"), message: z.string() }),
  /**
   * Moderation stopped the text (issue 6): what was shown of it goes, `message` (GUARDRAIL_MESSAGES.story)
   * takes its place, nothing is saved, no XP is given, and the reader can try again.
   */
  z.object({ type: z.literal("withheld"), message: z.string() }),
  /** Keeps proxies from closing a quiet stream. */
  z.object({ type: z.literal("ping") }),
]);

export type GenerationEvent = z.infer<typeof generationEventSchema>;

export { STORY_MESSAGES } from "./story-messages";
