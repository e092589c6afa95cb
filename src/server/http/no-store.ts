import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";

/**
 * API answers are about one signed-in child at one moment: no browser, proxy or shared device keeps a copy
 * (issue 17). Every JSON answer, errors included, says `no-store`; an answer that chose its own caching (the
 * event stream, narration audio) keeps it, and one that said nothing is not kept either.
 */
export function noStoreApiAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    if (type.startsWith("text/event-stream")) return;
    if (type.includes("json") || !c.res.headers.has("cache-control")) c.header("Cache-Control", "no-store");
  };
}
