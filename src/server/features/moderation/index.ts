// What the rest of the server may use of moderation: its routes, mounted by the app, and its scheduled jobs.

export { reportMailsJob } from "./report-mails";
export { leaderRoutes, reportRoutes } from "./routes";
export { weeklyDigestJob } from "./weekly-digest";
