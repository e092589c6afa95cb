import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AiFlag, GUARDRAIL_MESSAGES, REPORT_MESSAGES } from "../../../core/schemas/moderation";
import { aiFlags, auditLog, notifications, stories } from "../../db/schema";
import { type AiFlagInput, type RaiseFlagDeps, raiseAiFlag } from "../../shared/ai-guardrails";
import { createRateLimiter } from "../../shared/rate-limit";
import {
  call,
  createGroupAs,
  createTestApp,
  joinGroupAs,
  signUpUser,
  signUpUserWithRole,
  type TestApp,
} from "../../test/harness";
import { FLAG_ALREADY_HANDLED_MESSAGE, FLAGS_PAGE_SIZE } from "./ai-flags";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type User = Awaited<ReturnType<typeof signUpUser>>;

const raise = (flag: AiFlagInput) =>
  raiseAiFlag(
    {
      db: t.db,
      bus: t.bus,
      mailQueue: t.mailQueue,
      pushQueue: t.pushQueue,
      logger: pino({ level: "silent" }),
      config: { appUrl: "http://localhost:3000" } as RaiseFlagDeps["config"],
      rateLimiter: createRateLimiter(t.db),
    },
    flag,
  );

const listFlags = (user: User, cursor?: string) =>
  call(t, `/api/leader/flags${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ""}`, {
    cookie: user.cookie,
  });

const act = (user: User, flagId: string, json: unknown) =>
  call(t, `/api/leader/flags/${flagId}/action`, { cookie: user.cookie, json });

/** Every open flag, page by page, as a leader sees them. */
async function allOpenFlags(leader: User) {
  const flags: AiFlag[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await listFlags(leader, cursor);
    expect(page.status).toBe(200);
    expect(page.data.flags.length).toBeLessThanOrEqual(FLAGS_PAGE_SIZE);
    flags.push(...page.data.flags);
    if (!page.data.nextCursor) return flags;
    cursor = page.data.nextCursor;
  }
}

async function flagIdOf(user: User) {
  const [row] = await t.db.select({ id: aiFlags.id }).from(aiFlags).where(eq(aiFlags.userId, user.id));
  if (!row) throw new Error("no flag");
  return row.id;
}

describe("a risky question", () => {
  it("tells every admin and every leader in one of the child's groups, and no one else", async () => {
    const child = await signUpUser(t);
    const groupLeader = await signUpUserWithRole(t, "leader");
    const otherLeader = await signUpUserWithRole(t, "leader");
    const admin = await signUpUserWithRole(t, "admin");
    const friend = await signUpUser(t);
    const group = await createGroupAs(t, groupLeader, "Lighthouse kids");
    await joinGroupAs(t, child, group);
    await joinGroupAs(t, friend, group);
    await createGroupAs(t, otherLeader, "Another group");

    const asked = await call(t, "/api/qna/ask", {
      cookie: child.cookie,
      json: { question: "my dad hurts me when he gets angry" },
    });
    expect(asked.status).toBe(200);
    const flagId = await flagIdOf(child);
    const sent = await t.db
      .select()
      .from(notifications)
      .where(
        inArray(notifications.recipientId, [child.id, groupLeader.id, otherLeader.id, admin.id, friend.id]),
      );
    const notices = sent.filter((row) => row.message === GUARDRAIL_MESSAGES.leaderNotice);
    expect(notices.map((row) => row.recipientId).sort()).toEqual([groupLeader.id, admin.id].sort());
    for (const notice of notices)
      expect(notice).toMatchObject({ type: "other", senderId: null, groupId: null, entityId: flagId });

    // By mail too, at once, with the way to the queue and never the child's words or name.
    const mailsTo = (email: string) =>
      t
        .readOutbox()
        .map((mail) => mail.replace(/=\r?\n/g, "").replace(/=3D/g, "="))
        .filter(
          (mail) => mail.includes(`To: ${email}`) && mail.includes(GUARDRAIL_MESSAGES.leaderMailSubject),
        );
    const until = Date.now() + 10_000;
    while (
      (mailsTo(groupLeader.email).length === 0 || mailsTo(admin.email).length === 0) &&
      Date.now() < until
    )
      await new Promise((resolve) => setTimeout(resolve, 20));
    for (const carer of [groupLeader, admin]) {
      const [mail] = mailsTo(carer.email);
      expect(mail).toContain("http://localhost:3000/leader");
      expect(mail).not.toContain("hurts");
      expect(mail).not.toContain(child.username);
    }
    expect(mailsTo(otherLeader.email)).toEqual([]);
    expect(mailsTo(friend.email)).toEqual([]);
  });

  it("mails a leader at most the limit an hour however many flags arrive at once; the bell has every one", async () => {
    const child = await signUpUser(t);
    const admin = await signUpUserWithRole(t, "admin");
    const limited = {
      db: t.db,
      bus: t.bus,
      mailQueue: t.mailQueue,
      pushQueue: t.pushQueue,
      logger: pino({ level: "silent" }),
      config: { appUrl: "http://localhost:3000" } as RaiseFlagDeps["config"],
      rateLimiter: createRateLimiter(t.db, { careAlertMails: 3 }),
    };
    await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        raiseAiFlag(limited, {
          kind: "risky_question",
          userId: child.id,
          input: `help ${index}`,
          output: null,
        }),
      ),
    );
    const mails = () =>
      t
        .readOutbox()
        .filter((mail) => mail.includes(`To: ${admin.email}`) && mail.includes("grown-up's care"));
    const until = Date.now() + 10_000;
    while (mails().length < 3 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mails()).toHaveLength(3);
    const bell = await t.db.select().from(notifications).where(eq(notifications.recipientId, admin.id));
    expect(bell.filter((row) => row.message === GUARDRAIL_MESSAGES.leaderNotice)).toHaveLength(8);
  });

  it("raises a flag but tells no one for a withheld output, which is normal priority", async () => {
    const child = await signUpUser(t);
    const admin = await signUpUserWithRole(t, "admin");
    await raise({
      kind: "withheld_answer",
      userId: child.id,
      input: "Who was Ruth?",
      output: "call 555 123 4567",
    });
    const [flag] = await t.db.select().from(aiFlags).where(eq(aiFlags.userId, child.id));
    expect(flag).toMatchObject({ kind: "withheld_answer", priority: "normal", status: "open" });
    expect(await t.db.select().from(notifications).where(eq(notifications.recipientId, admin.id))).toEqual(
      [],
    );
  });
});

