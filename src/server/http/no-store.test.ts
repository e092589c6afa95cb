import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, signUpUser, type TestApp } from "../test/harness";
import { openEventStream } from "../test/sse";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("Cache-Control on API answers", () => {
  it("is no-store on every JSON answer, errors included, and the event stream keeps its own", async () => {
    const user = await signUpUser(t);
    const answers = [
      ["health", await call(t, "/api/health"), 200],
      ["own profile", await call(t, "/api/profile", { cookie: user.cookie }), 200],
      ["groups", await call(t, "/api/groups", { cookie: user.cookie }), 200],
      ["signed out", await call(t, "/api/profile"), 401],
      ["bad input", await call(t, "/api/groups", { cookie: user.cookie, json: { name: "" } }), 400],
      [
        "another site",
        await call(t, "/api/groups", {
          cookie: user.cookie,
          json: { name: "x" },
          headers: { origin: "https://evil.test" },
        }),
        403,
      ],
      ["unknown group", await call(t, "/api/groups/nope", { cookie: user.cookie }), 404],
      ["no such route", await call(t, "/api/nothing-here"), 404],
      [
        "sign-in refused",
        await call(t, "/api/auth/sign-in/email", {
          json: { email: "nobody@lamplight.test", password: "wrong-one" },
        }),
        401,
      ],
    ] as const;
    for (const [what, response, status] of answers) {
      expect(response.status, what).toBe(status);
      expect(response.headers.get("content-type"), what).toMatch(/json/);
      expect(response.headers.get("cache-control"), what).toBe("no-store");
    }

    // The event stream keeps its own.
    const stream = await openEventStream(t, user.cookie);
    try {
      expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get("cache-control")).toBe("no-cache");
    } finally {
      await stream.close();
    }
  });
});
