import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { localDay } from "../../../core/achievements";
import { STREAK_MESSAGES } from "../../../core/schemas/learning";
import { readingDays } from "../../db/schema";
import { call, createTestApp, parallel, signUpUser, type TestApp } from "../../test/harness";

// The gentle streak and the daily goal (issue 23, item 3), through the routes the header and home read.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const today = () => localDay(new Date(), "UTC");
const dayBefore = (days: number) => {
  const date = new Date(`${today()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
};

describe("the streak and the daily goal", () => {
  it("counts a layer read and each question's first answer today towards the goal, and the day in the streak", async () => {
    const user = await signUpUser(t);
    const fresh = await call(t, "/api/learning/today", { cookie: user.cookie });
    expect(fresh.data).toEqual({
      streak: { days: 0, saved: false },
      goal: { target: 1, done: 0, met: false },
    });

    await call(t, "/api/stories/creation/layers/1/generate", { method: "POST", cookie: user.cookie });
    const afterReading = await call(t, "/api/learning/today", { cookie: user.cookie });
    expect(afterReading.data).toEqual({
      streak: { days: 1, saved: false },
      goal: { target: 1, done: 1, met: true },
    });

    // A goal of 3: two more activities meet it (two checks answered, at once).
    const set = await call(t, "/api/learning/goal", {
      method: "PUT",
      cookie: user.cookie,
      json: { target: 3 },
    });
    expect(set.data.goal).toEqual({ target: 3, done: 1, met: false });
    await parallel(2, (index) =>
      call(t, `/api/stories/creation/layers/1/check/${index}`, { cookie: user.cookie, json: { option: 0 } }),
    );
    const met = await call(t, "/api/learning/today", { cookie: user.cookie });
    expect(met.data.goal).toEqual({ target: 3, done: 3, met: true });
    // Answering a question again (a retry, or the same answer twice) is not another activity.
    await parallel(3, () =>
      call(t, "/api/stories/creation/layers/1/check/0", { cookie: user.cookie, json: { option: 1 } }),
    );
    expect((await call(t, "/api/learning/today", { cookie: user.cookie })).data.goal.done).toBe(3);
    // Moving between layers is not an activity.
    await call(t, "/api/stories/creation/progress", { cookie: user.cookie, json: { action: "next" } });
    expect((await call(t, "/api/learning/today", { cookie: user.cookie })).data.goal.done).toBe(3);
  });

  it("forgives a rest day, and says so", async () => {
    const user = await signUpUser(t);
    await t.db.insert(readingDays).values([
      { userId: user.id, day: dayBefore(4), activities: 2 },
      { userId: user.id, day: dayBefore(3), activities: 1 },
      { userId: user.id, day: dayBefore(2), activities: 1 },
    ]);
    const kept = await call(t, "/api/learning/today", { cookie: user.cookie });
    // Yesterday missed, today still to come: three days, saved.
    expect(kept.data.streak).toEqual({ days: 3, saved: true });
    expect(STREAK_MESSAGES.saved).toBe("Streak saved! Everyone needs a rest day.");
    // A day only visited does not count.
    await t.db
      .update(readingDays)
      .set({ activities: 0 })
      .where(eq(readingDays.day, dayBefore(2)));
    expect((await call(t, "/api/learning/today", { cookie: user.cookie })).data.streak.days).toBe(2);
  });

  it("reads today by the reader's own calendar, from the offset their browser sends", async () => {
    const user = await signUpUser(t);
    // UTC+14 is always at least a calendar day ahead of UTC-12: each reader sees their own day's activities.
    const dayAt = (offsetMinutes: number) =>
      new Date(Date.now() - offsetMinutes * 60_000).toISOString().slice(0, 10);
    await t.db.insert(readingDays).values({ userId: user.id, day: dayAt(-840), activities: 2 });
    const ahead = await call(t, "/api/learning/today", {
      cookie: user.cookie,
      headers: { "x-utc-offset": "-840" },
    });
    expect(ahead.data.goal.done).toBe(2);
    const behind = await call(t, "/api/learning/today", {
      cookie: user.cookie,
      headers: { "x-utc-offset": "720" },
    });
    expect(behind.data.goal.done).toBe(0);
    // Nonsense is UTC, never an error.
    for (const offset of ["abc", "99999", "1.5"]) {
      const read = await call(t, "/api/learning/today", {
        cookie: user.cookie,
        headers: { "x-utc-offset": offset },
      });
      expect(read.status).toBe(200);
    }
  });

  it("counts a write on the reader's own day, from the offset their browser sends with it", async () => {
    const user = await signUpUser(t);
    const dayAt = (offsetMinutes: number) =>
      new Date(Date.now() - offsetMinutes * 60_000).toISOString().slice(0, 10);
    // UTC+14 and UTC-12 are never on the same calendar day.
    await call(t, "/api/stories/creation/layers/1/generate", {
      method: "POST",
      cookie: user.cookie,
      headers: { "x-utc-offset": "-840" },
    });
    await call(t, "/api/stories/creation/layers/1/check/0", {
      cookie: user.cookie,
      json: { option: 0 },
      headers: { "x-utc-offset": "720" },
    });
    const days = await t.db.select().from(readingDays).where(eq(readingDays.userId, user.id));
    expect(days.map((row) => row.day).sort()).toEqual([dayAt(720), dayAt(-840)].sort());
  });

  it("takes only a goal of 1, 2 or 3, and only the reader's own", async () => {
    const user = await signUpUser(t);
    for (const target of [0, 4, "2", null]) {
      const refused = await call(t, "/api/learning/goal", {
        method: "PUT",
        cookie: user.cookie,
        json: { target },
      });
      expect(refused.status).toBe(400);
      expect(refused.data.error.message).toBe(STREAK_MESSAGES.goalChoice);
    }
    expect((await call(t, "/api/learning/goal", { method: "PUT", json: { target: 2 } })).status).toBe(401);
    expect((await call(t, "/api/learning/today", { cookie: user.cookie })).data.goal.target).toBe(1);
  });
});

describe("the streak with the clock moved on", () => {
  it("forgives two missed days in a week, not a third, and keeps Dedicated Reader for 5 days in a row", async () => {
    const user = await signUpUser(t);
    // Noon UTC, so that every day moved on is a whole day in the reader's calendar.
    const start = Date.parse(`${dayBefore(-1)}T12:00:00Z`);
    vi.useFakeTimers({ toFake: ["Date"], now: start });
    const onDay = (day: number) => vi.setSystemTime(start + day * 24 * 60 * 60_000);
    const streak = async () => (await call(t, "/api/learning/today", { cookie: user.cookie })).data.streak;
    const answer = () =>
      call(t, "/api/stories/creation/layers/1/check/0", { cookie: user.cookie, json: { option: 0 } });
    const dedicatedReader = async () =>
      (await call(t, "/api/profile/achievements", { cookie: user.cookie })).data.achievements.find(
        (achievement: { id: string }) => achievement.id === "dedicated_reader",
      ).earnedAt;

    // Day 0 a layer read, day 1 a check answered.
    await call(t, "/api/stories/creation/layers/1/generate", { method: "POST", cookie: user.cookie });
    expect(await streak()).toEqual({ days: 1, saved: false });
    onDay(1);
    expect((await answer()).status).toBe(200);
    expect(await streak()).toEqual({ days: 2, saved: false });
    // Day 2 missed: on day 3 the streak waits for today, and is saved.
    onDay(3);
    expect(await streak()).toEqual({ days: 2, saved: true });
    await answer();
    expect(await streak()).toEqual({ days: 3, saved: true });
    // Day 4 missed too: the second rest day of the week is forgiven.
    onDay(5);
    await answer();
    expect(await streak()).toEqual({ days: 4, saved: true });
    // Day 6 missed: a third in a week ends the run there.
    onDay(7);
    await answer();
    expect(await streak()).toEqual({ days: 3, saved: true });
    // Never 5 days in a row.
    expect(await dedicatedReader()).toBeNull();

    // Days 8 to 11 after day 7: five in a row, and no rest day recently; the run goes back to day 3 (days 4 and 6
    // forgiven, day 2 a third rest day in its week).
    for (const day of [8, 9, 10, 11]) {
      onDay(day);
      await answer();
    }
    expect(await streak()).toEqual({ days: 7, saved: false });
    expect(await dedicatedReader()).toEqual(expect.any(String));
  });
});
