import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPORT_MAIL_MESSAGES } from "../../../core/schemas/moderation";
import { profiles, reportMailQueue } from "../../db/schema";
import type { MailQueue } from "../../jobs/mail";
import { readableEml } from "../../test/eml";
import { takeErrorLogs } from "../../test/error-logs";
import { groupWithMembers, postAs } from "../../test/fixtures";
import { call, createTestApp, parallel, TEST_APP_URL, type TestApp, type TestUser } from "../../test/harness";
import { type ReportMailDeps, sendDueReportMails } from "./report-mails";

let t: TestApp;
let deps: ReportMailDeps;
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

/** One run of the job, and the mails it queued sent. */
async function sendDue() {
  await sendDueReportMails(deps);
  await t.mailQueueSettled();
}

/** The report mails in the outbox to this person. */
const reportMailsTo = (user: TestUser) =>
  t
    .readOutbox()
    .filter(
      (mail) =>
        mail.includes(`Subject: ${REPORT_MAIL_MESSAGES.subject}`) && mail.includes(`To: ${user.email}`),
    )
    .map(readableEml);

const reportPost = async (reporter: TestUser, postId: string) => {
  const response = await call(t, "/api/reports", {
    cookie: reporter.cookie,
    json: { targetType: "post", targetId: postId, reason: "unkind", note: "Secret words of the reporter" },
  });
  expect(response.status, response.text).toBe(201);
};

/** Makes every pending report mail due now, as if its 15 minutes had passed. */
const makeDue = () => t.db.update(reportMailQueue).set({ dueAt: sql`now() - interval '1 second'` });

/**
 * A group owned by a plain member, with three leaders (one has turned report mails off, one reports), an
 * author and another plain member; `count` of the author's posts reported by the reporting leader.
 */
async function groupWithReports(count: number) {
  const { owner, group, members, leaders } = await groupWithMembers(t, { members: 2, leaders: 3 });
  const [author, member] = members;
  const [leader, quietLeader, reporter] = leaders;
  const off = await call(t, "/api/profile/report-mails", {
    method: "PUT",
    cookie: quietLeader.cookie,
    json: { on: false },
  });
  expect(off.status, off.text).toBe(200);
  const posts = [];
  for (let index = 0; index < count; index++)
    posts.push(await postAs(t, author, group, { title: `Post ${index}`, content: "Words of a child" }));
  for (const post of posts) await reportPost(reporter, post.id);
  return { owner, group, author, member, leader, quietLeader, reporter };
}

