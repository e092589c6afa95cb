import sharp from "sharp";
import { createOpenAiClient, type OpenAiConnection, providerNameFor, toAiError } from "../ai/openai-client";
import type { ModerationConfig } from "./index";
import { MODERATION_MODEL, MODERATION_TIMEOUT_MS } from "./openai";

// Pictures (issue 18): post photos, avatars and generated illustrations go to the provider's moderation
// endpoint, which reads images too, before anyone else sees them. There is no embedded model for pictures: by
// default every answer is "unchecked", and a leader's approval is what guards members' uploads.

export type PictureInput = { bytes: Uint8Array; contentType: string };

export type PictureVerdict =
  | { outcome: "allowed" }
  /** `category` is the provider's own name of what it saw (e.g. "sexual", "violence/graphic"). */
  | { outcome: "flagged"; category: string }
  /**
   * Nobody looked: no model is configured, or the provider could not answer (down, slow, an error, a body we
   * cannot read, a picture we cannot decode). `detail` says why, for the log.
   */
  | { outcome: "unchecked"; reason: "no_model" | "unavailable"; detail?: string };

export interface PictureModerator {
  readonly provider: "none" | "openai";
  /** Never throws: whatever goes wrong is `unchecked` / `unavailable`, and the caller decides what that means. */
  check(image: PictureInput, options?: { signal?: AbortSignal }): Promise<PictureVerdict>;
}

/** The embedded default: no model for pictures, and nothing is sent anywhere. */
export function createNoPictureModerator(): PictureModerator {
  return {
    provider: "none",
    check: async () => ({ outcome: "unchecked", reason: "no_model" }),
  };
}

/** What checks pictures: the provider's moderation endpoint with MODERATION=openai, else nothing. */
export function createPictureModerator(config: ModerationConfig): PictureModerator {
  if (config.moderation === "local") return createNoPictureModerator();
  // env.ts refuses this combination at start-up; this guards a caller that builds its own config.
  if (!config.aiBaseUrl || !config.aiApiKey)
    throw new Error("MODERATION=openai needs AI_BASE_URL and AI_API_KEY");
  return createOpenAiPictureModerator({ baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey });
}

// ── What is sent ─────────────────────────────────────────────────────────────────────────────────────────────

/** The longer side of what is sent: a moderation model sees no more than this, and the request stays small. */
export const PICTURE_MAX_SIDE = 1024;
/** A picture already this small, in a format the provider reads, goes as it is (an avatar, a small photo). */
const SEND_AS_IS_BYTES = 512 * 1024;
/** Formats sent as they are; anything else (a still GIF included) is re-encoded as WebP. */
const SENDABLE_FORMATS: Record<string, string> = { png: "image/png", jpeg: "image/jpeg", webp: "image/webp" };
/** An animated picture is sent as a grid of this many of its frames, spread over it, so that no frame hides. */
const MONTAGE_FRAMES = 4;
// A decompression bomb is refused rather than decoded (as src/server/media/images.ts does).
const MAX_INPUT_PIXELS = 40_000_000;

/**
 * The picture as the provider will see it: as it is when small enough, else at most PICTURE_MAX_SIDE pixels on
 * its longer side as WebP; an animated one as a 2×2 grid of frames taken across it (the endpoint reads one
 * still image, and a first frame alone would let the rest of a GIF through unseen).
 */
