import { Hono } from "hono";
import { createAuth } from "./auth/auth";
import { authRoutes } from "./auth/routes";
import { requireUser } from "./auth/session";
import { createSessionCache } from "./auth/session-cache";
import { bibleRoutes } from "./features/bible/routes";
import { eventRoutes } from "./features/events/routes";
import { familyRoutes } from "./features/family/routes";
import { createFeedPageCache } from "./features/feed/page-cache";
import { adminDeleteRoutes, feedRoutes } from "./features/feed/routes";
import { assignmentRoutes, groupRoutes } from "./features/groups/routes";
import { healthRoutes } from "./features/health/routes";
import { learningRoutes } from "./features/learning/routes";
import { memoryVerseRoutes } from "./features/memory-verses/routes";
import { leaderRoutes, reportRoutes } from "./features/moderation/routes";
import { notificationRoutes } from "./features/notifications/routes";
import { profileRoutes, unsubscribeRoutes } from "./features/profile/routes";
import { pushRoutes } from "./features/push/routes";
import { leaderQuestionRoutes, questionDraftRoutes } from "./features/qna/leader-routes";
import { qnaRoutes } from "./features/qna/routes";
import { speechRoutes } from "./features/speech/routes";
import { createStoryCatalogue } from "./features/stories/catalogue";
import { storyRoutes } from "./features/stories/routes";
import { uploadRoutes } from "./features/uploads/routes";
import type { AppDeps, AppEnv, AppServices } from "./http/app-env";
import { createErrorHandler, errorBody } from "./http/errors";
import { metricsEndpoint } from "./http/metrics";
import { NO_STORE_HEADERS } from "./http/no-store";
import { rememberedRouter } from "./http/remembered-router";
import { requestContext } from "./http/request-id";
import { prepareHeaders } from "./http/response-headers";
import { defaultBodyLimit, securityHeaderList, trustedOrigin } from "./http/security";
import { serveWebApp } from "./http/web-app";
import { requireWriteActions } from "./shared/action";
import { createRateLimiter } from "./shared/rate-limit";

/** Every method but GET, HEAD and OPTIONS (which change nothing): those the write checks apply to. */
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"];

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
    stories: createStoryCatalogue(db),
  };
  const app = new Hono<AppEnv>({ router: rememberedRouter() });
  app.onError(createErrorHandler(deps.logger));
  // One first step for every request: its id, the services whose logger writes it, its time for /metrics when
  // METRICS_TOKEN is set, and the security headers on every answer with no-store on the API's.
  const pageHeaders = prepareHeaders(securityHeaderList(deps.config.appUrl));
  const apiHeaders = prepareHeaders([...pageHeaders.list, ...NO_STORE_HEADERS]);
  app.use(
    "*",
    requestContext(deps, {
      timeRequests: Boolean(deps.config.metricsToken),
      defaultHeaders: (path) => (path.startsWith("/api/") ? apiHeaders : pageHeaders),
    }),
  );
  // Outside /api, so none of the API's middleware runs for a scrape.
  app.get("/metrics", metricsEndpoint(deps.config.metricsToken));
  // Only requests that may change something meet these; the router skips them for reads at no cost.
  app.on(
    WRITE_METHODS,
    "/api/*",
    trustedOrigin(deps.config.appUrl),
    defaultBodyLimit(),
    requireWriteActions(),
  );
  if (deps.config.benchRoutes)
    // A signed-in answer of `{}` after the whole chain: the bench's measure of what the chain costs.
    app.get("/api/bench/empty", requireUser, (c) => c.json({}));
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
      .route("/mail", unsubscribeRoutes())
      .route("/push", pushRoutes())
      .route("/stories", storyRoutes())
      .route("/groups", groupRoutes())
      // Home's 'This week's story' from every group of the reader's (issue 25).
      .route("/assignments", assignmentRoutes())
      // A group's feed; its paths (/posts, /comments) never meet the group routes' own.
      .route("/groups/:groupId", feedRoutes())
      .route("/groups/:groupId", adminDeleteRoutes())
      .route("/speech", speechRoutes())
      .route("/events", eventRoutes())
      .route("/notifications", notificationRoutes())
      .route("/qna", qnaRoutes())
      .route("/reports", reportRoutes())
      .route("/leader", leaderRoutes())
      // 'Ask a leader': the questions are the helper's (features/qna), answered on the leader page.
      .route("/leader/questions", leaderQuestionRoutes())
      .route("/leader/question-drafts", questionDraftRoutes())
      .route("/bible", bibleRoutes())
      .route("/memory-verses", memoryVerseRoutes())
      .route("/learning", learningRoutes())
      .route("/family", familyRoutes())
  );
}

export type ApiType = ReturnType<typeof apiRoutes>;
