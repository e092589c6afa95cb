import { MESSAGES } from "../../../../core/messages";
import { AVATAR_MAX_BYTES, type AvatarChange } from "../../../../core/schemas/profile";
import { publicUrlFor } from "../../../adapters/storage/storage";
import { AppError } from "../../../http/errors";
import { ImageRejected, reencodeImage } from "../../../media/images";
import { defineAction } from "../../../shared/action";
import { PICTURE_REFUSED, screenPicture } from "../../../shared/picture-screen";
import { newAvatarKey, placeUploadedAvatar } from "../avatar";

const avatarMessages = {
  wrong_type: MESSAGES.avatarWrongType,
  too_large: MESSAGES.avatarTooLarge,
  unreadable: MESSAGES.avatarUnreadable,
} as const;

/** The reader's own photo as their profile picture: a member's waits for a leader before others see it. */
export const uploadAvatar = defineAction({
  name: "profile/actions/upload-avatar",
  // Only ever the reader's own picture.
  authorise: async () => {},
  guard: {
    unguarded:
      "a picture holds no words to moderate: the picture model screens it and a member's waits for a leader, and a muted reader may still change it",
  },
  async write(deps, actor, input: { file: Uint8Array }): Promise<AvatarChange> {
    const { storage, logger } = deps;
    let image: Awaited<ReturnType<typeof reencodeImage>>;
    try {
      image = await reencodeImage(input.file, { maxBytes: AVATAR_MAX_BYTES, square: 256 });
    } catch (error) {
      if (error instanceof ImageRejected) {
        const status = error.problem === "too_large" ? 413 : 400;
        throw new AppError(`avatar_${error.problem}`, status, avatarMessages[error.problem]);
      }
      throw error;
    }
    // Shown to the picture model first when one is configured; if it cannot look, a member's picture
    // still waits for a leader, as every member's does.
    const verdict = await screenPicture(deps, image, { kind: "avatar", userId: actor.id });
    if (verdict.outcome === "flagged") throw new AppError("picture_refused", 422, PICTURE_REFUSED);
    const key = newAvatarKey(actor.id, image.extension);
    await storage.put(key, image.bytes, image.contentType);
    try {
      return await placeUploadedAvatar(deps, actor.id, publicUrlFor(key));
    } catch (error) {
      // No row names the new file: it goes, rather than waiting for the start-up sweep.
      await storage.delete(key).catch((err) => logger.warn({ err, key }, "unused avatar not removed"));
      throw error;
    }
  },
});
