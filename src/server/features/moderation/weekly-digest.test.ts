import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DIGEST_MESSAGES } from "../../../core/schemas/digest";
import { groupMembers, profiles, readingDays, stories, storyProgress } from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import { readableEml } from "../../test/eml";
import { takeErrorLogs } from "../../test/error-logs";
import { groupWithMembers, postAs } from "../../test/fixtures";
import {
  call,
  createTestApp,
  joinGroupAs,
  parallel,
  signUpUserWithRole,
  TEST_APP_URL,
  type TestApp,
  type TestUser,
} from "../../test/harness";
import { sendWeeklyDigests, type WeeklyDigestDeps } from "./weekly-digest";

// The weekly digest (issue 25, part 4). Time is passed in: the digest's week is the one after these tests run.

let t: TestApp;
let deps: WeeklyDigestDeps;
beforeAll(async () => {
  t = await createTestApp();
  deps = {
    db: t.db,
    mailQueue: t.mailQueue,
    logger: t.logger,
    appUrl: TEST_APP_URL,
    authSecret: t.authSecret,
  };
});
afterAll(() => t.close());

/** One run of the job at `at`, and the mails it queued sent. */
async function digestAt(at: Date, runDeps = deps) {
  await sendWeeklyDigests(runDeps, at);
  await t.mailQueueSettled();
}

const CHICAGO = "America/Chicago";
/** Mondays and the days around them in Chicago (UTC−6 in winter), a week apart where it matters. */
const AT = {
  monday0810: new Date("2026-11-30T14:10:00Z"),
  monday0850: new Date("2026-11-30T14:50:00Z"),
  monday0750: new Date("2026-11-30T13:50:00Z"),
  sunday0810: new Date("2026-11-29T14:10:00Z"),
  tuesday0810: new Date("2026-12-01T14:10:00Z"),
  nextMonday0810: new Date("2026-12-07T14:10:00Z"),
};

const DANIEL = "daniel-in-the-lions-den";

/** The digests in the outbox to this person, their quoted-printable soft line breaks undone. */
const digestsTo = (user: TestUser) =>
  t
    .readOutbox()
    .filter(
      (mail) => mail.includes(`Subject: ${DIGEST_MESSAGES.subject}`) && mail.includes(`To: ${user.email}`),
    )
    .map(readableEml);

const setDigest = (user: TestUser | null, json: unknown, timeZone = CHICAGO) =>
  call(t, "/api/profile/weekly-digest", {
    method: "PUT",
    cookie: user?.cookie,
    json,
    headers: { "x-time-zone": timeZone },
  });

/** A leader in Chicago with the digest on, owning a group with two children. */
async function leaderWithGroup(name = "Lions den") {
  const leader = await signUpUserWithRole(t, "leader");
  const { group, members } = await groupWithMembers(t, { owner: leader, members: 2, name });
  const on = await setDigest(leader, { on: true });
  expect(on.status, on.text).toBe(200);
  return { leader, group, members };
}

describe("weekly digest: when it goes", () => {
  it("goes on Monday between 8:00 and 8:59 in the leader's time zone, and not before or after", async () => {
    const { leader } = await leaderWithGroup();
    for (const at of [AT.sunday0810, AT.monday0750, AT.tuesday0810]) await sendWeeklyDigests(deps, at);
    expect(digestsTo(leader)).toHaveLength(0);

    await digestAt(AT.monday0810);
    expect(digestsTo(leader)).toHaveLength(1);
    // The same hour again, and later that week: that week's digest has gone.
    await digestAt(AT.monday0850);
    await digestAt(AT.tuesday0810);
    expect(digestsTo(leader)).toHaveLength(1);
    // The next Monday brings the next one.
    await digestAt(AT.nextMonday0810);
    expect(digestsTo(leader)).toHaveLength(2);
  });

  it("goes once however many runs there are at once", async () => {
    const { leader } = await leaderWithGroup();
    await parallel(10, () => sendWeeklyDigests(deps, AT.monday0810));
    await t.mailQueueSettled();
    expect(digestsTo(leader)).toHaveLength(1);
  });

  it("never reaches a leader who has it off", async () => {
    const { leader } = await leaderWithGroup();
    expect((await setDigest(leader, { on: false })).status).toBe(200);
    await digestAt(AT.monday0810);
    expect(digestsTo(leader)).toHaveLength(0);
  });

  it("tries a digest that could not be queued again at the next run", async () => {
    const { leader } = await leaderWithGroup();
    let failuresLeft = 1;
    const flaky: MailQueue = {
      async send(message, options) {
        if (message.to === leader.email && failuresLeft-- > 0) throw new Error("the database is busy");
        await t.mailQueue.send(message, options);
      },
    };

    await digestAt(AT.monday0810, { ...deps, mailQueue: flaky });
    expect(takeErrorLogs().map((log) => log.msg)).toEqual([
      "a weekly digest could not be queued; it is tried again at the next run",
    ]);
    expect(digestsTo(leader)).toHaveLength(0);

    await digestAt(AT.monday0850, { ...deps, mailQueue: flaky });
    expect(digestsTo(leader)).toHaveLength(1);
  });
});

