import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import {
  type AskEvent,
  askSchema,
  conversationListSchema,
  createFolderSchema,
  QNA_MAX_TOKENS,
  QNA_MESSAGES,
  QNA_TEMPERATURE,
  updateConversationSchema,
  updateFolderSchema,
} from "../../../core/schemas/qna";
import { AiError } from "../../adapters/ai/types";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { validate } from "../../http/validate";
import { checkQuestionMaster } from "../../shared/achievements";
import { guardWrite } from "../../shared/write-guard";
import { libraryAnswerer } from "./library-answerer";
import { buildQnaMessages } from "./prompt";
import {
  countQuestions,
  createFolder,
  deleteConversation,
  deleteFolder,
  finishAnswer,
  listConversations,
  listFolders,
  listMessages,
  startQuestion,
  updateConversation,
  updateFolder,
} from "./service";
import { needsTrustedAdult, TRUSTED_ADULT_ANSWER } from "./trusted-adult";

// Ids are checked by the service, so that a malformed one is "not found" (404) like another user's.
const idParams = z.object({ id: z.string().max(100) });
const PING_INTERVAL_MS = 15_000;

/** The AI helper (/qna), mounted at /api/qna: a signed-in reader's own folders, conversations and answers. */
export function qnaRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/folders", async (c) => c.json({ folders: await listFolders(c.var.deps.db, c.var.user.id) }))
    .post("/folders", validate("json", createFolderSchema), async (c) => {
      await guardWrite(c.var.deps, c.var.user.id, [c.req.valid("json").name]);
      return c.json(await createFolder(c.var.deps.db, c.var.user.id, c.req.valid("json")), 201);
    })
    .patch("/folders/:id", validate("param", idParams), validate("json", updateFolderSchema), async (c) => {
      await guardWrite(c.var.deps, c.var.user.id, [c.req.valid("json").name]);
      return c.json(
        await updateFolder(c.var.deps.db, c.var.user.id, c.req.valid("param").id, c.req.valid("json")),
      );
    })
    .delete("/folders/:id", validate("param", idParams), async (c) => {
      await deleteFolder(c.var.deps.db, c.var.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .get("/conversations", validate("query", conversationListSchema), async (c) => {
      return c.json(await listConversations(c.var.deps.db, c.var.user.id, c.req.valid("query")));
    })
    .patch(
      "/conversations/:id",
      validate("param", idParams),
      validate("json", updateConversationSchema),
      async (c) => {
        await guardWrite(c.var.deps, c.var.user.id, [c.req.valid("json").title]);
        return c.json(
          await updateConversation(
            c.var.deps.db,
            c.var.user.id,
            c.req.valid("param").id,
            c.req.valid("json"),
          ),
        );
      },
    )
    .delete("/conversations/:id", validate("param", idParams), async (c) => {
      await deleteConversation(c.var.deps.db, c.var.user.id, c.req.valid("param").id);
      return c.body(null, 204);
    })
    .get("/conversations/:id/messages", validate("param", idParams), async (c) =>
      c.json({ messages: await listMessages(c.var.deps.db, c.var.user.id, c.req.valid("param").id) }),
    )
    .post("/ask", validate("json", askSchema), async (c) => {
      const deps = c.var.deps;
      const userId = c.var.user.id;
      const { question, conversationId } = c.req.valid("json");
      // A child who needs a trusted adult gets the caring answer whatever a moderator or a mute would say.
      if (!needsTrustedAdult(question)) await guardWrite(deps, userId, [question]);
      // Refusals (someone else's conversation, an answer still being written) are JSON errors before the stream.
      const started = await startQuestion(deps.db, userId, question, conversationId);
      const conversation = started.conversation;
      return streamSSE(c, async (stream) => {
        const upstream = new AbortController();
        stream.onAbort(() => upstream.abort());
        c.req.raw.signal.addEventListener("abort", () => upstream.abort(), { once: true });
        const send = (event: AskEvent) => stream.writeSSE({ data: JSON.stringify(event) });
        const ping = setInterval(() => void send({ type: "ping" }).catch(() => {}), PING_INTERVAL_MS);
        let content = "";
        try {
          await send({
            type: "started",
            conversation,
            userMessageId: started.userMessageId,
            aiMessageId: started.aiMessageId,
          });
          try {
            for await (const text of answerPieces()) {
              if (upstream.signal.aborted) break;
              content += text;
              await send({ type: "delta", text });
            }
            if (!upstream.signal.aborted && !content.trim()) throw new AiError("No text generated", "empty");
          } catch (error) {
            if (!upstream.signal.aborted) {
              deps.logger.warn(
                { err: error, conversationId: conversation.id },
                "answering a question failed",
              );
              content = "";
            }
          }
          // A reader who leaves mid-answer keeps what had arrived; nothing at all is the failure text.
          const failed = !content.trim();
          const saved = failed ? QNA_MESSAGES.chatFailed : content;
          await finishAnswer(
            deps.db,
            conversation.id,
            started.aiMessageId,
            saved,
            failed ? "failed" : "done",
          );
          if (!upstream.signal.aborted) {
            await send(failed ? { type: "error", message: saved } : { type: "done", content: saved });
          }
          await checkQuestionMaster(deps, userId, await countQuestions(deps.db, userId));
        } catch (error) {
          deps.logger.error({ err: error, conversationId: conversation.id }, "saving an answer failed");
          await send({ type: "error", message: QNA_MESSAGES.chatFailed }).catch(() => {});
        } finally {
          clearInterval(ping);
        }

        /** Whatever provider is active, a question that needs a trusted adult gets the fixed caring answer. */
        async function* answerPieces(): AsyncIterable<string> {
          if (needsTrustedAdult(question)) {
            yield TRUSTED_ADULT_ANSWER;
            return;
          }
          const libraryText =
            deps.ai.text.provider === "library" ? (await libraryAnswerer()).answer(question).text : undefined;
          yield* deps.ai.text.stream(buildQnaMessages(started.history, question), {
            signal: upstream.signal,
            libraryText,
            temperature: QNA_TEMPERATURE,
            maxTokens: QNA_MAX_TOKENS,
          });
        }
      });
    });
}
