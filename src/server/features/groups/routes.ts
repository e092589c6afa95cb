import { Hono } from "hono";
import { z } from "zod";
import { setAssignmentSchema } from "../../../core/schemas/assignments";
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
import { clearAssignment } from "./actions/clear-assignment";
import { createGroup } from "./actions/create-group";
import { joinGroup } from "./actions/join-group";
import { leaveGroup } from "./actions/leave-group";
import { renewInviteCode } from "./actions/renew-invite-code";
import { sendMessage } from "./actions/send-message";
import { setAssignment } from "./actions/set-assignment";
import { updateGroupSettings } from "./actions/update-group-settings";
import {
  getAssignment,
  getGroupProgress,
  listMyAssignments,
  progressCsv,
  progressCsvName,
  requireAssignmentLeader,
} from "./assignments";
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
      // This week's story (issue 25): every member reads it; its owner and leaders set and clear it.
      .get("/:groupId/assignment", validate("param", groupParams), async (c) => {
        const { db } = c.var.deps;
        const { group } = await requireMember(db, c.req.valid("param").groupId, c.var.user.id);
        return c.json({ assignment: await getAssignment(db, group.id, c.var.user.id) });
      })
      .put(
        "/:groupId/assignment",
        validate("param", groupParams),
        validate("json", setAssignmentSchema),
        async (c) => {
          const input = { ...c.req.valid("param"), ...c.req.valid("json") };
          const { assignment } = await setAssignment.run(c.var.deps, c.var.user, input);
          return c.json({ assignment });
        },
      )
      .delete("/:groupId/assignment", validate("param", groupParams), async (c) => {
        await clearAssignment.run(c.var.deps, c.var.user, c.req.valid("param"));
        return c.body(null, 204);
      })
      // The Progress tab: for the owner and the group's leaders only; children never see each other's numbers.
      .get("/:groupId/progress", validate("param", groupParams), async (c) => {
        const { db } = c.var.deps;
        const group = await requireAssignmentLeader(db, c.req.valid("param").groupId, c.var.user.id);
        return c.json(await getGroupProgress(db, group.id, c.var.user.id));
      })
      .get("/:groupId/progress.csv", validate("param", groupParams), async (c) => {
        const { db } = c.var.deps;
        const group = await requireAssignmentLeader(db, c.req.valid("param").groupId, c.var.user.id);
        const { rows } = await getGroupProgress(db, group.id, c.var.user.id);
        return c.body(progressCsv(rows), 200, {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${progressCsvName(group.name)}"`,
          "Cache-Control": "no-store",
        });
      })
  );
}

/** Home's 'This week's story' cards: every group of the reader's that has one (GET /api/assignments). */
export function assignmentRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .use(requireAllowedByParent("groups"))
    .get("/", async (c) => c.json({ assignments: await listMyAssignments(c.var.deps.db, c.var.user.id) }));
}
