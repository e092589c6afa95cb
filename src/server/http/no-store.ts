import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./app-env";
import { withDefaultHeaders } from "./response-headers";

const NO_STORE = [["Cache-Control", "no-store"]] as const;

/**
 * API answers are about one signed-in child at one moment: no browser, proxy or shared device keeps a copy
 * (issue 17). Every answer, errors included, says `no-store`, unless it chose its own caching (the event
 * stream, narration audio, a stored picture's revalidation).
 */
export function noStoreApiAnswers(): MiddlewareHandler<AppEnv> {
  return (c, next) => withDefaultHeaders(c, NO_STORE, next);
}
