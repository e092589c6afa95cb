import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { knownTimeZone } from "../../../core/local-week";
import { MESSAGES } from "../../../core/messages";
import {
  AVATAR_MAX_BYTES,
  builtInAvatarSchema,
  dataExportFileName,
  deleteAccountSchema,
  profileUpdateSchema,
  reportMailsSchema,
  unsubscribeSchema,
  weeklyDigestSchema,
} from "../../../core/schemas/profile";
import { readingSettingsSchema } from "../../../core/schemas/reading-settings";
import { assertAllowedByParent, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { validate } from "../../http/validate";
import { listAchievements } from "../../shared/achievements";
import { chooseAvatar } from "./actions/choose-avatar";
import { deleteAccount } from "./actions/delete-account";
import { unsubscribe } from "./actions/unsubscribe";
import { updateProfile } from "./actions/update-profile";
import { updateReadingSettings } from "./actions/update-reading-settings";
import { updateReportMails } from "./actions/update-report-mails";
import { updateWeeklyDigest } from "./actions/update-weekly-digest";
import { uploadAvatar } from "./actions/upload-avatar";
import { getMemberProfile } from "./avatar";
import { exportUserData } from "./export";
import { ensureProfile, toProfile, usernameFromEmail } from "./service";

const avatarFormSchema = z.object({
  file: z.instanceof(File, { message: MESSAGES.avatarWrongType }),
});

// Any strings: the service checks them, so that a malformed id is "not found" (404), never a 400 or a 500.
const memberParams = z.object({ userId: z.string().max(100) });
const memberQuery = z.object({ groupId: z.string().max(100) });

/**
 * POST /api/mail/unsubscribe: no session, the signed link is the authority (src/server/features/profile/unsubscribe.ts).
 * Its words are in the query string, where a mail program's one-click POST keeps them.
 */
export function unsubscribeRoutes() {
  return new Hono<AppEnv>().post("/unsubscribe", validate("query", unsubscribeSchema), async (c) => {
    const input = c.req.valid("query");
    return c.json(await unsubscribe.run(c.var.deps, { id: input.user }, input));
  });
}

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
      await deleteAccount.run(deps, c.var.user, {
        password: c.req.valid("json").password,
        headers: c.req.raw.headers,
      });
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
    .patch("/", validate("json", profileUpdateSchema), async (c) =>
      c.json(await updateProfile.run(c.var.deps, c.var.user, c.req.valid("json"))),
    )
    .post(
      "/avatar",
      // A picture of one's own only where no parent switched 'Photos and videos' off (the built-in ones stay).
      async (c, next) => {
        assertAllowedByParent(c.var.user, "media");
        await next();
      },
      // A little room above the image limit for the multipart envelope; larger bodies are never read.
      bodyLimit({
        maxSize: AVATAR_MAX_BYTES + 64 * 1024,
        onError: () => {
          throw new AppError("avatar_too_large", 413, MESSAGES.avatarTooLarge);
        },
      }),
      validate("form", avatarFormSchema),
      async (c) => {
        const file = new Uint8Array(await c.req.valid("form").file.arrayBuffer());
        return c.json(await uploadAvatar.run(c.var.deps, c.var.user, { file }));
      },
    )
    .put("/avatar/built-in", validate("json", builtInAvatarSchema), async (c) =>
      c.json(await chooseAvatar.run(c.var.deps, c.var.user, c.req.valid("json"))),
    )
    .put("/reading-settings", validate("json", readingSettingsSchema), async (c) =>
      c.json(await updateReadingSettings.run(c.var.deps, c.var.user, c.req.valid("json"))),
    )
    .put("/report-mails", validate("json", reportMailsSchema), async (c) =>
      c.json(await updateReportMails.run(c.var.deps, c.var.user, c.req.valid("json"))),
    )
    .put("/weekly-digest", validate("json", weeklyDigestSchema), async (c) =>
      c.json(
        await updateWeeklyDigest.run(c.var.deps, c.var.user, {
          ...c.req.valid("json"),
          // The browser's zone (x-time-zone): the leader's Monday 8:00 is in it.
          timeZone: knownTimeZone(c.req.header("x-time-zone")),
        }),
      ),
    );
}
