import { Hono } from "hono";
import { createAuth } from "./auth/auth";
import { authRoutes } from "./auth/routes";
import { createSessionCache } from "./auth/session-cache";
import { eventRoutes } from "./features/events/routes";
import { createFeedPageCache } from "./features/feed/page-cache";
import { adminDeleteRoutes, feedRoutes } from "./features/feed/routes";
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
import { noStoreApiAnswers } from "./http/no-store";
import { defaultBodyLimit, securityHeaders, trustedOrigin } from "./http/security";
import { serveWebApp } from "./http/web-app";
import { requireWriteActions } from "./shared/action";
import { createRateLimiter } from "./shared/rate-limit";

/** The HTTP app: middleware, feature routers and the built web app, on the services it is given. */
export function createApp(services: AppServices) {
  const { config, db, mailer, logger } = services;
  const rateLimiter = createRateLimiter(db, config.limits);
  const deps: AppDeps = {
    ...services,
    auth: createAuth({
      db,
      mailer,
      logger,
      appUrl: config.appUrl,
      secret: config.authSecret,
      adminEmails: config.adminEmails ?? [],
      rateLimiter,
    }),
    rateLimiter,
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
  app.use("/api/*", noStoreApiAnswers(), trustedOrigin(deps.config.appUrl), defaultBodyLimit());
  app.use("/api/*", requireWriteActions());
  app.route("/api", apiRoutes());
  app.all("/api/*", (c) => c.json(errorBody("not_found", "There is nothing here."), 404));
  app.route("/uploads", uploadRoutes());
  if (deps.config.webDistDir) serveWebApp(app, deps.config.webDistDir);
  return app;
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
