import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./app-env";
import { errorBody } from "./errors";
import type { HeaderList } from "./response-headers";

const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

/**
 * The headers every response carries (issue 7, OWASP ASVS level 2), those of Hono's secureHeaders with our
 * policy (security.test.ts holds the two equal). Scripts come only from our own hashed bundles: no inline
 * script, no eval. Styles allow inline attributes because the dialog library positions its popovers with them;
 * a style cannot run code. Uploads are served from our own origin (even with S3 storage the server reads them
 * through), so images and media need nothing beyond 'self' and the blob: and data: URLs the screens make for
 * previews.
 */
export function securityHeaderList(appUrl: string): HeaderList {
  return [
    ["Content-Security-Policy", CONTENT_SECURITY_POLICY],
    ["Cross-Origin-Opener-Policy", "same-origin"],
    ["Cross-Origin-Resource-Policy", "same-origin"],
    ["Origin-Agent-Cluster", "?1"],
    ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
    ["Referrer-Policy", "strict-origin-when-cross-origin"],
    // Over plain http (a laptop, the test suite) HSTS would pin a browser to an https that is not there.
    ...(appUrl.startsWith("https://")
      ? ([["Strict-Transport-Security", "max-age=31536000; includeSubDomains"]] as const)
      : []),
    ["X-Content-Type-Options", "nosniff"],
    ["X-DNS-Prefetch-Control", "off"],
    ["X-Download-Options", "noopen"],
    ["X-Frame-Options", "DENY"],
    ["X-Permitted-Cross-Domain-Policies", "none"],
    ["X-XSS-Protection", "0"],
  ];
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests must come from the app's own pages. Browsers send Origin on every such fetch, and
 * Sec-Fetch-Site where Origin is missing; a request carrying neither is not from a browser page (a script, a
 * health probe, the test suite) and cannot ride on a child's cookies, so it passes to the session check.
 */
export function trustedOrigin(appUrl: string): MiddlewareHandler<AppEnv> {
  const allowed = new URL(appUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    const origin = c.req.header("origin");
    const fetchSite = c.req.header("sec-fetch-site");
    const foreign =
      origin !== undefined
        ? origin !== allowed
        : fetchSite !== undefined && fetchSite !== "same-origin" && fetchSite !== "none";
    if (foreign) {
      return c.json(errorBody("untrusted_origin", "This request came from another site."), 403);
    }
    return next();
  };
}

/** Every JSON body the API takes is a few kilobytes at most; this leaves room and reads no further. */
export const DEFAULT_BODY_MAX_BYTES = 64 * 1024;

/** The two upload routes set their own, larger limits next to their handlers. */
const UPLOAD_ROUTES = [/^\/api\/profile\/avatar$/, /^\/api\/groups\/[^/]+\/posts$/];

const tooLarge = (c: Context<AppEnv>) =>
  c.json(errorBody("body_too_large", "That request is too large."), 413);

/** A body limit on every API route, so that no route reads an unbounded body into memory. */
export function defaultBodyLimit(): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({ maxSize: DEFAULT_BODY_MAX_BYTES, onError: tooLarge });
  return async (c, next) => {
    // No GET handler reads a body; asking for one makes the node server build a full Request, a cost every
    // read would pay for nothing.
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.method === "POST" && UPLOAD_ROUTES.some((route) => route.test(c.req.path))) return next();
    // A declared length is judged by the header alone, as the body limit itself would, but before it asks for
    // the body: that would build the full Request too, and then the JSON is read through web streams. The
    // HTTP parser never passes more bytes than the length declared.
    const declared = c.req.header("content-length");
    if (declared !== undefined && c.req.header("transfer-encoding") === undefined)
      return Number(declared) > DEFAULT_BODY_MAX_BYTES ? tooLarge(c) : next();
    return limit(c, next);
  };
}
