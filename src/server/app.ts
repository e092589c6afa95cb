import { existsSync } from "node:fs";
import { join } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createAuth } from "./auth/auth";
import { createRateLimiter } from "./auth/rate-limit";
import { authRoutes } from "./auth/routes";
import { createSessionCache } from "./auth/session-cache";
import { eventRoutes } from "./features/events/routes";
import { adminDeleteRoutes } from "./features/feed/admin-delete";
import { createFeedPageCache } from "./features/feed/page-cache";
import { feedRoutes } from "./features/feed/routes";
import { groupRoutes } from "./features/groups/routes";
import { healthRoutes } from "./features/health/routes";
import { leaderRoutes, reportRoutes } from "./features/moderation/routes";
import { notificationRoutes } from "./features/notifications/routes";
import { profileRoutes } from "./features/profile/routes";
import { qnaRoutes } from "./features/qna/routes";
import { speechRoutes } from "./features/speech/routes";
import { storyRoutes } from "./features/stories/routes";
import { uploadRoutes } from "./features/uploads/routes";
import type { AppDeps, AppEnv, AppServices } from "./http/app-env";
import { createErrorHandler, errorBody } from "./http/errors";
import { createIndexHtml } from "./http/preload-hints";
import { defaultBodyLimit, securityHeaders, trustedOrigin } from "./http/security";

/** The HTTP app: middleware, feature routers and the built web app, on the services it is given. */
export function createApp(services: AppServices) {
  const { config, db, mailer, logger } = services;
  const deps: AppDeps = {
    ...services,
    auth: createAuth({
      db,
      mailer,
      logger,
      appUrl: config.appUrl,
      secret: config.authSecret,
      adminEmails: config.adminEmails ?? [],
    }),
    rateLimiter: createRateLimiter(db),
    sessions: createSessionCache(),
    feedPages: createFeedPageCache(),
  };
  const app = new Hono<AppEnv>();
  app.onError(createErrorHandler(deps.logger));
  app.use("*", async (c, next) => {
    c.set("deps", deps);
    await next();
  });
  app.use("*", securityHeaders(deps.config.appUrl));
  app.use("/api/*", trustedOrigin(deps.config.appUrl), defaultBodyLimit());
  app.route("/api", apiRoutes());
  app.all("/api/*", (c) => c.json(errorBody("not_found", "There is nothing here."), 404));
  app.route("/uploads", uploadRoutes());
  if (deps.config.webDistDir) serveWebApp(app, deps.config.webDistDir);
  return app;
}

/** Better Auth's session cookie, named with our prefix (and `__Secure-` over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?lamplight\.session_token=/;

/** Hashed assets are cached for a year; every other path gets the single-page app's index.html. */
function serveWebApp(app: Hono<AppEnv>, distDir: string) {
  const indexFile = join(distDir, "index.html");
  if (!existsSync(indexFile)) throw new Error(`web build missing: ${indexFile}`);
  const indexHtmlFor = createIndexHtml(distDir);
  app.use("/assets/*", compress(), async (c, next) => {
    await next();
    if (c.res.ok) c.header("Cache-Control", "public, max-age=31536000, immutable");
  });
  app.use("*", serveStatic({ root: distDir }));
  app.get("*", compress(), (c) => {
    c.header("Cache-Control", "no-cache");
    // Only whether a session cookie is there: the page is the same either way, the hints are not.
    c.header("Vary", "Cookie");
    return c.html(indexHtmlFor(c.req.path, SESSION_COOKIE.test(c.req.header("cookie") ?? "")));
  });
}

/** The /api routes; their type drives the web's typed client (`hc<ApiType>`). */
export function apiRoutes() {
  return (
    new Hono<AppEnv>()
      .route("/health", healthRoutes())
      .route("/auth", authRoutes())
      .route("/profile", profileRoutes())
      .route("/stories", storyRoutes())
      .route("/groups", groupRoutes())
      // A group's feed; its paths (/posts, /comments) never meet the group routes' own.
      .route("/groups/:groupId", feedRoutes())
      .route("/groups/:groupId", adminDeleteRoutes())
      .route("/speech", speechRoutes())
      .route("/events", eventRoutes())
      .route("/notifications", notificationRoutes())
      .route("/qna", qnaRoutes())
      .route("/reports", reportRoutes())
      .route("/leader", leaderRoutes())
  );
}

export type ApiType = ReturnType<typeof apiRoutes>;