describe("GET /api/leader/flags", () => {
  it("lists open flags high priority first, then oldest first, 25 a page, with the child and the story", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const child = await signUpUser(t);
    const [story] = await t.db.select().from(stories).where(eq(stories.slug, "creation"));
    // Interleaved, so that the order comes from priority and time, not from insertion.
    for (let index = 0; index < 28; index += 1) {
      if (index % 4 === 0)
        await raise({ kind: "risky_question", userId: child.id, input: `risky ${index}`, output: null });
      else
        await raise({
          kind: "withheld_story",
          userId: child.id,
          storyId: story?.id,
          input: `story ${index}`,
          output: `text ${index}`,
        });
    }
    const first = await listFlags(leader);
    expect(first.data.flags).toHaveLength(FLAGS_PAGE_SIZE);
    expect(first.data.nextCursor).toEqual(expect.any(String));

    const flags = await allOpenFlags(leader);
    expect(new Set(flags.map((flag) => flag.id)).size).toBe(flags.length);
    const priorities = flags.map((flag) => flag.priority);
    expect(priorities).toEqual([...priorities].sort());
    for (const priority of ["high", "normal"]) {
      const times = flags.filter((flag) => flag.priority === priority).map((flag) => flag.createdAt);
      expect(times).toEqual([...times].sort());
    }
    const mine = flags.filter((flag) => flag.user.id === child.id);
    // Flags raised within one tick of the database clock share a time; the id then decides, as in the index.
    const stored = await t.db
      .select({ id: aiFlags.id })
      .from(aiFlags)
      .where(eq(aiFlags.userId, child.id))
      .orderBy(aiFlags.priority, aiFlags.createdAt, aiFlags.id);
    expect(mine.map((flag) => flag.id)).toEqual(stored.map((row) => row.id));
    expect(
      mine
        .slice(0, 7)
        .map((flag) => flag.input)
        .sort(),
    ).toEqual([0, 4, 8, 12, 16, 20, 24].map((index) => `risky ${index}`).sort());
    expect(mine).toHaveLength(28);
    expect(mine[0]).toMatchObject({
      kind: "risky_question",
      priority: "high",
      user: { id: child.id, username: child.username },
      story: null,
      conversationId: null,
      output: null,
    });
    expect(mine.at(-1)).toMatchObject({
      kind: "withheld_story",
      priority: "normal",
      story: { slug: "creation", title: story?.title },
      output: expect.stringMatching(/^text \d+$/),
    });
  });

  it("reads a cursor that is not ours as the first page, and refuses an over-long one", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const first = await listFlags(leader);
    for (const cursor of [
      "garbage",
      Buffer.from("high|2024-99-99T99:99:99.000000Z|x").toString("base64url"),
    ]) {
      const page = await listFlags(leader, cursor);
      expect(page.status).toBe(200);
      expect(page.data.flags.map((flag: AiFlag) => flag.id)).toEqual(
        first.data.flags.map((flag: AiFlag) => flag.id),
      );
    }
    expect((await listFlags(leader, "x".repeat(201))).status).toBe(400);
  });

  it("is for leaders and admins only", async () => {
    const member = await signUpUser(t);
    const refused = await listFlags(member);
    expect(refused.status).toBe(403);
    expect(refused.data.error.message).toBe(REPORT_MESSAGES.leadersOnly);
    expect((await call(t, "/api/leader/flags")).status).toBe(401);
    expect((await listFlags(await signUpUserWithRole(t, "admin"))).status).toBe(200);
  });
});

