import { fileTypeFromBuffer } from "file-type";

/** Video formats a post may carry, by magic bytes; stored as sent (we do not transcode). */
const ACCEPTED_VIDEO_TYPES = {
  "video/mp4": "mp4",
  "video/webm": "webm",
} as const;

export type AcceptedVideo = { contentType: keyof typeof ACCEPTED_VIDEO_TYPES; extension: "mp4" | "webm" };

export async function detectVideoType(bytes: Uint8Array): Promise<AcceptedVideo | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(type.mime in ACCEPTED_VIDEO_TYPES)) return null;
  const contentType = type.mime as AcceptedVideo["contentType"];
  return { contentType, extension: ACCEPTED_VIDEO_TYPES[contentType] };
}
