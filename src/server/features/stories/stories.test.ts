import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { loadLibrary } from "./library";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("story library", () => {
  it("has at least 16 valid stories with difficulty 1 to 5", async () => {
    const library = await loadLibrary();
    expect(library.length).toBeGreaterThanOrEqual(16);
    expect(new Set(library.map((story) => story.slug)).size).toBe(library.length);
    expect(new Set(library.map((story) => story.difficulty))).toEqual(new Set([1, 2, 3, 4, 5]));
  });
});

describe("GET /api/stories", () => {
  it("lists the seeded catalogue ordered by difficulty", async () => {
    const user = await signUpUser(t);
    const response = await call(t, "/api/stories", { cookie: user.cookie });
    expect(response.status).toBe(200);
    expect(response.data.length).toBeGreaterThanOrEqual(16);
    const difficulties = response.data.map((story: { difficulty: number }) => story.difficulty);
    expect(difficulties).toEqual([...difficulties].sort((a, b) => a - b));
    expect(response.data[0]).toMatchObject({
      slug: expect.any(String),
      title: expect.any(String),
      blurb: expect.any(String),
    });
  });

  it("refuses a visitor", async () => {
    expect((await call(t, "/api/stories")).status).toBe(401);
  });
});
