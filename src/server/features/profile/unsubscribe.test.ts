import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UNSUBSCRIBE_MESSAGES } from "../../../core/schemas/profile";
import { profiles } from "../../db/schema";
import {
  call,
  createTestApp,
  parallel,
  signUpUserWithRole,
  type TestApp,
  type TestUser,
} from "../../test/harness";
import { unsubscribeLinks } from "./unsubscribe";

// 'Stop these emails' (issue 25): the signed link at the foot of an optional mail, and its one-click POST.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const config = () => ({ appUrl: "http://localhost:3000", authSecret: t.authSecret });

/** A leader with both optional mails on. */
async function leaderWithMailsOn() {
  const leader = await signUpUserWithRole(t, "leader");
  await t.db
    .update(profiles)
    .set({ reportMails: true, weeklyDigest: true })
    .where(eq(profiles.id, leader.id));
  return leader;
}

const settingsOf = async (user: TestUser) => {
  const [row] = await t.db
    .select({ reports: profiles.reportMails, digest: profiles.weeklyDigest })
    .from(profiles)
    .where(eq(profiles.id, user.id));
  return row;
};

/** The API link's path and query, as the mail gives it. */
const apiPath = (url: string) => url.replace("http://localhost:3000", "");

describe("POST /api/mail/unsubscribe", () => {
  it("turns off the one topic its link names, for the one reader, without a session", async () => {
    const leader = await leaderWithMailsOn();
    const other = await leaderWithMailsOn();
    const links = unsubscribeLinks(config(), leader.id, "digest");

    const response = await call(t, apiPath(links.oneClickUrl), { method: "POST" });
    expect(response.status, response.text).toBe(200);
    expect(response.data).toEqual({ topic: "digest", on: false });
    expect(await settingsOf(leader)).toEqual({ reports: true, digest: false });
    expect(await settingsOf(other)).toEqual({ reports: true, digest: true });

    // Again (a second click, or the mail program's and the page's): still off, still fine.
    const again = await call(t, apiPath(links.oneClickUrl), { method: "POST" });
    expect(again.status).toBe(200);
  });

  it("takes a mail program's one-click POST: a form body, no Origin, no cookie (RFC 8058)", async () => {
    const leader = await leaderWithMailsOn();
    const links = unsubscribeLinks(config(), leader.id, "reports");
    const response = await t.app.request(links.oneClickUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await settingsOf(leader)).toEqual({ reports: false, digest: true });
  });

  it("refuses a link not signed for this reader and topic, and changes nothing", async () => {
    const leader = await leaderWithMailsOn();
    const victim = await leaderWithMailsOn();
    const own = new URL(unsubscribeLinks(config(), leader.id, "reports").oneClickUrl);
    const token = own.searchParams.get("token") ?? "";
    const forged = [
      // Someone else's id with the leader's own token.
      `/api/mail/unsubscribe?user=${victim.id}&topic=reports&token=${token}`,
      // The other topic with the same token.
      `/api/mail/unsubscribe?user=${leader.id}&topic=digest&token=${token}`,
      // A token made up, or cut short.
      `/api/mail/unsubscribe?user=${victim.id}&topic=reports&token=AAAA`,
      `/api/mail/unsubscribe?user=${victim.id}&topic=reports&token=${token.slice(0, -2)}`,
    ];
    for (const path of forged) {
      const response = await call(t, path, { method: "POST" });
      expect(response.status, path).toBe(403);
      expect(response.data.error.message).toBe(UNSUBSCRIBE_MESSAGES.badLink);
    }
    // A link signed by another deployment's secret.
    const foreign = unsubscribeLinks({ ...config(), authSecret: "another-secret" }, victim.id, "reports");
    expect((await call(t, apiPath(foreign.oneClickUrl), { method: "POST" })).status).toBe(403);
    expect(await settingsOf(victim)).toEqual({ reports: true, digest: true });
    expect(await settingsOf(leader)).toEqual({ reports: true, digest: true });
  });

  it("answers a link missing its parts or naming an unknown topic with 400", async () => {
    for (const query of [
      "",
      "?user=x&topic=reports",
      "?user=x&topic=everything&token=abc",
      "?topic=digest&token=abc",
    ]) {
      const response = await call(t, `/api/mail/unsubscribe${query}`, { method: "POST" });
      expect(response.status, query).toBe(400);
    }
  });

  it("answers 404 for a signed link whose account is gone", async () => {
    const links = unsubscribeLinks(config(), "no-such-user", "digest");
    const response = await call(t, apiPath(links.oneClickUrl), { method: "POST" });
    expect(response.status).toBe(404);
  });

  it("holds under ten clicks at once", async () => {
    const leader = await leaderWithMailsOn();
    const links = unsubscribeLinks(config(), leader.id, "reports");
    const responses = await parallel(10, () => call(t, apiPath(links.oneClickUrl), { method: "POST" }));
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    expect(await settingsOf(leader)).toEqual({ reports: false, digest: true });
  });
});
