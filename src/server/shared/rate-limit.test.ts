import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env";
import { call, createTestApp, parallel, signUpUser, type TestApp } from "../test/harness";
import { QUOTA_MESSAGES, reserveAiWork, usedAiWork } from "./ai-quota";
import { createRateLimiter, LIMIT_RULES, type LimitName } from "./rate-limit";

// Counters that must hold when requests race. PGlite runs one transaction at a time, so a missing lock cannot
// show there: CI runs this file on PostgreSQL too, where 50 requests really take their slots at once.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("the rate limiter", () => {
  it("gives exactly `max` of 50 parallel attempts a slot", async () => {
    const limiter = createRateLimiter(t.db, { chat: 7 });
    const taken = await parallel(50, () => limiter.take("chat", "racing-subject"));
    expect(taken.filter(Boolean)).toHaveLength(7);
    expect(await limiter.used("chat", "racing-subject")).toBe(7);
  });

  it("takes slots under the largest limit a variable may set", async () => {
    const limiter = createRateLimiter(t.db, { chat: Number.MAX_SAFE_INTEGER });
    const taken = await parallel(5, () => limiter.take("chat", "boundless-subject"));
    expect(taken.filter(Boolean)).toHaveLength(5);
    expect(await limiter.used("chat", "boundless-subject")).toBe(5);
  });

  it("gives a released attempt back, and clears a subject without touching another", async () => {
    const limiter = createRateLimiter(t.db, { post: 2 });
    const first = await limiter.attempt("post", "subject-a");
    await limiter.attempt("post", "subject-a");
    await expect(limiter.attempt("post", "subject-a")).rejects.toMatchObject({
      status: 429,
      message: LIMIT_RULES.post.message,
    });
    await first.release();
    expect(await limiter.take("post", "subject-a")).not.toBeNull();
    await limiter.attempt("post", "subject-b");
    await limiter.clear("post", "subject-a");
    expect(await limiter.used("post", "subject-a")).toBe(0);
    expect(await limiter.used("post", "subject-b")).toBe(1);
  });

  it("records nothing for a subject when another subject of the same attempt is full", async () => {
    const limiter = createRateLimiter(t.db, { adminDelete: 1 });
    await limiter.attempt("adminDelete", "ip-full");
    await expect(
      limiter.attemptAll([
        ["adminDelete", "account-x"],
        ["adminDelete", "ip-full"],
      ]),
    ).rejects.toMatchObject({
      status: 429,
    });
    expect(await limiter.used("adminDelete", "account-x")).toBe(0);
  });

  it("is off at 0", async () => {
    const limiter = createRateLimiter(t.db, { reaction: 0 });
    const taken = await parallel(20, () => limiter.take("reaction", "anyone"));
    expect(taken.every(Boolean)).toBe(true);
    expect(await limiter.used("reaction", "anyone")).toBe(0);
  });

  it("reads every limit from its environment variable, 0 included", () => {
    const names = Object.keys(LIMIT_RULES) as LimitName[];
    const env = parseEnv(
      Object.fromEntries(names.map((name, index) => [LIMIT_RULES[name].env, String(index)])),
    );
    for (const [index, name] of names.entries()) expect(env[LIMIT_RULES[name].env]).toBe(index);
    expect(() => parseEnv({ LIMIT_SIGN_IN: "-1" })).toThrow(/LIMIT_SIGN_IN/);
    expect(parseEnv({}).LIMIT_CHAT_PER_MINUTE).toBe(LIMIT_RULES.chat.max);
  });
});

describe("daily AI quotas under parallel requests", () => {
  it("never go past the limit", async () => {
    const user = await signUpUser(t);
    const deps = { db: t.db, config: { aiQuotas: { question: 5 } } };
    const results = await parallel(50, () =>
      reserveAiWork(deps, user.id, "question").then(
        () => "reserved",
        (error: Error) => error.message,
      ),
    );
    expect(results.filter((result) => result === "reserved")).toHaveLength(5);
    expect(new Set(results.filter((result) => result !== "reserved"))).toEqual(
      new Set([QUOTA_MESSAGES.question]),
    );
    expect(await usedAiWork(t.db, user.id, "question")).toBe(5);
  });
});

describe("TRUST_PROXY=false", () => {
  let direct: TestApp;
  beforeAll(async () => {
    direct = await createTestApp({ trustProxy: false });
  });
  afterAll(() => direct.close());

  it("ignores a forged X-Forwarded-For: a guesser cannot pose as a new address for each guess", async () => {
    const user = await signUpUser(direct);
    const guesses = await parallel(20, (index) =>
      call(direct, "/api/auth/sign-in/email", {
        json: { email: user.email, password: `wrong-guess-${index}` },
        headers: { "x-forwarded-for": `203.0.113.${index + 1}` },
      }),
    );
    expect(guesses.filter((guess) => guess.status !== 429)).toHaveLength(LIMIT_RULES.signIn.max);
  });
});
