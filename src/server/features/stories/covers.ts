import { createHash } from "node:crypto";
import type { CoverSize } from "../../../core/schemas/stories";
import type { ImageStyleId } from "../../../core/stories/image-styles";
import { drawStoryCover } from "./illustrate";

/**
 * The style covers are drawn in. Cartoon reads best at a card's size: bold outlines and flat bright colours stay
 * clear at 256 pixels, where the painterly styles' fine detail and grain turn to mush.
 */
export const COVER_STYLE: ImageStyleId = "cartoon";

export type Cover = {
  webp: Buffer;
  /** A strong tag from the bytes: the same drawing of the same story is the same tag on every instance. */
  etag: string;
};

type DrawCover = (slug: string, style: ImageStyleId, size: number) => Promise<Buffer | undefined>;

/**
 * Covers, drawn once per story and size and kept for the process (16 stories × 2 sizes, a few KB each). The
 * first ask draws; asks that come while it draws wait for the same drawing rather than starting their own. An
 * unknown slug is not remembered, so a stranger asking for made-up names cannot fill the memory, and a failed
 * drawing is tried again on the next ask.
 */
export function createCoverCache(draw: DrawCover = drawStoryCover) {
  const covers = new Map<string, Promise<Cover | undefined>>();
  return {
    /** The cover, and whether this ask drew it ("drawn") or found it drawn or being drawn ("kept"). */
    async get(
      slug: string,
      size: CoverSize,
    ): Promise<{ cover: Cover; source: "drawn" | "kept" } | undefined> {
      const key = `${size}:${slug}`;
      const known = covers.get(key);
      if (known) {
        const cover = await known;
        return cover && { cover, source: "kept" };
      }
      const drawing = draw(slug, COVER_STYLE, size).then((webp) =>
        webp
          ? { webp, etag: `"${createHash("sha256").update(webp).digest("base64url").slice(0, 22)}"` }
          : undefined,
      );
      covers.set(key, drawing);
      try {
        const cover = await drawing;
        if (!cover) covers.delete(key);
        return cover && { cover, source: "drawn" };
      } catch (error) {
        covers.delete(key);
        throw error;
      }
    },
  };
}

export type CoverCache = ReturnType<typeof createCoverCache>;

/** Whether `If-None-Match` names this tag (or `*`): the browser has this cover already, so a 304 does. */
export function hasCopy(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => tag.trim() === "*" || tag.trim().replace(/^W\//, "") === etag);
}
