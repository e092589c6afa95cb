import { createHash, randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { publicUrlFor } from "../../adapters/storage/storage";
import { createSessionCache } from "../../auth/session-cache";
import {
  familyLinks,
  groupMembers,
  groupPosts,
  profiles,
  sessions,
  studyGroups,
  users,
} from "../../db/schema";
import { createJobQueue } from "../../jobs/queue";
import { createTestApp, type TestApp } from "../../test/harness";
import { issueFamilyLink } from "./links";
import { agreeToFamilyLink } from "./service";
import { familySweepJob, sweepWaitingChildren, waitingAccountsMadeBefore } from "./sweep";

// The 7-day sweep: a child's account still waiting for a parent 7 days after it was made goes, with everything
// it made; nobody else's does. Each test makes its own accounts straight in the database, aged as it needs
// (sign-up cannot make an account 8 days old), with a session, a group and a post as a real account has.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 24 * 60 * 60_000;
const deps = () => ({ db: t.db, storage: t.storage, logger: t.logger });
const unique = () => randomBytes(5).toString("hex");

type Account = { id: string; username: string; email: string };

/** An account made `days` ago, waiting for a parent or active, signed in once. */
async function accountAged(days: number, state: "waiting_for_parent" | "active"): Promise<Account> {
  const id = `u-${unique()}`;
  const username = `kid_${unique()}`;
  const email = `${username}@example.com`;
  const madeAt = new Date(Date.now() - days * DAY);
  await t.db.insert(users).values({ id, name: username, email, createdAt: madeAt });
  await t.db.insert(profiles).values({ id, username, accountState: state, createdAt: madeAt });
  await t.db.insert(sessions).values({
    id: `s-${unique()}`,
    token: unique(),
    userId: id,
    expiresAt: new Date(Date.now() + DAY),
  });
  return { id, username, email };
}

async function existingUserIds(ids: string[]) {
  const rows = await t.db.select({ id: users.id }).from(users).where(inArray(users.id, ids));
  return rows.map((row) => row.id).sort();
}

describe("sweepWaitingChildren", () => {
  it("deletes accounts waiting longer than 7 days with everything they made, and keeps every other account", async () => {
    const owner = await accountAged(30, "active");
    const oldWaiting = await accountAged(8, "waiting_for_parent");
    const youngWaiting = await accountAged(6, "waiting_for_parent");
    const oldActive = await accountAged(8, "active");
    // What the waiting child made: a place in a group, a post, a consent link, and a picture (a file).
    const [group] = await t.db
      .insert(studyGroups)
      .values({ name: "Ruth readers", ownerId: owner.id, inviteCode: "SWP7D1" })
      .returning();
    if (!group) throw new Error("no group");
    await t.db.insert(groupMembers).values([
      { groupId: group.id, userId: owner.id, role: "owner" },
      { groupId: group.id, userId: oldWaiting.id },
    ]);
    const [post] = await t.db
      .insert(groupPosts)
      .values({ groupId: group.id, authorId: oldWaiting.id, title: "My story", content: "I read about Ruth" })
      .returning();
    await t.db.insert(familyLinks).values({
      childUserId: oldWaiting.id,
      parentEmail: "parent@example.com",
      tokenHash: createHash("sha256").update(randomBytes(32)).digest("hex"),
      expiresAt: new Date(Date.now() - DAY),
    });
    const pictureKey = `avatars/${oldWaiting.id}-1.webp`;
    await t.storage.put(pictureKey, new Uint8Array([1, 2, 3]), "image/webp");
    expect(await t.storage.stat(pictureKey)).not.toBeNull();
    await t.db
      .update(profiles)
      .set({ pendingAvatarUrl: publicUrlFor(pictureKey), pendingAvatarAt: new Date() })
      .where(eq(profiles.id, oldWaiting.id));

    expect(await sweepWaitingChildren(deps())).toBe(1);

    expect(await existingUserIds([oldWaiting.id, youngWaiting.id, oldActive.id, owner.id])).toEqual(
      [youngWaiting.id, oldActive.id, owner.id].sort(),
    );
    // Everything of theirs went with the users row, as deleteAccount deletes an account.
    expect(await t.db.select().from(profiles).where(eq(profiles.id, oldWaiting.id))).toEqual([]);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, oldWaiting.id))).toEqual([]);
    expect(await t.db.select().from(groupMembers).where(eq(groupMembers.userId, oldWaiting.id))).toEqual([]);
    expect(await t.db.select().from(familyLinks).where(eq(familyLinks.childUserId, oldWaiting.id))).toEqual(
      [],
    );
    // Their picture's file is removed after the commit.
    expect(await t.storage.stat(pictureKey)).toBeNull();
    // Their post stays in the group with no author; the group and its owner are untouched.
    const [kept] = await t.db
      .select()
      .from(groupPosts)
      .where(eq(groupPosts.id, post?.id ?? ""));
    expect(kept?.authorId).toBeNull();
    expect(await t.db.select().from(studyGroups).where(eq(studyGroups.id, group.id))).toHaveLength(1);
    // The others are as they were.
    const states = await t.db
      .select({ id: profiles.id, state: profiles.accountState })
      .from(profiles)
      .where(inArray(profiles.id, [youngWaiting.id, oldActive.id]));
    expect(Object.fromEntries(states.map((row) => [row.id, row.state]))).toEqual({
      [youngWaiting.id]: "waiting_for_parent",
      [oldActive.id]: "active",
    });
  });

  it("never sweeps an account a parent opens at the same moment: one or the other, never both", async () => {
    for (let round = 0; round < 5; round += 1) {
      const child = await accountAged(8, "waiting_for_parent");
      const parent = await accountAged(400, "active");
      const { token } = await issueFamilyLink(t.db, {
        childUserId: child.id,
        parentEmail: parent.email,
        kind: "consent",
      });
      const [agreed] = await Promise.allSettled([
        agreeToFamilyLink({ db: t.db, sessions: createSessionCache() }, parent.id, { token }),
        sweepWaitingChildren(deps()),
      ]);
      const [profile] = await t.db
        .select({ state: profiles.accountState })
        .from(profiles)
        .where(eq(profiles.id, child.id));
      // Either the parent's yes opened the account and the sweep left it, or the sweep came first and the yes
      // found nobody to agree to.
      if (agreed.status === "fulfilled") expect(profile?.state).toBe("active");
      else expect(profile).toBeUndefined();
    }
  });

  it("measures the 7 days from the time it is given", async () => {
    const child = await accountAged(6, "waiting_for_parent");
    await sweepWaitingChildren(deps(), new Date(Date.now() + DAY / 2));
    expect(await existingUserIds([child.id])).toEqual([child.id]);
    // A day and a half later its 7 days are over.
    await sweepWaitingChildren(deps(), new Date(Date.now() + 1.5 * DAY));
    expect(await existingUserIds([child.id])).toEqual([]);
  });

  it("does nothing when no account has waited 7 days", async () => {
    const child = await accountAged(1, "waiting_for_parent");
    expect(await sweepWaitingChildren(deps())).toBe(0);
    expect(await existingUserIds([child.id])).toEqual([child.id]);
  });

  it("finds waiting accounts through the partial index profiles_waiting_for_parent_idx", async () => {
    const cutoff = new Date();
    const query = waitingAccountsMadeBefore(t.db, cutoff).toSQL();
    // The cutoff is the query's one parameter; EXPLAIN is given it as a literal.
    expect(query.params).toHaveLength(1);
    const explain = `explain ${query.sql.replace("$1", `'${cutoff.toISOString()}'::timestamptz`)}`;
    const plan = await t.db.transaction(async (tx) => {
      // The tables here are tiny, where reading them whole is cheapest: ask whether the index can serve at all.
      await tx.execute(sql`set local enable_seqscan = off`);
      return JSON.stringify(await tx.execute(sql.raw(explain)));
    });
    expect(plan).toContain("profiles_waiting_for_parent_idx");
  });

  it("logs how many accounts it swept, never who they were", async () => {
    const child = await accountAged(8, "waiting_for_parent");
    const info = vi.spyOn(t.logger, "info");
    try {
      expect(await sweepWaitingChildren(deps())).toBe(1);
      expect(info).toHaveBeenCalledWith(
        { deleted: 1, failed: 0 },
        "waiting accounts older than 7 days swept",
      );
      const logged = JSON.stringify(info.mock.calls);
      for (const secret of [child.id, child.username, child.email]) expect(logged).not.toContain(secret);
    } finally {
      info.mockRestore();
    }
  });
});

describe("the family-sweep job", () => {
  it("runs the sweep hourly on the job queue", async () => {
    const child = await accountAged(8, "waiting_for_parent");
    const job = familySweepJob(deps());
    expect(job).toMatchObject({ name: "family-sweep", cron: "5 * * * *" });

    const queue = createJobQueue({
      database: t.database,
      logger: t.logger,
      jobs: [job],
      pollingIntervalSeconds: 0.5,
    });
    try {
      await queue.start();
      const schedules = await queue.boss.getSchedules();
      expect(schedules.map(({ name, cron }) => ({ name, cron }))).toEqual([
        { name: "family-sweep", cron: "5 * * * *" },
      ]);
      // What the schedule sends on the hour's fifth minute, sent now.
      const id = await queue.send("family-sweep", {});
      const until = Date.now() + 10_000;
      while ((await queue.boss.getJobById("family-sweep", id))?.state !== "completed" && Date.now() < until)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await queue.boss.getJobById("family-sweep", id))?.state).toBe("completed");
      expect(await existingUserIds([child.id])).toEqual([]);
    } finally {
      await queue.stop();
    }
  });
});
