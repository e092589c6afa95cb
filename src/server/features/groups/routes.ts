import { Hono } from "hono";
import { z } from "zod";
import {
  canChangeMediaApproval,
  createGroupSchema,
  groupScopeSchema,
  joinGroupSchema,
  messagePageSchema,
  sendMessageSchema,
} from "../../../core/schemas/groups";
import { groupSettingsSchema } from "../../../core/schemas/moderation";
import { memberSearchSchema } from "../../../core/schemas/notifications";
import { requireAllowedByParent, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { clientIp } from "../../http/client-ip";
import { validate } from "../../http/validate";
import { createGroup } from "./actions/create-group";
import { joinGroup } from "./actions/join-group";
import { leaveGroup } from "./actions/leave-group";
import { renewInviteCode } from "./actions/renew-invite-code";
import { sendMessage } from "./actions/send-message";
import { updateGroupSettings } from "./actions/update-group-settings";
import { listMessages } from "./chat";
import { requireMember } from "./membership";
import { listAllGroups, listMyGroups, searchMembers } from "./service";

// The routes parse the request, run the action (src/server/shared/action.ts) and shape the answer.

const groupParams = z.object({ groupId: z.string().max(100) });

export function groupRoutes() {
  return (
    new Hono<AppEnv>()
      .use(requireUser)
      // A child whose parent switched 'Study groups and chat' off reaches none of it (issue 24).
      .use(requireAllowedByParent("groups"))
      .get("/", validate("query", groupScopeSchema), async (c) => {
        const { scope, cursor } = c.req.valid("query");
        const { db } = c.var.deps;
        if (scope === "all") return c.json(await listAllGroups(db, c.var.user.id, cursor));
        return c.json({ groups: await listMyGroups(db, c.var.user.id), nextCursor: null });
      })
      .post("/", validate("json", createGroupSchema), async (c) => {
        const group = await createGroup.run(c.var.deps, c.var.user, c.req.valid("json"));
        return c.json({ id: group.id, name: group.name, inviteCode: group.inviteCode }, 201);
      })
      .post("/join", validate("json", joinGroupSchema), async (c) => {
        const group = await joinGroup.run(c.var.deps, c.var.user, {
          code: c.req.valid("json").code,
          clientIp: clientIp(c),
        });
        return c.json({ id: group.id, name: group.name, inviteCode: group.inviteCode });
      })
      .get("/:groupId", validate("param", groupParams), async (c) => {
        const { group, role, appRole } = await requireMember(
          c.var.deps.db,
          c.req.valid("param").groupId,
          c.var.user.id,
        );
        return c.json({
          id: group.id,
          name: group.name,
          inviteCode: group.inviteCode,
          createdAt: group.createdAt.toISOString(),
          role,
          approveMediaFirst: group.approveMediaFirst,
          // Only to offer the setting or explain it: the settings route checks again.
          canManage: canChangeMediaApproval(appRole),
        });
      })
      .put(
        "/:groupId/settings",
        validate("param", groupParams),
        validate("json", groupSettingsSchema),
        async (c) => {
          const input = { ...c.req.valid("param"), ...c.req.valid("json") };
          return c.json(await updateGroupSettings.run(c.var.deps, c.var.user, input));
        },
      )
      .post("/:groupId/invite-code", validate("param", groupParams), async (c) => {
        return c.json(await renewInviteCode.run(c.var.deps, c.var.user, c.req.valid("param")));
      })
      .delete("/:groupId/members/me", validate("param", groupParams), async (c) => {
        await leaveGroup.run(c.var.deps, c.var.user, c.req.valid("param"));
        return c.body(null, 204);
      })
      .get(
        "/:groupId/members",
        validate("param", groupParams),
        validate("query", memberSearchSchema),
        async (c) => {
          const { db } = c.var.deps;
          const { group } = await requireMember(db, c.req.valid("param").groupId, c.var.user.id);
          return c.json({
            members: await searchMembers(db, group.id, c.var.user.id, c.req.valid("query").q),
          });
        },
      )
      .get(
        "/:groupId/messages",
        validate("param", groupParams),
        validate("query", messagePageSchema),
        async (c) => {
          const { db } = c.var.deps;
          const { group } = await requireMember(db, c.req.valid("param").groupId, c.var.user.id);
          return c.json(await listMessages(db, group.id, c.req.valid("query").before));
        },
      )
      .post(
        "/:groupId/messages",
        validate("param", groupParams),
        validate("json", sendMessageSchema),
        async (c) => {
          const input = { ...c.req.valid("param"), ...c.req.valid("json") };
          return c.json(await sendMessage.run(c.var.deps, c.var.user, input), 201);
        },
      )
  );
}
