import { z } from "zod";
import "./zod-messages";

// A story's cover (GET /api/stories/:slug/cover.webp): the library's own picture of the story's key moment,
// in two sizes, so that a card and the landing page's hero each fetch no more pixels than they show.

export const COVER_SIZES = [256, 512] as const;
export type CoverSize = (typeof COVER_SIZES)[number];
export const DEFAULT_COVER_SIZE: CoverSize = 512;

export const COVER_MESSAGES = {
  badSize: `A cover comes in the sizes ${COVER_SIZES.join(" and ")}.`,
} as const;

/** `?size=256|512`, 512 when left out; anything else is refused rather than drawn. */
export const coverQuerySchema = z.object({
  size: z
    .enum(COVER_SIZES.map(String) as [`${CoverSize}`, ...`${CoverSize}`[]], { error: COVER_MESSAGES.badSize })
    .optional()
    .transform((size) => (size ? (Number(size) as CoverSize) : DEFAULT_COVER_SIZE)),
});
