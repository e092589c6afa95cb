import { Hono } from "hono";
import { z } from "zod";
import {
  agreeSchema,
  childParamsSchema,
  childPasswordSchema,
  declineSchema,
  deleteChildSchema,
  familyPermissionsSchema,
  familyTokenSchema,
  inviteParentSchema,
} from "../../../core/schemas/family";
import { dataExportFileName } from "../../../core/schemas/profile";
import { currentUser, requireSignedIn, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { exportUserData } from "../profile";
import { agree } from "./actions/agree";
import { decline } from "./actions/decline";
import { deleteChild } from "./actions/delete-child";
import { inviteParentOfChild, inviteParentOfTeen } from "./actions/invite-parent";
import { resetChildPassword } from "./actions/reset-child-password";
import { sendAgain } from "./actions/send-again";
import { setPermissions } from "./actions/set-permissions";
import {
  linkedParents,
  listFamily,
  previewFamilyLink,
  requireOwnChild,
  requireTeen,
  waitingStatus,
} from "./service";

// Families (issue 24). The waiting screen's two routes are the only ones a child still waiting for a parent may
// call; the consent page's routes take the mailed token (signed in or not); everything about a child goes
// through `requireOwnChild`, so a parent reaches their own children and nobody else's.

const tokenBody = z.object({ token: familyTokenSchema });

export function familyRoutes() {
  const waiting = new Hono<AppEnv>()
    .use(requireSignedIn)
    .get("/", async (c) => c.json(await waitingStatus(c.var.deps.db, c.var.user.id)))
    .post("/send-again", async (c) => {
      await sendAgain.run(c.var.deps, c.var.user, {});
      return c.json({ ok: true as const });
    });

  const links = new Hono<AppEnv>()
    .post("/links/preview", validate("json", tokenBody), async (c) =>
      c.json(await previewFamilyLink(c.var.deps.db, c.req.valid("json").token)),
    )
    .post("/decline", validate("json", declineSchema), async (c) => {
      // Whoever holds the mailed link may say no; nobody need be signed in.
      await decline.run(c.var.deps, { id: (await currentUser(c))?.id ?? "" }, c.req.valid("json"));
      return c.json({ ok: true as const });
    });

  const signedIn = new Hono<AppEnv>()
    .use(requireUser)
    .post("/agree", validate("json", agreeSchema), async (c) => {
      const child = await agree.run(c.var.deps, c.var.user, c.req.valid("json"));
      return c.json({ child });
    })
    .get("/", async (c) => c.json({ children: await listFamily(c.var.deps.db, c.var.user.id) }))
    .put(
      "/children/:childId/permissions",
      validate("param", childParamsSchema),
      validate("json", familyPermissionsSchema),
      async (c) => {
        const permissions = await setPermissions.run(c.var.deps, c.var.user, {
          childId: c.req.valid("param").childId,
          permissions: c.req.valid("json"),
        });
        return c.json({ permissions });
      },
    )
    .post(
      "/children/:childId/password",
      validate("param", childParamsSchema),
      validate("json", childPasswordSchema),
      async (c) => {
        await resetChildPassword.run(c.var.deps, c.var.user, {
          childId: c.req.valid("param").childId,
          newPassword: c.req.valid("json").newPassword,
        });
        return c.json({ ok: true as const });
      },
    )
    .get("/children/:childId/export", validate("param", childParamsSchema), async (c) => {
      const { db } = c.var.deps;
      const child = await requireOwnChild(db, c.var.user.id, c.req.valid("param").childId);
      const now = new Date();
      const data = await exportUserData(db, child.id, now);
      c.header("Content-Disposition", `attachment; filename="${dataExportFileName(now)}"`);
      // Personal data: no shared cache may keep a copy.
      c.header("Cache-Control", "no-store");
      return c.json(data);
    })
    .post(
      "/children/:childId/delete",
      validate("param", childParamsSchema),
      validate("json", deleteChildSchema),
      async (c) => {
        await deleteChild.run(c.var.deps, c.var.user, {
          childId: c.req.valid("param").childId,
          password: c.req.valid("json").password,
          headers: c.req.raw.headers,
        });
        return c.json({ ok: true as const });
      },
    )
    .post(
      "/children/:childId/invite",
      validate("param", childParamsSchema),
      validate("json", inviteParentSchema),
      async (c) => {
        await inviteParentOfChild.run(c.var.deps, c.var.user, {
          childId: c.req.valid("param").childId,
          email: c.req.valid("json").email,
        });
        return c.json({ ok: true as const });
      },
    )
    // A teen's own 'Add a parent' (13-17): who is linked, and a new invitation.
    .get("/parents", async (c) => {
      const { db } = c.var.deps;
      await requireTeen(db, c.var.user.id);
      return c.json(await linkedParents(db, c.var.user.id));
    })
    .post("/parents", validate("json", inviteParentSchema), async (c) => {
      await inviteParentOfTeen.run(c.var.deps, c.var.user, { email: c.req.valid("json").email });
      return c.json({ ok: true as const });
    });

  return new Hono<AppEnv>().route("/waiting", waiting).route("/", links).route("/", signedIn);
}
