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
 */
export async function reencodeImage(
  bytes: Uint8Array,
  options: { maxBytes: number; square?: number },
): Promise<{ bytes: Buffer; extension: "webp"; contentType: "image/webp" }> {
  if (bytes.byteLength > options.maxBytes) throw new ImageRejected("too_large");
  if (!(await detectImageType(bytes))) throw new ImageRejected("wrong_type");
  try {
    let pipeline = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
    if (options.square) pipeline = pipeline.resize(options.square, options.square, { fit: "cover" });
    const output = await pipeline.webp({ quality: 85 }).toBuffer();
    return { bytes: output, extension: "webp", contentType: "image/webp" };
  } catch {
    throw new ImageRejected("unreadable");
  }
}