export async function preparePicture(
  image: PictureInput,
): Promise<{ bytes: Uint8Array; contentType: string }> {
  const input = { limitInputPixels: MAX_INPUT_PIXELS };
  const metadata = await sharp(image.bytes, input).metadata();
  const pages = metadata.pages ?? 1;
  if (pages > 1) {
    const cell = PICTURE_MAX_SIDE / 2;
    const count = Math.min(MONTAGE_FRAMES, pages);
    const frames = await Promise.all(
      Array.from({ length: count }, (_, index) =>
        sharp(image.bytes, { ...input, page: Math.floor((index * pages) / count), pages: 1 })
          .resize(cell, cell, { fit: "contain", background: "#ffffff" })
          .flatten({ background: "#ffffff" })
          .toBuffer(),
      ),
    );
    const bytes = await sharp({
      create: { width: PICTURE_MAX_SIDE, height: PICTURE_MAX_SIDE, channels: 3, background: "#ffffff" },
    })
      .composite(
        frames.map((frame, index) => ({ input: frame, left: (index % 2) * cell, top: (index >> 1) * cell })),
      )
      .webp({ quality: 80 })
      .toBuffer();
    return { bytes, contentType: "image/webp" };
  }
  const mime = metadata.format ? SENDABLE_FORMATS[metadata.format] : undefined;
  const longerSide = Math.max(metadata.width ?? Infinity, metadata.height ?? Infinity);
  if (mime && longerSide <= PICTURE_MAX_SIDE && image.bytes.byteLength <= SEND_AS_IS_BYTES)
    return { bytes: image.bytes, contentType: mime };
  const bytes = await sharp(image.bytes, input)
    .rotate()
    .resize(PICTURE_MAX_SIDE, PICTURE_MAX_SIDE, { fit: "inside", withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  return { bytes, contentType: "image/webp" };
}

// ── The provider ────────────────────────────────────────────────────────────────────────────────────────────

export type OpenAiPictureModeratorOptions = OpenAiConnection & {
  /** MODERATION_TIMEOUT_MS (5 s) unless a test wants it sooner. */
  timeoutMs?: number;
  model?: string;
};

/** A result as it may come: any field missing or of another type than the SDK's types promise. */
type UntrustedResult = { flagged?: unknown; categories?: unknown; category_scores?: unknown } | undefined;

const recordOf = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {};

/** The flagged category the provider is surest of; "unspecified" when it flags without naming one. */
function flaggedCategory(result: UntrustedResult): string {
  const scores = recordOf(result?.category_scores);
  const score = (name: string) => {
    const value = scores[name];
    return typeof value === "number" ? value : 0;
  };
  const flagged = Object.entries(recordOf(result?.categories))
    .filter(([, value]) => value === true)
    .map(([name]) => name);
  flagged.sort((a, b) => score(b) - score(a));
  return flagged[0] ?? "unspecified";
}

/**
 * The provider's moderation endpoint (POST {base}/moderations, omni-moderation-latest) with the picture as a
 * data URL. Its `flagged` refuses; anything else it says lets the picture through. No retries: someone is waiting.
 */
export function createOpenAiPictureModerator(options: OpenAiPictureModeratorOptions): PictureModerator {
  const client = createOpenAiClient(options);
  const provider = providerNameFor(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? MODERATION_TIMEOUT_MS;
  const model = options.model ?? MODERATION_MODEL;

  return {
    provider: "openai",
    async check(image, { signal } = {}): Promise<PictureVerdict> {
      let sent: { bytes: Uint8Array; contentType: string };
      try {
        sent = await preparePicture(image);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return {
          outcome: "unchecked",
          reason: "unavailable",
          detail: `the picture could not be read (${message})`,
        };
      }
      const url = `data:${sent.contentType};base64,${Buffer.from(sent.bytes).toString("base64")}`;
      try {
        const response = await client.moderations.create(
          { model, input: [{ type: "image_url", image_url: { url } }] },
          { timeout: timeoutMs, signal },
        );
        const result: UntrustedResult = response?.results?.[0];
        if (typeof result?.flagged !== "boolean")
          throw new Error("the moderation answer has no results[0].flagged");
        return result.flagged
          ? { outcome: "flagged", category: flaggedCategory(result) }
          : { outcome: "allowed" };
      } catch (error) {
        return { outcome: "unchecked", reason: "unavailable", detail: toAiError(error, provider).message };
      }
    },
  };
}
