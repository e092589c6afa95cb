import type { MiddlewareHandler } from "hono";
import { routePath } from "hono/route";
import type { AppDeps, AppEnv } from "../http/app-env";
import type { LimitName } from "./rate-limit";
import { guardWrite } from "./write-guard";

// Every write a user makes is one action: authorise → guard the writer → write → announce. Routes only parse
// the request, run the action and shape the answer, so the order of those steps (and the guard above all)
// lives in one place instead of in each handler, where a new route could forget it.

/** Who is writing: the signed-in user. */
export type Actor = { id: string };

/**
 * The writer guard of an action. `texts` are what the user wrote: the writer must not be muted, and each text
 * must pass moderation (`texts: () => []` checks the mute alone). `rate` is the per-user limit the write
 * counts against, counted first and atomically, so parallel writes let exactly the limit through. An action
 * that needs no guard says why in `unguarded`; there is no way to leave the guard out by forgetting it.
 */
export type WriterGuard<Input> =
  | { rate?: LimitName; texts: (input: Input) => (string | null | undefined)[] }
  | { rate?: LimitName; unguarded: string };

export type ActionSpec<Input, Allowed, Output> = {
  /** Names the action in logs and in the write-route check (`features/<name>/actions/<file>` by convention). */
  name: string;
  /** May this actor do it? Loads what the write needs (the group, the post…) or throws a 403/404 AppError. */
  authorise: (deps: AppDeps, actor: Actor, input: Input) => Promise<Allowed>;
  guard: WriterGuard<Input>;
  /** The write itself, in one transaction where it takes more than one statement. */
  write: (deps: AppDeps, actor: Actor, input: Input, allowed: Allowed) => Promise<Output>;
  /** What others hear of it once it is stored: events on the bus (the catalogue in src/core/events.ts), notifications. */
  announce?: (
    deps: AppDeps,
    output: Output,
    context: { actor: Actor; input: Input; allowed: Allowed },
  ) => Promise<void>;
};

export type Action<Input, Output> = {
  readonly name: string;
  readonly guarded: boolean;
  run(deps: AppDeps, actor: Actor, input: Input): Promise<Output>;
};

/**
 * The services views that an action ran with: `requireWriteActions` gives each write request its own view, and
 * finds it here afterwards. (An AsyncLocalStorage would do the same, but once used it puts a hook on every
 * promise of every request, reads included.)
 */
const ranAnAction = new WeakSet<AppDeps>();

export function defineAction<Input, Allowed, Output>(
  spec: ActionSpec<Input, Allowed, Output>,
): Action<Input, Output> {
  const { guard } = spec;
  return {
    name: spec.name,
    guarded: "texts" in guard,
    async run(deps, actor, input) {
      ranAnAction.add(deps);
      const allowed = await spec.authorise(deps, actor, input);
      if (guard.rate) await deps.rateLimiter.attempt(guard.rate, actor.id);
      if ("texts" in guard) await guardWrite(deps, actor.id, guard.texts(input));
      const output = await spec.write(deps, actor, input, allowed);
      await spec.announce?.(deps, output, { actor, input, allowed });
      return output;
    },
  };
}

/**
 * The routes that change something without an action, each with the reason. Everything else that is not a
 * GET, HEAD or OPTIONS must run an action; `requireWriteActions` logs an error for one that does not, and the
 * test suite fails on any error log, so a write route that bypasses its action cannot land.
 */
export const WRITES_WITHOUT_ACTION: Record<string, string> = {
  "/api/auth/*":
    "accounts: sign-up, sign-in and passwords are Better Auth's writes, each limited in auth/routes.ts",
  "/api/events": "opening the live stream writes nothing",
  "/api/family/links/preview": "reads what a consent link is about (a POST so the token stays out of URLs)",
};

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

function exempt(path: string) {
  return Object.keys(WRITES_WITHOUT_ACTION).some((pattern) =>
    pattern.endsWith("/*") ? path.startsWith(pattern.slice(0, -1)) : path === pattern,
  );
}

/**
 * Watches every successful write request: if it ran no action (and is not one of WRITES_WITHOUT_ACTION), it
 * bypassed the writer guard, and that is logged as an error for the tests to catch.
 */
export function requireWriteActions(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (READS.has(c.req.method)) return next();
    const view = Object.create(c.var.deps) as AppDeps;
    c.set("deps", view);
    await next();
    // After next(), the route index is the handler that answered; its pattern names the route.
    const path = routePath(c);
    if (c.res.status < 400 && !ranAnAction.has(view) && !exempt(path)) {
      c.var.deps.logger.error({ method: c.req.method, path }, "a write route ran no action");
    }
  };
}
