import { describe, expect, it, vi } from "vitest";
import { ApiError, api, failureMessage, timeZoneHeaders, unwrap } from "./api-client";

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

describe("failureMessage", () => {
  it("gives the server's own words, or the fallback when no answer came or it carried no message", async () => {
    const failure = (answer: Promise<Response>) => unwrap(answer).catch((error: unknown) => error);
    expect(
      failureMessage(await failure(response(400, { error: { message: "Invalid style" } })), "Fallback"),
    ).toBe("Invalid style");
    expect(failureMessage(await failure(response(500)), "Fallback")).toBe("Fallback");
    expect(failureMessage(await failure(Promise.reject(new TypeError("Failed to fetch"))), "Fallback")).toBe(
      "Fallback",
    );
    expect(failureMessage(new Error("not ours"), "Fallback")).toBe("Fallback");
  });
});

describe("the reader's day and time zone", () => {
  function stubFetch() {
    const requests: Headers[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(new Headers(init?.headers));
        return Response.json({ ok: true });
      }),
    );
    return requests;
  }

  it("sends the offset from UTC with every write of the typed client, read at each request", async () => {
    const requests = stubFetch();
    const offset = vi.spyOn(Date.prototype, "getTimezoneOffset").mockReturnValue(360);
    await api.profile.$patch({ json: { bio: "Hi" } });
    // The reader travels to a zone ahead of UTC without reloading the tab.
    offset.mockReturnValue(-540);
    await api.profile.$patch({ json: { bio: "Hi" } }, { init: { signal: new AbortController().signal } });

    expect(requests.map((headers) => headers.get("x-utc-offset"))).toEqual(["360", "-540"]);
    expect(requests[1]?.get("content-type")).toBe("application/json");
  });

  it("never asks for the zone's name on reads or writes, whose first look is a pause on a phone", async () => {
    const requests = stubFetch();
    const resolvedOptions = vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions");
    await api.profile.$get();
    await api.profile.$patch({ json: { bio: "Hi" } });

    expect(requests[0]?.has("x-utc-offset")).toBe(false);
    expect(requests.some((headers) => headers.has("x-time-zone"))).toBe(false);
    expect(resolvedOptions).not.toHaveBeenCalled();
  });

  it("names the zone for the settings kept by it, beside the offset", async () => {
    const requests = stubFetch();
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone: "America/Chicago" };
    });
    expect(timeZoneHeaders()).toEqual({ "x-time-zone": "America/Chicago" });
    await api.push["quiet-hours"].$put({ json: { start: 21, end: 7 } }, { headers: timeZoneHeaders() });

    expect(requests[0]?.get("x-time-zone")).toBe("America/Chicago");
    expect(requests[0]?.has("x-utc-offset")).toBe(true);
  });
});