describe("weekly digest: what it says", () => {
  it("names the story and who finished it, who has been away 14 days and what waits, and no child's words", async () => {
    const { leader, group, members } = await leaderWithGroup("Ravens");
    const [reader, away] = members;
    const set = await call(t, `/api/groups/${group.id}/assignment`, {
      method: "PUT",
      cookie: leader.cookie,
      json: { storySlug: DANIEL, layers: 2 },
    });
    expect(set.status, set.text).toBe(200);
    const [story] = await t.db.select().from(stories).where(eq(stories.slug, DANIEL));
    if (!story) throw new Error("Daniel is not in the library");
    await t.db
      .insert(storyProgress)
      .values({ userId: reader.id, storyId: story.id, completed: true, completedAt: new Date() });
    await t.db.insert(readingDays).values({ userId: reader.id, day: "2026-11-29" });
    // Joined three weeks before the digest and never read since.
    await t.db
      .update(groupMembers)
      .set({ joinedAt: new Date("2026-11-09T12:00:00Z") })
      .where(eq(groupMembers.userId, away.id));
    const post = await postAs(t, away, group, { title: "Zephyrquill", content: "Marmaladewhisk" });
    const report = await call(t, "/api/reports", {
      cookie: reader.cookie,
      json: { targetType: "post", targetId: post.id, reason: "unkind", note: "Quokkalantern" },
    });
    expect(report.status, report.text).toBe(201);
    // A group with no story.
    await groupWithMembers(t, { owner: leader, name: "Sparrows" });

    await digestAt(AT.monday0810);

    const [mail] = digestsTo(leader);
    expect(digestsTo(leader)).toHaveLength(1);
    expect(mail).toContain("Group: Ravens");
    expect(mail).toContain(`This week's story: ${story.title}`);
    expect(mail).toContain(`Finished it: ${reader.username}`);
    // Only the one who has been away: the reader read yesterday.
    expect(mail).toMatch(new RegExp(`Not active for 14 days: ${away.username}\\r?\\n`));
    expect(mail).toContain("Waiting in the review queue: 1 report");
    expect(mail).toContain("Group: Sparrows");
    expect(mail).toContain(DIGEST_MESSAGES.noStory);
    expect(mail).toContain(`${TEST_APP_URL}/leader`);
    // The way out: a signed link in the foot, and the one-click header (RFC 8058).
    expect(mail).toContain(`${TEST_APP_URL}/unsubscribe#user=${leader.id}&topic=digest&token=`);
    expect(mail).toContain(
      `List-Unsubscribe: <${TEST_APP_URL}/api/mail/unsubscribe?user=${leader.id}&topic=digest`,
    );
    expect(mail).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(mail).toContain("text/html");
    for (const words of ["Zephyrquill", "Marmaladewhisk", "Quokkalantern", "unkind"])
      expect(mail).not.toContain(words);
  });

  it("says 'Nobody yet' while no one has finished the story", async () => {
    const { leader, group } = await leaderWithGroup();
    const set = await call(t, `/api/groups/${group.id}/assignment`, {
      method: "PUT",
      cookie: leader.cookie,
      json: { storySlug: DANIEL, layers: 1 },
    });
    expect(set.status, set.text).toBe(200);
    await digestAt(AT.monday0810);
    expect(digestsTo(leader)[0]).toContain("Finished it: Nobody yet");
  });
});

describe("PUT /api/profile/weekly-digest", () => {
  it("turns the digest on and off, stores the time zone, and shows it on the profile", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    expect((await call(t, "/api/profile", { cookie: leader.cookie })).data.weeklyDigest).toBe(false);

    const on = await setDigest(leader, { on: true });
    expect(on.status, on.text).toBe(200);
    expect(on.data).toEqual({ on: true });
    const [stored] = await t.db
      .select({ weeklyDigest: profiles.weeklyDigest, timeZone: profiles.timeZone })
      .from(profiles)
      .where(eq(profiles.id, leader.id));
    expect(stored).toEqual({ weeklyDigest: true, timeZone: CHICAGO });
    expect((await call(t, "/api/profile", { cookie: leader.cookie })).data.weeklyDigest).toBe(true);

    // A zone nobody knows reads as UTC.
    expect((await setDigest(leader, { on: false }, "Mars/Olympus_Mons")).status).toBe(200);
    const [after] = await t.db
      .select({ weeklyDigest: profiles.weeklyDigest, timeZone: profiles.timeZone })
      .from(profiles)
      .where(eq(profiles.id, leader.id));
    expect(after).toEqual({ weeklyDigest: false, timeZone: null });
  });

  it("refuses a bad body with 400 and a stranger with 401, and offers no switch to a plain member", async () => {
    const leader = await signUpUserWithRole(t, "leader");
    expect((await setDigest(leader, { on: "yes" })).status).toBe(400);
    expect((await setDigest(leader, { on: true, extra: 1 })).status).toBe(400);
    expect((await setDigest(null, { on: true })).status).toBe(401);

    const { members } = await groupWithMembers(t, { members: 1 });
    const [child] = members;
    expect((await call(t, "/api/profile", { cookie: child.cookie })).data).not.toHaveProperty("weeklyDigest");
  });
});

describe("weekly digest: groups it covers", () => {
  it("covers each group the leader owns or belongs to, and no other", async () => {
    const { leader } = await leaderWithGroup("Own group");
    const joined = await groupWithMembers(t, { name: "Joined group" });
    await joinGroupAs(t, leader, joined.group);
    await groupWithMembers(t, { name: "Stranger group" });

    await digestAt(AT.monday0810);

    const [mail] = digestsTo(leader);
    expect(mail).toContain("Group: Own group");
    expect(mail).toContain("Group: Joined group");
    expect(mail).not.toContain("Stranger group");
  });
});
