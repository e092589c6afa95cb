import { randomBytes } from "node:crypto";
import { mkdtemp, open, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Logger } from "pino";
import { posterUrlFor } from "../../../core/media";
import {
  FEED_MESSAGES,
  type MediaType,
  POST_IMAGE_MAX_BYTES,
  POST_VIDEO_MAX_BYTES,
} from "../../../core/schemas/feed";
import { PICTURE_REFUSED } from "../../../core/schemas/moderation";
import type { PictureModerator } from "../../adapters/moderation/pictures";
import { keyFromPublicUrl, publicUrlFor, type Storage } from "../../adapters/storage/storage";
import { AppError } from "../../http/errors";
import { detectImageType, ImageRejected, reencodeImage } from "../../media/images";
import { cleanVideo, VideoRejected } from "../../media/video-clean";
import { detectVideoType, isWellFormedVideoFile } from "../../media/videos";
import { screenPicture } from "../../shared/picture-screen";

/**
 * A new post's media: bytes already in memory (a shared story's illustration), or an upload that
 * `receiveMultipart` streamed to a temporary file (a photo or a video of up to 100 MB).
 */
export type MediaSource = { bytes: Uint8Array } | { path: string; size: number };

/**
 * Where a new post's media comes from. A member's upload may show anything, so it can wait for a leader; an
 * illustration is one our own image generator drew (and the picture model checked) for the reader's story.
 */
export type MediaOrigin = "upload" | "illustration";

export type StoredMedia = {
  key: string;
  url: string;
  type: MediaType;
  /** Every file stored for it (a video's poster too), for removal if the post is not made after all. */
  keys: string[];
  /** A picture model is configured but could not look: a leader must, whatever the group's setting. */
  unchecked: boolean;
};

export type MediaDeps = { storage: Storage; pictureModerator: PictureModerator; logger: Logger };

/** Post images are shrunk so that their longer side is at most this; the card shows them 24rem high. */
const POST_IMAGE_MAX_DIMENSION = 1600;

/** Enough of a file's start for its type to be known by its magic bytes. */
const HEAD_BYTES = 64 * 1024;

/**
 * Checks an upload by its magic bytes and stores it: images re-encoded without any metadata (and, uploads,
 * shown to the picture model when one is configured), videos remuxed without any metadata with a poster
 * beside them (`cleanVideo`). A refused file is never stored; a large one is never read into memory.
 */
export async function storePostMedia(
  deps: MediaDeps,
  userId: string,
  source: MediaSource,
  origin: MediaOrigin,
): Promise<StoredMedia> {
  const name = `user-uploads/${userId}/posts/${Date.now()}-${randomBytes(6).toString("hex")}`;
  const size = "bytes" in source ? source.bytes.byteLength : source.size;
  const head = "bytes" in source ? source.bytes.subarray(0, HEAD_BYTES) : await readHead(source.path);

  if (await detectImageType(head)) {
    if (size > POST_IMAGE_MAX_BYTES) throw new AppError("image_too_large", 413, FEED_MESSAGES.imageTooLarge);
    const bytes = "bytes" in source ? source.bytes : new Uint8Array(await readFile(source.path));
    let image: Awaited<ReturnType<typeof reencodeImage>>;
    try {
      image = await reencodeImage(bytes, {
        maxBytes: POST_IMAGE_MAX_BYTES,
        maxDimension: POST_IMAGE_MAX_DIMENSION,
        animated: true,
      });
    } catch (error) {
      if (error instanceof ImageRejected)
        throw new AppError("media_unreadable", 400, FEED_MESSAGES.mediaUnreadable);
      throw error;
    }
    let unchecked = false;
    if (origin === "upload") {
      const verdict = await screenPicture(deps, image, { kind: "post", userId });
      if (verdict.outcome === "flagged") throw new AppError("picture_refused", 422, PICTURE_REFUSED);
      unchecked = verdict.outcome === "unchecked" && verdict.reason === "unavailable";
    }
    const key = `${name}.${image.extension}`;
    await deps.storage.put(key, image.bytes, image.contentType);
    return { key, url: publicUrlFor(key), type: "image", keys: [key], unchecked };
  }

  const video = await detectVideoType(head);
  if (!video) throw new AppError("media_wrong_type", 400, FEED_MESSAGES.mediaWrongType);
  if (size > POST_VIDEO_MAX_BYTES) throw new AppError("video_too_large", 413, FEED_MESSAGES.videoTooLarge);
  const work = await mkdtemp(join(tmpdir(), "lamplight-video-"));
  try {
    const input = "path" in source ? source.path : join(work, "input");
    if ("bytes" in source) await writeFile(input, source.bytes);
    // The right first bytes are not enough: a file cut short, or anything else behind a video's header, is
    // no video (ffmpeg would copy what it could of it).
    if (!(await isWellFormedVideoFile(input, video.contentType)))
      throw new AppError("media_unreadable", 400, FEED_MESSAGES.mediaUnreadable);
    const cleaned = await cleanVideo(input, work, video).catch((error: unknown) => {
      if (!(error instanceof VideoRejected)) throw error;
      if (error.problem === "too_long") throw new AppError("video_too_long", 422, FEED_MESSAGES.videoTooLong);
      throw new AppError("media_unreadable", 400, FEED_MESSAGES.mediaUnreadable);
    });
    const key = `${name}.${cleaned.extension}`;
    const posterKey = keyFromPublicUrl(posterUrlFor(publicUrlFor(key))) as string;
    // The poster first: a video is never served without one because a store failed in between.
    await deps.storage.putFile(posterKey, cleaned.posterPath, "image/webp");
    await deps.storage.putFile(key, cleaned.path, cleaned.contentType);
    return { key, url: publicUrlFor(key), type: "video", keys: [key, posterKey], unchecked: false };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path);
  try {
    const buffer = new Uint8Array(HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/**
 * Removes a post's files (a video's poster with it), best effort: the post is gone or changed either way, so
 * a failure is only reported.
 */
export async function removePostMedia(
  storage: Storage,
  mediaUrl: string | null,
  onMediaLeft: (error: unknown) => void,
) {
  const key = mediaUrl ? keyFromPublicUrl(mediaUrl) : null;
  if (!key) return;
  const poster = keyFromPublicUrl(posterUrlFor(publicUrlFor(key)));
  await Promise.all(
    [key, poster].map((file) => (file ? storage.delete(file).catch(onMediaLeft) : undefined)),
  );
}
