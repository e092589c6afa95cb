import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { builtInAvatarUrl } from "../../../core/avatars";
import { MESSAGES } from "../../../core/messages";
import {
  ACCOUNT_MESSAGES,
  AVATAR_MAX_BYTES,
  type AvatarChange,
  builtInAvatarSchema,
  dataExportFileName,
  deleteAccountSchema,
  profileUpdateSchema,
} from "../../../core/schemas/profile";
import { publicUrlFor } from "../../adapters/storage/storage";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { validate } from "../../http/validate";
import { ImageRejected, reencodeImage } from "../../media/images";
import { listAchievements } from "../../shared/achievements";
import { PICTURE_REFUSED, screenPicture } from "../../shared/picture-screen";
import { guardWrite } from "../../shared/write-guard";
import { chooseBuiltInAvatar, getMemberProfile, newAvatarKey, placeUploadedAvatar } from "./avatar";
import { deleteAccount } from "./delete-account";
import { exportUserData } from "./export";
import { ensureProfile, toProfile, updateProfile, usernameFromEmail } from "./service";

const avatarMessages = {
  wrong_type: MESSAGES.avatarWrongType,
  too_large: MESSAGES.avatarTooLarge,
  unreadable: MESSAGES.avatarUnreadable,
} as const;

const avatarFormSchema = z.object({
  file: z.instanceof(File, { message: MESSAGES.avatarWrongType }),
});

// Any strings: the service checks them, so that a malformed id is "not found" (404), never a 400 or a 500.
const memberParams = z.object({ userId: z.string().max(100) });
const memberQuery = z.object({ groupId: z.string().max(100) });

export function profileRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", async (c) => {
      const { db } = c.var.deps;
      const user = c.var.user;
      // Spec §4: the profile row is created on first load when it is missing.
      const row = await ensureProfile(db, user.id, usernameFromEmail(user.email));
      return c.json(await toProfile(db, row));
    })
    .get("/members/:userId", validate("param", memberParams), validate("query", memberQuery), async (c) =>
      c.json(
        await getMemberProfile(
          c.var.deps.db,
          c.var.user.id,
          c.req.valid("query").groupId,
          c.req.valid("param").userId,
        ),
      ),
    )
    .get("/achievements", async (c) =>
      c.json({ achievements: await listAchievements(c.var.deps.db, c.var.user.id) }),
    )
    .get("/export", async (c) => {
      const now = new Date();
      const data = await exportUserData(c.var.deps.db, c.var.user.id, now);
      c.header("Content-Disposition", `attachment; filename="${dataExportFileName(now)}"`);
      // Personal data: no shared cache may keep a copy.
      c.header("Cache-Control", "no-store");
      return c.json(data);
    })
    .delete("/", validate("json", deleteAccountSchema), async (c) => {
      const deps = c.var.deps;
      const userId = c.var.user.id;
      // Recorded before the password is checked, so parallel guesses cannot pass the count together.
      await deps.rateLimiter.attempt("deleteAccount", userId);
      // Better Auth checks the password against the session's own account, with its own hashing.
      const verified = await deps.auth.api.verifyPassword({
        body: { password: c.req.valid("json").password },
        headers: c.req.raw.headers,
        asResponse: true,
      });
      if (verified.status === 401) throw new AppError("not_authenticated", 401, MESSAGES.notAuthenticated);
      if (verified.status === 400) throw new AppError("wrong_password", 403, ACCOUNT_MESSAGES.wrongPassword);
      if (!verified.ok) throw new Error(`password check failed with ${verified.status}`);
      await deleteAccount(deps, userId);
      deps.sessions.forgetUser(userId);
      // The sessions went with the account; this clears the browser's cookies too.
      try {
        const signedOut = await deps.auth.api.signOut({ headers: c.req.raw.headers, asResponse: true });
        for (const cookie of signedOut.headers.getSetCookie())
          c.header("Set-Cookie", cookie, { append: true });
      } catch (err) {
        deps.logger.warn({ err }, "cookies not cleared after account deletion");
      }
      return c.body(null, 204);
    })
    .patch("/", validate("json", profileUpdateSchema), async (c) => {
      const { db } = c.var.deps;
      await guardWrite(c.var.deps, c.var.user.id, [c.req.valid("json").username, c.req.valid("json").bio]);
      const row = await updateProfile(db, c.var.user.id, c.req.valid("json"));
      return c.json(await toProfile(db, row));
    })
    .post(
      "/avatar",
      // A little room above the image limit for the multipart envelope; larger bodies are never read.
      bodyLimit({
        maxSize: AVATAR_MAX_BYTES + 64 * 1024,
        onError: () => {
          throw new AppError("avatar_too_large", 413, MESSAGES.avatarTooLarge);
        },
      }),
      validate("form", avatarFormSchema),
      async (c) => {
        const { db, storage, logger } = c.var.deps;
        const userId = c.var.user.id;
        const { file } = c.req.valid("form");
        let image: Awaited<ReturnType<typeof reencodeImage>>;
        try {
          image = await reencodeImage(new Uint8Array(await file.arrayBuffer()), {
            maxBytes: AVATAR_MAX_BYTES,
            square: 256,
          });
        } catch (error) {
          if (error instanceof ImageRejected) {
            const status = error.problem === "too_large" ? 413 : 400;
            throw new AppError(`avatar_${error.problem}`, status, avatarMessages[error.problem]);
          }
          throw error;
        }
        // Shown to the picture model first when one is configured; if it cannot look, a member's picture
        // still waits for a leader, as every member's does.
        const verdict = await screenPicture(c.var.deps, image, { kind: "avatar", userId });
        if (verdict.outcome === "flagged") throw new AppError("picture_refused", 422, PICTURE_REFUSED);
        const key = newAvatarKey(userId, image.extension);
        await storage.put(key, image.bytes, image.contentType);
        let change: AvatarChange;
        try {
          change = await placeUploadedAvatar({ db, storage, logger }, userId, publicUrlFor(key));
        } catch (error) {
          // No row names the new file: it goes, rather than waiting for the start-up sweep.
          await storage.delete(key).catch((err) => logger.warn({ err, key }, "unused avatar not removed"));
          throw error;
        }
        return c.json(change);
      },
    )
    .put("/avatar/built-in", validate("json", builtInAvatarSchema), async (c) => {
      const { db, storage, logger } = c.var.deps;
      const url = builtInAvatarUrl(c.req.valid("json").id);
      return c.json(await chooseBuiltInAvatar({ db, storage, logger }, c.var.user.id, url));
    });
}
