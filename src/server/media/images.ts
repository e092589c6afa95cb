import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";

/** Image formats a child may upload, recognised by their magic bytes (never by name or claimed type). SVG is not one. */
const ACCEPTED_IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/webp", "image/gif"]);

// A decompression bomb (a small file that decodes to gigapixels) is refused before it can exhaust memory.
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageProblem = "wrong_type" | "too_large" | "unreadable";

export class ImageRejected extends Error {
  constructor(readonly problem: ImageProblem) {
    super(problem);
  }
}

export async function detectImageType(bytes: Uint8Array): Promise<string | null> {
  const type = await fileTypeFromBuffer(bytes);
  return type && ACCEPTED_IMAGE_TYPES.has(type.mime) ? type.mime : null;
}

/**
 * Checks and re-encodes an uploaded image. Re-encoding drops every piece of metadata (EXIF, GPS, XMP, ICC
 * comments) because sharp writes none unless asked; orientation is applied first so the picture stays upright.
 * `maxDimension` shrinks (never enlarges) the longer side; `animated` keeps every frame of a GIF or WebP.
 */
export async function reencodeImage(
  bytes: Uint8Array,
  options: { maxBytes: number; square?: number; maxDimension?: number; animated?: boolean },
): Promise<{ bytes: Buffer; extension: "webp"; contentType: "image/webp" }> {
  if (bytes.byteLength > options.maxBytes) throw new ImageRejected("too_large");
  const type = await detectImageType(bytes);
  if (!type) throw new ImageRejected("wrong_type");
  // Only GIF and WebP have frames worth keeping; the pixel limit then counts every frame.
  const animated = Boolean(options.animated) && (type === "image/gif" || type === "image/webp");
  try {
    let pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated });
    // sharp cannot auto-orient a multi-frame image; animated GIFs carry no orientation anyway.
    if (!animated) pipeline = pipeline.rotate();
    if (options.square) pipeline = pipeline.resize(options.square, options.square, { fit: "cover" });
    else if (options.maxDimension) {
      pipeline = pipeline.resize(options.maxDimension, options.maxDimension, {
        fit: "inside",
        withoutEnlargement: true,
      });
    }
    const output = await pipeline.webp({ quality: 85 }).toBuffer();
    return { bytes: output, extension: "webp", contentType: "image/webp" };
  } catch {
    throw new ImageRejected("unreadable");
  }
}
