// What the rest of the server may use of moderation: its routes, mounted by the app.
export { leaderRoutes, reportRoutes } from "./routes";
