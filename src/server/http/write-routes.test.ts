import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { apiRoutes } from "../app";
import { type Action, defineAction, requireWriteActions, WRITES_WITHOUT_ACTION } from "../shared/action";
import { createTestLogger, takeErrorLogs } from "../test/error-logs";
import type { AppDeps, AppEnv } from "./app-env";

// Every write goes through an action (src/server/shared/action.ts), whose writer guard cannot be left out.
// These tests hold that in place: the check that catches a write route without an action, and a scan that
// keeps side effects (events, guards) out of the route files.

const featuresDir = join(import.meta.dirname, "..", "features");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [path] : [];
  });
}

/** A tiny app with the check, a fake logger and a rate limiter that lets everything through. */
function appWith(route: (app: Hono<AppEnv>) => void) {
  const deps = {
    logger: createTestLogger(),
    rateLimiter: { attempt: async () => {} },
    db: null,
    moderator: { check: async () => ({ allowed: true }) },
  } as unknown as AppDeps;
  const app = new Hono<AppEnv>();
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    c.set("user", { id: "u1", email: "u1@example.com", accountState: "active", permissions: null });
    await next();
  });
  app.use("/api/*", requireWriteActions());
  route(app);
  return { app };
}

const unguardedWrite: Action<{ text: string }, { ok: true }> = defineAction({
  name: "test/unguarded-write",
  authorise: async () => null,
  guard: { unguarded: "a test action" },
  write: async () => ({ ok: true as const }),
});

describe("write routes", () => {
  it("logs an error for a successful write that ran no action, and none for one that did", async () => {
    const { app } = appWith((app) =>
      app
        .post("/api/bypass", (c) => c.json({ ok: true }))
        .post("/api/through-an-action", async (c) =>
          c.json(await unguardedWrite.run(c.var.deps, c.var.user, { text: "" })),
        ),
    );
    expect((await app.request("/api/through-an-action", { method: "POST" })).status).toBe(200);
    expect(takeErrorLogs()).toEqual([]);

    expect((await app.request("/api/bypass", { method: "POST" })).status).toBe(200);
    expect(takeErrorLogs()).toEqual([
      expect.objectContaining({ msg: "a write route ran no action", method: "POST", path: "/api/bypass" }),
    ]);
  });

  it("leaves reads, refused writes and the listed exceptions alone", async () => {
    const { app } = appWith((app) =>
      app
        .get("/api/read", (c) => c.json({ ok: true }))
        .post("/api/refused", (c) => c.json({ error: "no" }, 403))
        .post("/api/auth/sign-out", (c) => c.json({ ok: true })),
    );
    expect((await app.request("/api/read")).status).toBe(200);
    expect((await app.request("/api/refused", { method: "POST" })).status).toBe(403);
    expect((await app.request("/api/auth/sign-out", { method: "POST" })).status).toBe(200);
    expect(takeErrorLogs()).toEqual([]);
  });

  it("runs the writer guard of every guarded action before its write", async () => {
    const written: string[] = [];
    const guarded = defineAction({
      name: "test/guarded-write",
      authorise: async () => null,
      guard: { texts: (input: { text: string }) => [input.text] },
      write: async (_deps, _actor, input) => {
        written.push(input.text);
        return input.text;
      },
    });
    const refusing = {
      moderator: { check: async () => ({ allowed: false, category: "profanity" }) },
      db: { select: () => ({ from: () => ({ where: async () => [{ mutedUntil: null }] }) }) },
    } as unknown as AppDeps;
    await expect(guarded.run(refusing, { id: "u1" }, { text: "a bad word" })).rejects.toMatchObject({
      status: 422,
    });
    expect(written).toEqual([]);
    expect(guarded.guarded).toBe(true);
    expect(unguardedWrite.guarded).toBe(false);
  });

  it("lists only exceptions that are routes of the app", () => {
    const paths = apiRoutes().routes.map((route) => `/api${route.path}`);
    for (const pattern of Object.keys(WRITES_WITHOUT_ACTION)) {
      const prefix = pattern.endsWith("/*") ? pattern.slice(0, -1) : pattern;
      expect(
        paths.some((path) => path.startsWith(prefix)),
        pattern,
      ).toBe(true);
    }
  });

  it("keeps events and the writer guard out of the route files: routes parse, actions write", () => {
    const routeFiles = sourceFiles(featuresDir).filter((file) =>
      /(^|[/\\])([a-z-]+-)?routes\.ts$/.test(file),
    );
    expect(routeFiles.length).toBeGreaterThan(8);
    const offenders = routeFiles.filter((file) =>
      /\.publish\(|guardWrite\(|rateLimiter\.|notify[A-Z]\w*\(/.test(readFileSync(file, "utf8")),
    );
    expect(offenders.map((file) => relative(featuresDir, file))).toEqual([]);
  });
});
