import { Hono } from "hono";
import { dailyGoalSchema } from "../../../core/schemas/learning";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { readerDay } from "../../http/time-zone";
import { validate } from "../../http/validate";
import { setDailyGoal } from "./actions/set-daily-goal";
import { learningToday } from "./service";

/** The streak and the daily goal, mounted at /api/learning; the day is the reader's own. */
export function learningRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/today", async (c) => c.json(await learningToday(c.var.deps.db, c.var.user.id, readerDay(c).today)))
    .put("/goal", validate("json", dailyGoalSchema), async (c) => {
      await setDailyGoal.run(c.var.deps, c.var.user, c.req.valid("json"));
      return c.json(await learningToday(c.var.deps.db, c.var.user.id, readerDay(c).today));
    });
}
