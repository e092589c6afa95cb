import { Hono } from "hono";
import { z } from "zod";
import {
  canChangeMediaApproval,
  canRenewInviteCode,
  createGroupSchema,
  GROUP_MESSAGES,
  groupScopeSchema,
  joinGroupSchema,
  messagePageSchema,
  sendMessageSchema,
} from "../../../core/schemas/groups";
import { groupSettingsSchema, MEDIA_MESSAGES } from "../../../core/schemas/moderation";
import { memberSearchSchema } from "../../../core/schemas/notifications";
import { requireUser } from "../../auth/session";
import type { AppDeps, AppEnv } from "../../http/app-env";
import { clientIp } from "../../http/client-ip";
import { AppError } from "../../http/errors";
import { validate } from "../../http/validate";
import { checkGroupLeader } from "../../shared/achievements";
import { guardLimitedWrite, guardWrite } from "../../shared/write-guard";
import {
  countMemberships,
  createGroup,
  joinGroup,
  leaveGroup,
  listAllGroups,
  listMessages,
  listMyGroups,
  renewInviteCode,
  requireMember,
  searchMembers,
  sendMessage,
  setApproveMediaFirst,
} from "./service";

const groupParams = z.object({ groupId: z.string().max(100) });

/** Tells the member's open tabs to start (or stop) receiving the group's events. */
async function announceMembership(deps: AppDeps, userId: string, groupId: string) {
  await deps.bus.publish({ topic: `user:${userId}`, type: "membership", data: { groupId } });
}

/** Creating or joining a group earns Group Leader (spec §3: 'Joined a study group'). */
async function joined(deps: AppDeps, userId: string, groupId: string) {
  await announceMembership(deps, userId, groupId);
  await checkGroupLeader(deps, userId, await countMemberships(deps.db, userId));
}

export function groupRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", validate("query", groupScopeSchema), async (c) => {
      const { scope, cursor } = c.req.valid("query");
      const { db } = c.var.deps;
      if (scope === "all") return c.json(await listAllGroups(db, c.var.user.id, cursor));
      return c.json({ groups: await listMyGroups(db, c.var.user.id), nextCursor: null });
    })
    .post("/", validate("json", createGroupSchema), async (c) => {
      await guardWrite(c.var.deps, c.var.user.id, [c.req.valid("json").name]);
      const group = await createGroup(c.var.deps.db, c.var.user.id, c.req.valid("json").name);
      await joined(c.var.deps, c.var.user.id, group.id);
      return c.json({ id: group.id, name: group.name, inviteCode: group.inviteCode }, 201);
    })
    .post("/join", validate("json", joinGroupSchema), async (c) => {
      // Every try counts, right or wrong, per account and again per address (a higher number: a class joins
      // from one church Wi-Fi), and is
      // recorded before the code is looked up: parallel guesses queue on the count instead of all slipping past.
      await c.var.deps.rateLimiter.attemptAll([
        ["inviteJoin", `user:${c.var.user.id}`],
        ["inviteJoinPerIp", `ip:${clientIp(c)}`],
      ]);
      const group = await joinGroup(c.var.deps.db, c.var.user.id, c.req.valid("json").code);
      await joined(c.var.deps, c.var.user.id, group.id);
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
        const { db } = c.var.deps;
        const { group, appRole } = await requireMember(db, c.req.valid("param").groupId, c.var.user.id);
        if (!canChangeMediaApproval(appRole))
          throw new AppError("leaders_only", 403, MEDIA_MESSAGES.settingLeadersOnly);
        return c.json(
          await setApproveMediaFirst(db, c.var.user.id, group.id, c.req.valid("json").approveMediaFirst),
        );
      },
    )
    .post("/:groupId/invite-code", validate("param", groupParams), async (c) => {
      const { db } = c.var.deps;
      const { group, role, appRole } = await requireMember(db, c.req.valid("param").groupId, c.var.user.id);
      if (!canRenewInviteCode(role, appRole))
        throw new AppError("leaders_only", 403, GROUP_MESSAGES.newCodeLeadersOnly);
      return c.json(await renewInviteCode(db, c.var.user.id, group.id));
    })
    .delete("/:groupId/members/me", validate("param", groupParams), async (c) => {
      const group = await leaveGroup(c.var.deps.db, c.req.valid("param").groupId, c.var.user.id);
      // The member's open streams stop carrying the group from the next event on.
      await announceMembership(c.var.deps, c.var.user.id, group.id);
      return c.body(null, 204);
    })
    .get(
      "/:groupId/members",
      validate("param", groupParams),
      validate("query", memberSearchSchema),
      async (c) => {
        const { db } = c.var.deps;
        const { group } = await requireMember(db, c.req.valid("param").groupId, c.var.user.id);
        return c.json({ members: await searchMembers(db, group.id, c.var.user.id, c.req.valid("query").q) });
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
        const deps = c.var.deps;
        const { group } = await requireMember(deps.db, c.req.valid("param").groupId, c.var.user.id);
        await guardLimitedWrite(deps, "chat", c.var.user.id, [c.req.valid("json").body]);
        const message = await sendMessage(deps.db, group.id, c.var.user.id, c.req.valid("json").body);
        await deps.bus.publish({ topic: `group:${group.id}`, type: "group_message", data: message });
        return c.json(message, 201);
      },
    );
}
