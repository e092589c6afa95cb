import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { profiles } from "../db/schema";
import { call, createTestApp, signUpUser, TEST_APP_URL, type TestApp } from "../test/harness";
import { createAppServer } from "./response-headers";
import { DEFAULT_BODY_MAX_BYTES, securityHeaderList } from "./security";

let t: TestApp;
let user: Awaited<ReturnType<typeof signUpUser>>;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUpUser(t);
});
afterAll(() => t.close());

/** Parses a CSP header into its directives. */
function directives(csp: string | null) {
  return new Map(
    (csp ?? "")
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe("security headers", () => {
  it.each([
    ["an API answer", "/api/health"],
    ["an API refusal", "/api/profile"],
    ["an unknown API path", "/api/nothing-here"],
  ])("are on %s", async (_, path) => {
    const response = await call(t, path);
    const csp = directives(response.headers.get("content-security-policy"));
    expect(csp.get("script-src")).toEqual(["'self'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("base-uri")).toEqual(["'none'"]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    for (const [name, values] of csp) {
      if (name.startsWith("script")) expect(values).not.toContain("'unsafe-inline'");
      expect(values).not.toContain("'unsafe-eval'");
    }
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toBe("camera=(), microphone=(), geolocation=()");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    // Served over plain http here: HSTS would pin browsers to an https that does not exist.
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("add HSTS when the app is served over https", () => {
    const headers = new Map(securityHeaderList("https://lamplight.example.org"));
    expect(headers.get("Strict-Transport-Security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("leave an upload's own sandbox policy in place", async () => {
    const response = await call(t, "/uploads/user-uploads/none/avatar/1.png");
    expect(response.status).toBe(404);
    // The user's own picture, which only a signed-in viewer who may see it is sent (src/server/features/uploads).
    const key = `user-uploads/${user.id}/avatar/1.png`;
    await t.storage.put(key, new Uint8Array([1, 2, 3]), "image/png");
    await t.db
      .update(profiles)
      .set({ avatarUrl: `/uploads/${key}` })
      .where(eq(profiles.id, user.id));
    const served = await call(t, `/uploads/${key}`, { cookie: user.cookie });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("security headers served by Node", () => {
  /** The test app behind the server main.ts starts, where the headers go onto Node's own response. */
  let baseUrl: string;
  let server: Server;
  beforeAll(async () => {
    server = createAppServer(t.app.fetch);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("are Hono's secureHeaders with our policy, none dropped or changed", async () => {
    const { Hono } = await import("hono");
    const { secureHeaders } = await import("hono/secure-headers");
    for (const appUrl of ["http://localhost:3000", "https://lamplight.example.org"]) {
      const reference = new Hono()
        .use(
          secureHeaders({
            contentSecurityPolicy: Object.fromEntries(
              [...directives(securityHeaderList(appUrl)[0]?.[1] ?? "")].map(([name, values]) => [
                name.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()),
                values,
              ]),
            ),
            referrerPolicy: "strict-origin-when-cross-origin",
            strictTransportSecurity: appUrl.startsWith("https://")
              ? "max-age=31536000; includeSubDomains"
              : false,
            permissionsPolicy: { camera: [], microphone: [], geolocation: [] },
            crossOriginResourcePolicy: "same-origin",
            xFrameOptions: "DENY",
          }),
        )
        .get("/", (c) => c.body(null));
      const expected = [...(await reference.request("/")).headers].sort();
      const ours = securityHeaderList(appUrl)
        .map(([name, value]) => [name.toLowerCase(), value])
        .sort();
      expect(ours).toEqual(expected);
    }
  });

  it.each([
    ["a JSON answer", "/api/health", "no-store"],
    ["a refusal", "/api/profile", "no-store"],
    ["an unknown API path", "/api/nothing-here", "no-store"],
  ])("are on %s, with no-store", async (_, path, cacheControl) => {
    const response = await fetch(`${baseUrl}${path}`);
    for (const [name, value] of securityHeaderList(TEST_APP_URL))
      expect(response.headers.get(name), name).toBe(value);
    expect(response.headers.get("cache-control")).toBe(cacheControl);
  });

  it("leave an upload its own sandbox policy and caching", async () => {
    const key = `user-uploads/${user.id}/avatar/2.png`;
    await t.storage.put(key, new Uint8Array([1, 2, 3]), "image/png");
    await t.db
      .update(profiles)
      .set({ avatarUrl: `/uploads/${key}` })
      .where(eq(profiles.id, user.id));
    const served = await fetch(`${baseUrl}/uploads/${key}`, { headers: { cookie: user.cookie } });
    expect(served.status).toBe(200);
    expect(served.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(served.headers.get("x-frame-options")).toBe("DENY");
    expect(served.headers.get("cache-control")).toBe("private, no-cache");
  });

  it("leave the event stream its own caching", async () => {
    const controller = new AbortController();
    const response = await fetch(`${baseUrl}/api/events`, {
      headers: { cookie: user.cookie },
      signal: controller.signal,
    });
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    controller.abort();
  });
});

describe("session cookies", () => {
  it("are HttpOnly and SameSite=Lax, and not Secure over plain http", async () => {
    const response = await call(t, "/api/auth/sign-in/email", {
      json: { email: user.email, password: user.password },
    });
    expect(response.status).toBe(200);
    const cookies = response.headers.getSetCookie().filter((cookie) => cookie.includes("session_token"));
    expect(cookies.length).toBeGreaterThan(0);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/;\s*HttpOnly/i);
      expect(cookie).toMatch(/;\s*SameSite=Lax/i);
      expect(cookie).not.toMatch(/;\s*Secure/i);
    }
  });
});

describe("state-changing requests from another site", () => {
  const bio = "Written by a foreign page";
  const change = (headers: Record<string, string>) =>
    call(t, "/api/profile", { method: "PATCH", cookie: user.cookie, json: { bio }, headers });
  const currentBio = async () => (await call(t, "/api/profile", { cookie: user.cookie })).data.bio;

  it.each([
    ["a foreign Origin", { origin: "https://evil.example" }],
    ["a look-alike Origin", { origin: `${TEST_APP_URL}.evil.example` }],
    ["the string null", { origin: "null" }],
    ["only Sec-Fetch-Site: cross-site", { origin: "", "sec-fetch-site": "cross-site" }],
    ["only Sec-Fetch-Site: same-site", { origin: "", "sec-fetch-site": "same-site" }],
  ])("are refused with %s, and change nothing", async (_, headers) => {
    const cleaned = Object.fromEntries(Object.entries(headers).filter(([, value]) => value !== ""));
    const response = await t.app.request(`${TEST_APP_URL}/api/profile`, {
      method: "PATCH",
      headers: { cookie: user.cookie, "content-type": "application/json", ...cleaned },
      body: JSON.stringify({ bio }),
    });
    expect(response.status).toBe(403);
    expect((await response.json()).error.message).toBe("This request came from another site.");
    expect(await currentBio()).not.toBe(bio);
  });

  it("pass from the app's own origin", async () => {
    const response = await change({});
    expect(response.status).toBe(200);
    expect(await currentBio()).toBe(bio);
  });

  it("leave reading alone whatever the origin", async () => {
    const response = await call(t, "/api/profile", {
      cookie: user.cookie,
      headers: { origin: "https://evil.example" },
    });
    expect(response.status).toBe(200);
  });
});

describe("body limits", () => {
  it("refuse a JSON body above the default limit without reading it", async () => {
    const response = await call(t, "/api/profile", {
      method: "PATCH",
      cookie: user.cookie,
      body: JSON.stringify({ bio: "a".repeat(DEFAULT_BODY_MAX_BYTES) }),
      headers: { "content-type": "application/json" },
    });
    expect(response.status).toBe(413);
    expect(response.data.error.message).toBe("That request is too large.");
  });

  it("judge a declared length by the header alone, before the body is read", async () => {
    const body = JSON.stringify({ bio: "Reading Ruth this week." });
    const patch = (length: number) =>
      call(t, "/api/profile", {
        method: "PATCH",
        cookie: user.cookie,
        body,
        headers: { "content-type": "application/json", "content-length": String(length) },
      });
    const refused = await patch(DEFAULT_BODY_MAX_BYTES + 1);
    expect(refused.status).toBe(413);
    expect(refused.data.error.message).toBe("That request is too large.");
    expect((await call(t, "/api/profile", { cookie: user.cookie })).data.bio).not.toBe(
      "Reading Ruth this week.",
    );
    const accepted = await patch(Buffer.byteLength(body));
    expect(accepted.status).toBe(200);
    expect(accepted.data.bio).toBe("Reading Ruth this week.");
  });

  it("let the upload routes keep their own larger limits", async () => {
    const form = new FormData();
    form.set(
      "file",
      new File([new Uint8Array(DEFAULT_BODY_MAX_BYTES * 2)], "big.png", { type: "image/png" }),
    );
    const response = await call(t, "/api/profile/avatar", { cookie: user.cookie, body: form });
    // Read and judged as an image (not an image at all), not cut off by the default limit.
    expect(response.status).toBe(400);
  });
});
