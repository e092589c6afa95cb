import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe("GET /api/health", () => {
  it("answers 200 while the database is reachable", async () => {
    const response = await call(t, "/api/health");
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ status: "ok", database: true });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const response = await call(t, "/api/nothing-here");
    expect(response.status).toBe(404);
    expect(response.data.error.code).toBe("not_found");
  });

  it("answers 503, not a crash, once the database is gone", async () => {
    await t.database.close();
    const response = await call(t, "/api/health");
    expect(response.status).toBe(503);
    expect(response.data).toEqual({ status: "unavailable", database: false });
  });
});
