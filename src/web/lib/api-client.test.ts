import { describe, expect, it } from "vitest";
import { ApiError, unwrap } from "./api-client";

const response = (status: number, body?: unknown) =>
  Promise.resolve(new Response(body === undefined ? null : JSON.stringify(body), { status }));

describe("unwrap", () => {
  it("reads JSON, treats 204 as nothing, and turns errors into the server's message", async () => {
    expect(await unwrap(response(200, { ok: 1 }))).toEqual({ ok: 1 });
    expect(await unwrap(response(204))).toBeNull();
    await expect(unwrap(response(403, { error: { code: "x", message: "Nope" } }))).rejects.toEqual(
      new ApiError("Nope", 403, "x"),
    );
  });
});
