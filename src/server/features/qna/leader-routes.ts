import { Hono } from "hono";
import { z } from "zod";
import { leaderQuestionListSchema, leaderReplySchema } from "../../../core/schemas/leader-questions";
import { requireRole, requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { addQuestionDraft } from "./actions/add-question-draft";
import { replyToQuestion } from "./actions/reply-to-question";
import { listLeaderQuestions, listQuestionBankDrafts } from "./leader-questions";

// Any string: the service checks the id, so that a malformed one is "not found" (404), never a 400 or a 500.
const questionParams = z.object({ id: z.string() });
const pageSchema = z.object({ cursor: z.string().max(200).optional() });

/**
 * The questions children sent with 'Ask a leader', mounted at /api/leader/questions. As on the other leader
 * routes, the role guard runs before the body is validated: someone who may not act learns nothing.
 */
export function leaderQuestionRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", requireRole("leader"), validate("query", leaderQuestionListSchema), async (c) =>
      c.json(await listLeaderQuestions(c.var.deps.db, c.req.valid("query"))),
    )
    .post(
      "/:id/reply",
      requireRole("leader"),
      validate("param", questionParams),
      validate("json", leaderReplySchema),
      async (c) => {
        const { question } = await replyToQuestion.run(c.var.deps, c.var.user, {
          questionId: c.req.valid("param").id,
          reply: c.req.valid("json").reply,
        });
        return c.json({ question });
      },
    )
    .post("/:id/draft", requireRole("leader"), validate("param", questionParams), async (c) =>
      c.json(
        {
          draft: await addQuestionDraft.run(c.var.deps, c.var.user, { questionId: c.req.valid("param").id }),
        },
        201,
      ),
    );
}

/** Leaders' answers offered to the question bank, waiting for review; mounted at /api/leader/question-drafts. */
export function questionDraftRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", requireRole("leader"), validate("query", pageSchema), async (c) =>
      c.json(await listQuestionBankDrafts(c.var.deps.db, c.req.valid("query").cursor)),
    );
}
