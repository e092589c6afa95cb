import { Hono } from "hono";
import { isDatabaseReachable } from "../../db/client";
import type { AppEnv } from "../../http/app-env";

export function healthRoutes() {
  return new Hono<AppEnv>().get("/", async (c) => {
    const database = await isDatabaseReachable(c.var.deps.db);
    return c.json({ status: database ? "ok" : "unavailable", database }, database ? 200 : 503);
  });
}
