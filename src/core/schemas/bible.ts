import { z } from "zod";
import { BIBLE_MESSAGES, lookupVerseKeys } from "../stories/verse-lookup";

/** `GET /api/bible/verses?ref=…`: one reference the route can answer (see lookupVerseKeys). */
export const verseLookupQuerySchema = z.object({
  ref: z
    .string({ error: BIBLE_MESSAGES.malformed })
    .max(200, BIBLE_MESSAGES.malformed)
    .transform((value) => value.trim())
    .superRefine((value, context) => {
      const lookup = lookupVerseKeys(value);
      if ("problem" in lookup) context.addIssue({ code: "custom", message: lookup.problem });
    }),
});
