import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles, users } from "../db/schema";
import { call, createTestApp, signUpUser, type TestApp } from "../test/harness";

let t: TestApp;
let cookie: string;
beforeAll(async () => {
  t = await createTestApp();
  cookie = (await signUpUser(t)).cookie;
});
afterAll(() => t.close());

const bodies: unknown[] = [
  {},
  [],
  null,
  "text",
  42,
  { email: 5, password: [], username: {} },
  { email: "a@b.co", password: "x".repeat(10_000), username: "x".repeat(10_000) },
  { token: { $ne: null }, newPassword: ["a"] },
  { username: "'; drop table profiles; --", bio: "\u0000" },
  { __proto__: { admin: true }, constructor: { prototype: { admin: true } } },
];

const routes: [string, string][] = [
  ["POST", "/api/auth/sign-up/email"],
  ["POST", "/api/auth/sign-in/email"],
  ["POST", "/api/auth/request-password-reset"],
  ["POST", "/api/auth/reset-password"],
  ["POST", "/api/auth/reset-password/verify"],
  ["POST", "/api/auth/change-password"],
  ["PATCH", "/api/profile"],
];

const snapshot = async () => ({
  users: await t.db.select().from(users).orderBy(users.id),
  profiles: await t.db.select().from(profiles).orderBy(profiles.id),
});

describe("hostile input", () => {
  it.each(routes)(
    "%s %s never answers a malformed body with a 5xx, and changes nothing",
    async (method, path) => {
      const before = await snapshot();
      for (const json of bodies) {
        const response = await call(t, path, { method, cookie, json });
        // Some of these happen to be acceptable (unknown fields are dropped); none may break the server.
        expect(response.status, `${JSON.stringify(json)?.slice(0, 60)} → ${response.text}`).toBeLessThan(500);
        if (response.status >= 400) {
          expect(typeof (response.data?.error?.message ?? response.data?.message)).toBe("string");
        }
      }
      const broken = await call(t, path, {
        method,
        cookie,
        body: "{not json",
        headers: { "content-type": "application/json" },
      });
      expect(broken.status).toBe(400);
      expect(await snapshot()).toEqual(before);
    },
  );

  it("speaks to children, not developers, when a field is missing or of the wrong kind", async () => {
    expect((await call(t, "/api/auth/sign-in/email", { json: {} })).data.error.message).toBe(
      "Please fill in your email.",
    );
    expect(
      (await call(t, "/api/profile", { method: "PATCH", cookie, json: { bio: 5 } })).data.error.message,
    ).toBe("Please check your bio.");
  });

  it("treats an empty profile update as no change", async () => {
    const before = await call(t, "/api/profile", { cookie });
    const response = await call(t, "/api/profile", { method: "PATCH", cookie, json: {} });
    expect(response.status).toBe(200);
    const after = await call(t, "/api/profile", { cookie });
    expect(after.data).toEqual(before.data);
    expect(response.data).toMatchObject({ username: before.data.username, bio: before.data.bio });
  });

  it("exposes only the account routes the app uses", async () => {
    for (const path of [
      "/api/auth/update-user",
      "/api/auth/list-sessions",
      "/api/auth/get-session",
      "/api/auth/delete-user",
    ]) {
      const response = await call(t, path, {
        method: path.endsWith("sessions") || path.endsWith("session") ? "GET" : "POST",
        cookie,
        json: path.includes("update") ? { name: "x" } : undefined,
      });
      expect(response.status, path).toBe(404);
    }
    const [count] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(users)
      .where(sql`${users.name} = 'x'`);
    expect(count?.n).toBe(0);
  });
});
