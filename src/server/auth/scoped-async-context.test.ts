// The storages Better Auth keeps its call context in: the context reaches every await inside a call, calls that
// overlap keep their own, and once none is under way no storage is left on (on Node 20, an enabled storage puts a
// hook on every promise the process makes).
import { executionAsyncId } from "node:async_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, parallel, signUpUser, type TestApp } from "../test/harness";
import { authStorages, ScopedAsyncLocalStorage } from "./scoped-async-context";

/** Node's own flag: whether the storage is enabled (and its hook on). */
const enabled = (storage: unknown) => (storage as { enabled?: boolean }).enabled === true;

describe("a scoped AsyncLocalStorage", () => {
  it("carries its store through every await of a run, and switches off when the run has finished", async () => {
    const storage = new ScopedAsyncLocalStorage<string>();
    const seen = await storage.run("call", async () => {
      await sleep(5);
      const inTimer = await new Promise((resolve) => setTimeout(() => resolve(storage.getStore()), 1));
      return [storage.getStore(), inTimer];
    });
    expect(seen).toEqual(["call", "call"]);
    expect(storage.inUse).toBe(false);
    expect(enabled(storage)).toBe(false);
    expect(storage.getStore()).toBeUndefined();
  });

  it("keeps overlapping runs apart and stays on until the last of them has finished", async () => {
    const storage = new ScopedAsyncLocalStorage<number>();
    let releaseFirst = () => {};
    const first = storage.run(1, async () => {
      await new Promise<void>((resolve) => {
        releaseFirst = resolve;
      });
      return storage.getStore();
    });
    const second = storage.run(2, async () => {
      await sleep(5);
      return storage.getStore();
    });
    expect(await second).toBe(2);
    // The first run is still waiting: its store must still be there when it goes on.
    expect(storage.inUse).toBe(true);
    expect(enabled(storage)).toBe(true);
    releaseFirst();
    expect(await first).toBe(1);
    expect(enabled(storage)).toBe(false);
  });

  it("switches off after a run that throws or rejects, and still reports the failure", async () => {
    const storage = new ScopedAsyncLocalStorage<string>();
    expect(() =>
      storage.run("sync", () => {
        throw new Error("at once");
      }),
    ).toThrow("at once");
    await expect(
      storage.run("async", async () => {
        await sleep(1);
        throw new Error("later");
      }),
    ).rejects.toThrow("later");
    expect(enabled(storage)).toBe(false);
    expect(storage.run("plain", () => storage.getStore())).toBe("plain");
    expect(enabled(storage)).toBe(false);
  });
});

describe("Better Auth on scoped storages", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("uses them for sign-up, sign-in and sessions, and leaves none on between calls", async () => {
    const users = await parallel(3, () => signUpUser(t));
    const sessions = await parallel(6, (index) =>
      call(t, "/api/auth/session", { cookie: users[index % 3]?.cookie }),
    );
    expect(sessions.map((session) => session.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const storages = authStorages();
    expect(storages).toHaveLength(3);
    for (const storage of storages) {
      expect(storage).toBeInstanceOf(ScopedAsyncLocalStorage);
      expect(enabled(storage)).toBe(false);
    }
  });
});

describe("the process's promises after a sign-up", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /**
   * How many async ids three promises settled together are given: with no hook on promises they all run in the
   * caller's, with one (an enabled AsyncLocalStorage, whoever owns it) each has its own.
   */
  const promiseIds = async () =>
    new Set(await Promise.all([1, 2, 3].map(() => Promise.resolve().then(() => executionAsyncId())))).size;

  it("carry no hook: nothing in it, its verification mail included, leaves a storage on", async () => {
    expect(await promiseIds()).toBe(1);
    const user = await signUpUser(t);
    await t.waitForMailTo(user.email);
    expect(t.readOutbox().some((mail) => mail.includes("Confirm"))).toBe(true);
    expect((await call(t, "/api/profile", { cookie: user.cookie })).status).toBe(200);
    expect(await promiseIds()).toBe(1);
  });
});