describe("report mails", () => {
  it("mails the owner and the group's leaders once, with how many reports wait, and no one else", async () => {
    const { owner, author, member, leader, quietLeader, reporter } = await groupWithReports(3);

    await sendDue();

    const [ownerMail] = reportMailsTo(owner);
    expect(reportMailsTo(owner)).toHaveLength(1);
    expect(reportMailsTo(leader)).toHaveLength(1);
    expect(ownerMail).toContain("3 reports wait in the review queue.");
    expect(ownerMail).toContain(`${TEST_APP_URL}/leader`);
    expect(ownerMail).toContain(`${TEST_APP_URL}/unsubscribe#user=${owner.id}&topic=reports&token=`);
    expect(ownerMail).toContain(
      `List-Unsubscribe: <${TEST_APP_URL}/api/mail/unsubscribe?user=${owner.id}&topic=reports`,
    );
    expect(ownerMail).toContain("text/html");
    // Never anyone's words.
    expect(ownerMail).not.toContain("Secret words");
    expect(ownerMail).not.toContain("Words of a child");
    for (const nobody of [author, member, quietLeader, reporter])
      expect(reportMailsTo(nobody)).toHaveLength(0);

    // Nothing left to send.
    await sendDue();
    expect(reportMailsTo(leader)).toHaveLength(1);
  });

  it("holds a later report until 15 minutes after the last mail, then counts everything that waits", async () => {
    const { group, author, leader, reporter } = await groupWithReports(3);
    await sendDue();
    expect(reportMailsTo(leader)).toHaveLength(1);

    // A minute later, another report: its mail waits for the leader's 15 minutes.
    await t.db
      .update(profiles)
      .set({ reportMailSentAt: sql`now() - interval '1 minute'` })
      .where(eq(profiles.id, leader.id));
    const post = await postAs(t, author, group, { title: "Later" });
    await reportPost(reporter, post.id);
    const [pending] = await t.db
      .select({ waits: sql<number>`extract(epoch from ${reportMailQueue.dueAt} - now())::float` })
      .from(reportMailQueue)
      .where(eq(reportMailQueue.leaderId, leader.id));
    expect(pending?.waits).toBeGreaterThan(13 * 60);
    expect(pending?.waits).toBeLessThanOrEqual(14 * 60 + 1);

    await sendDue();
    expect(reportMailsTo(leader)).toHaveLength(1);

    await makeDue();
    await sendDue();
    const mails = reportMailsTo(leader);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toContain("4 reports wait in the review queue.");
  });

  it("sends each mail once however many runs there are at once", async () => {
    const { owner, leader } = await groupWithReports(2);

    await parallel(10, () => sendDueReportMails(deps));
    await t.mailQueueSettled();

    expect(reportMailsTo(owner)).toHaveLength(1);
    expect(reportMailsTo(leader)).toHaveLength(1);
  });

  it("tries a mail that could not be queued again, 5 minutes later; the others go", async () => {
    const { owner, leader } = await groupWithReports(1);
    let failuresLeft = 1;
    const flaky: MailQueue = {
      async send(message, options) {
        if (message.to === leader.email && failuresLeft-- > 0) throw new Error("the database is busy");
        await t.mailQueue.send(message, options);
      },
    };

    await sendDueReportMails({ ...deps, mailQueue: flaky });
    await t.mailQueueSettled();
    expect(takeErrorLogs().map((log) => log.msg)).toEqual([
      "a report mail could not be queued; it is tried again later",
    ]);
    expect(reportMailsTo(owner)).toHaveLength(1);
    expect(reportMailsTo(leader)).toHaveLength(0);
    const [retry] = await t.db
      .select({ waits: sql<number>`extract(epoch from ${reportMailQueue.dueAt} - now())::float` })
      .from(reportMailQueue)
      .where(eq(reportMailQueue.leaderId, leader.id));
    expect(retry?.waits).toBeGreaterThan(4 * 60);

    await makeDue();
    await sendDueReportMails({ ...deps, mailQueue: flaky });
    await t.mailQueueSettled();
    expect(reportMailsTo(leader)).toHaveLength(1);
    expect(reportMailsTo(owner)).toHaveLength(1);
  });

  it("sends nothing once the reports are handled or the leader has turned the mails off", async () => {
    const { owner, leader } = await groupWithReports(1);
    await call(t, "/api/profile/report-mails", { method: "PUT", cookie: leader.cookie, json: { on: false } });
    await t.db.execute(sql`update reports set status = 'dismissed' where group_id in (
      select group_id from group_members where user_id = ${owner.id})`);

    await sendDue();

    expect(reportMailsTo(owner)).toHaveLength(0);
    expect(reportMailsTo(leader)).toHaveLength(0);
    const left = await t.db
      .select()
      .from(reportMailQueue)
      .where(inArray(reportMailQueue.leaderId, [owner.id, leader.id]));
    expect(left).toHaveLength(0);
  });
});

describe("PUT /api/profile/report-mails", () => {
  it("turns the mails off and on, and only those who get them (leaders, admins, owners) see the setting", async () => {
    const { owner, members, leaders } = await groupWithMembers(t, { members: 1, leaders: 1 });
    const [leader] = leaders;
    const [member] = members;

    expect((await call(t, "/api/profile", { cookie: leader.cookie })).data.reportMails).toBe(true);
    const off = await call(t, "/api/profile/report-mails", {
      method: "PUT",
      cookie: leader.cookie,
      json: { on: false },
    });
    expect(off.status).toBe(200);
    expect(off.data).toEqual({ on: false });
    expect((await call(t, "/api/profile", { cookie: leader.cookie })).data.reportMails).toBe(false);

    for (const body of [{}, { on: "yes" }, { on: true, extra: 1 }]) {
      const bad = await call(t, "/api/profile/report-mails", {
        method: "PUT",
        cookie: leader.cookie,
        json: body,
      });
      expect(bad.status).toBe(400);
    }
    expect((await call(t, "/api/profile/report-mails", { method: "PUT", json: { on: true } })).status).toBe(
      401,
    );

    expect((await call(t, "/api/profile", { cookie: member.cookie })).data.reportMails ?? null).toBeNull();
    // A member who owns a group is mailed too, so can turn it off.
    expect((await call(t, "/api/profile", { cookie: owner.cookie })).data.reportMails).toBe(true);
  });
});