describe("POST /api/leader/flags/:id/action", () => {
  it("marks a flag handled once, with one audit row, and takes it out of the queue", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const child = await signUpUser(t);
    await raise({ kind: "withheld_share", userId: child.id, input: "note", output: "draft" });
    const flagId = await flagIdOf(child);

    const done = await act(leader, flagId, { action: "reviewed", reason: "  Talked with her parents  " });
    expect(done.status).toBe(200);
    expect(done.data).toEqual({ flag: { id: flagId, status: "reviewed" } });
    const [row] = await t.db.select().from(aiFlags).where(eq(aiFlags.id, flagId));
    expect(row).toMatchObject({ status: "reviewed", resolvedBy: leader.id });
    expect(row?.resolvedAt).toBeInstanceOf(Date);
    expect((await allOpenFlags(leader)).some((flag) => flag.id === flagId)).toBe(false);

    const again = await act(leader, flagId, { action: "dismiss", reason: "Again" });
    expect(again.status).toBe(409);
    expect(again.data.error.message).toBe(FLAG_ALREADY_HANDLED_MESSAGE);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, flagId));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorId: leader.id,
      action: "flag_reviewed",
      targetType: "ai_flag",
      reason: "Talked with her parents",
      details: { kind: "withheld_share", priority: "normal", userId: child.id },
    });
  });

  it("dismisses, and of two leaders acting at once exactly one succeeds", async () => {
    const [first, second] = [await signUpUserWithRole(t, "leader"), await signUpUserWithRole(t, "admin")];
    const child = await signUpUser(t);
    await raise({ kind: "withheld_image", userId: child.id, input: "direction", output: "prompt" });
    const flagId = await flagIdOf(child);
    const results = await Promise.all([
      act(first, flagId, { action: "dismiss", reason: "Nothing wrong" }),
      act(second, flagId, { action: "dismiss", reason: "Nothing wrong" }),
    ]);
    expect(results.map((result) => result.status).sort()).toEqual([200, 409]);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, flagId), eq(auditLog.targetType, "ai_flag")));
    expect(audit.map((entry) => entry.action)).toEqual(["flag_dismissed"]);
    const [row] = await t.db.select().from(aiFlags).where(eq(aiFlags.id, flagId));
    expect(row?.status).toBe("dismissed");
  });

  it("refuses a member before reading the body, and changes nothing", async () => {
    const member = await signUpUser(t);
    const child = await signUpUser(t);
    await raise({ kind: "risky_question", userId: child.id, input: "help", output: null });
    const flagId = await flagIdOf(child);
    for (const json of [{ action: "reviewed", reason: "Mine now" }, {}, { action: "delete" }]) {
      const refused = await act(member, flagId, json);
      expect(refused.status).toBe(403);
      expect(refused.data.error.message).toBe(REPORT_MESSAGES.leadersOnly);
    }
    expect((await call(t, `/api/leader/flags/${flagId}/action`, { json: {} })).status).toBe(401);
    const [row] = await t.db.select().from(aiFlags).where(eq(aiFlags.id, flagId));
    expect(row?.status).toBe("open");
    expect(await t.db.select().from(auditLog).where(eq(auditLog.targetId, flagId))).toEqual([]);
  });

  it("answers 404 for a malformed or unknown id and 400 for a bad body, never a 500", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    const body = { action: "dismiss", reason: "Checked" };
    for (const id of ["not-a-uuid", "x".repeat(500), randomUUID(), "1", "%20", "'; drop table ai_flags;--"]) {
      const response = await act(leader, encodeURIComponent(id), body);
      expect(response.status, id).toBe(404);
      expect(response.data.error.message).toBe(REPORT_MESSAGES.notFound);
    }
    const child = await signUpUser(t);
    await raise({ kind: "withheld_answer", userId: child.id, input: "q", output: "a" });
    const flagId = await flagIdOf(child);
    for (const json of [
      {},
      { action: "delete", reason: "x" },
      { action: "reviewed" },
      { action: "reviewed", reason: 42 },
      { action: "reviewed", reason: "x".repeat(501) },
    ]) {
      expect((await act(leader, flagId, json)).status).toBe(400);
    }
    const blank = await act(leader, flagId, { action: "reviewed", reason: "   " });
    expect(blank.status).toBe(400);
    expect(blank.data.error.message).toBe(REPORT_MESSAGES.actionReasonRequired);
  });
});
