import { randomUUID } from "node:crypto";
import type { MiddlewareHandler } from "hono";
import type { Logger } from "pino";
import type { AppDeps, AppEnv } from "./app-env";
import { observeRequest } from "./metrics";
import { requestHeader } from "./request-header";
import { type PreparedHeaders, prepareHeaders, withDefaultHeaders } from "./response-headers";

// Every response carries an X-Request-Id, and every line logged while a request is handled carries the same id
// as `requestId`, so an operator can go from a user's report or a proxy's log to the server's lines about it.
//
// Why not pino's `mixin` over an AsyncLocalStorage: that would run a hook on every log call and keep an async
// context alive through every await of every request, paid by requests that log nothing (nearly all of them).
// Here a request costs one id and one small object; a child logger with the id is made only when the request
// actually logs something.

declare module "hono" {
  interface ContextVariableMap {
    /** This request's id, as sent back in X-Request-Id. */
    requestId: string;
  }
}

/**
 * An id the caller sent (a load balancer or proxy that made one) is kept when it is short and made of plain
 * characters (those of a UUID, hex or base64url), so it can go into logs as it is; anything else is replaced.
 */
const ACCEPTABLE_ID = /^[\w=-]{1,64}$/;

/** The caller's id when it is acceptable, otherwise a fresh random one. */
export function requestIdFrom(incoming: string | null | undefined): string {
  return incoming && ACCEPTABLE_ID.test(incoming) ? incoming : randomUUID();
}

const requestIdKey = Symbol("requestId");
const requestLoggerKey = Symbol("requestLogger");
type RequestScope = { [requestIdKey]: string; [requestLoggerKey]?: Logger };

/**
 * Gives, for a request id, a view of `services` that is the same in everything but its `logger`, which writes
 * the id on every line. The view inherits from `services` (nothing is copied), and its child logger is made on
 * first use, so a request that logs nothing pays for one small object. Background work a request starts
 * (mail, notifications) keeps the view, so its lines carry the id too.
 */
export function servicesPerRequest<S extends { logger: Logger }>(services: S): (requestId: string) => S {
  const base = services.logger;
  const shared = Object.create(services, {
    logger: {
      get(this: RequestScope): Logger {
        let logger = this[requestLoggerKey];
        if (!logger) {
          logger = base.child({ requestId: this[requestIdKey] });
          this[requestLoggerKey] = logger;
        }
        return logger;
      },
    },
  });
  return (requestId) => {
    const scoped = Object.create(shared) as S & RequestScope;
    scoped[requestIdKey] = requestId;
    return scoped;
  };
}

/**
 * The first middleware, and the only one every request meets: takes or makes the request id, sends it back in
 * X-Request-Id, hands the handlers the app's services with a logger that names the request (`c.var.deps`), and
 * puts `defaultHeaders(path)` on the answer (the security headers, no-store on the API's) unless the route sets
 * its own. With `timeRequests` (METRICS_TOKEN set) it also times the request for /metrics. One step for all of
 * it: each middleware is an async frame and a closure more on every request.
 */
export function requestContext(
  services: AppDeps,
  options: { timeRequests?: boolean; defaultHeaders?: (path: string) => PreparedHeaders } = {},
): MiddlewareHandler<AppEnv> {
  const forRequest = servicesPerRequest(services);
  const timeRequests = options.timeRequests === true;
  const none = prepareHeaders([]);
  const defaultHeaders = options.defaultHeaders ?? (() => none);
  return (c, next) => {
    const startedAt = timeRequests ? performance.now() : 0;
    const requestId = requestIdFrom(requestHeader(c, "x-request-id"));
    c.set("requestId", requestId);
    c.set("deps", forRequest(requestId));
    const handled = withDefaultHeaders(c, defaultHeaders(c.req.path), requestId, next);
    // Nothing to do after the route unless requests are timed: the route's own promise is returned, with no
    // async frame of this step's own around it, which every request would pay for.
    if (!timeRequests) return handled;
    return handled.then(() => observeRequest(c, startedAt));
  };
}
