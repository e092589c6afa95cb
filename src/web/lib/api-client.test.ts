import { describe, expect, it, vi } from "vitest";
import { ApiError, api, apiHeaders, failureMessage, unwrap } from "./api-client";

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

describe("the reader's time zone", () => {
  /** Pretends the browser is set to a zone, whatever zone the tests run in; returns a way to move it. */
  function browserZone(initial: string) {
    let timeZone = initial;
    const resolved = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (
      this: Intl.DateTimeFormat,
    ) {
      return { ...resolved.call(this), timeZone };
    });
    return (zone: string) => {
      timeZone = zone;
    };
  }

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

  it("goes with every write of the typed client, alongside the request's own options", async () => {
    browserZone("America/Chicago");
    const requests = stubFetch();
    await api.profile.$patch({ json: { bio: "Hi" } });
    await api.profile.$patch({ json: { bio: "Hi" } }, { init: { signal: new AbortController().signal } });

    expect(requests.map((headers) => headers.get("x-time-zone"))).toEqual([
      "America/Chicago",
      "America/Chicago",
    ]);
    expect(requests[1]?.get("content-type")).toBe("application/json");
  });

  it("is left out of reads, which the page makes as it loads", async () => {
    browserZone("America/Chicago");
    const requests = stubFetch();
    const resolvedOptions = vi.mocked(Intl.DateTimeFormat.prototype.resolvedOptions);
    resolvedOptions.mockClear();
    await api.profile.$get();

    expect(requests[0]?.has("x-time-zone")).toBe(false);
    expect(resolvedOptions).not.toHaveBeenCalled();
  });

  it("is read at each request, and offered to raw fetch callers", async () => {
    const requests = stubFetch();
    const travelTo = browserZone("Asia/Tokyo");
    await api.profile.$patch({ json: { bio: "Hi" } });
    expect(apiHeaders()).toEqual({ "x-time-zone": "Asia/Tokyo" });

    travelTo("Europe/London");
    await api.profile.$patch({ json: { bio: "Hi" } });
    expect(requests.map((headers) => headers.get("x-time-zone"))).toEqual(["Asia/Tokyo", "Europe/London"]);
  });
});
