import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { Logger } from "pino";
import { MESSAGES } from "../../core/messages";
import { isDatabaseUnavailable } from "../db/errors";

/** The one error type of the API. `message` is shown to a child, so it is short, kind and never technical. */
export class AppError extends Error {
  readonly code: string;
  readonly status: ContentfulStatusCode;
  constructor(code: string, status: ContentfulStatusCode, message: string) {
    // An answer, not a fault: nobody reads its stack, and capturing one was a good part of what a 401 cost.
    const stackTraceLimit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = stackTraceLimit;
    this.code = code;
    this.status = status;
  }
}

export type ErrorBody = { error: { code: string; message: string } };

export function errorBody(code: string, message: string): ErrorBody {
  return { error: { code, message } };
}

/** What Hono's own refusals say: a too-large body, a cross-site form post (csrf), anything unreadable. */
const unreadable: [code: string, message: string] = ["bad_request", "That request could not be read."];
const frameworkErrors: Record<number, [code: string, message: string]> = {
  403: ["forbidden", "This request came from another site."],
  413: ["too_large", "That is too big to send."],
};

/** Turns anything thrown into `{ error: { code, message } }`; only unexpected errors are 500 and logged. */
export function createErrorHandler(logger: Logger) {
  return (error: Error, c: Context) => {
    if (error instanceof AppError) return c.json(errorBody(error.code, error.message), error.status);
    if (error instanceof HTTPException) {
      // Raised by Hono itself for malformed requests (bad JSON, body too large…): still the user's input.
      const [code, message] = frameworkErrors[error.status] ?? unreadable;
      return c.json(errorBody(code, message), error.status);
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or failover: the load balancer and the screens may try again in a moment.
      logger.warn({ err: error, path: c.req.path, requestId: c.get("requestId") }, "database unavailable");
      c.header("Retry-After", "2");
      return c.json(errorBody("unavailable", MESSAGES.somethingWentWrong), 503);
    }
    logger.error({ err: error, path: c.req.path, requestId: c.get("requestId") }, "unhandled error");
    return c.json(errorBody("internal", MESSAGES.somethingWentWrong), 500);
  };
}
