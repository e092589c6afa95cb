import { Hono } from "hono";
import { z } from "zod";
import { askLeaderSchema } from "../../../core/schemas/leader-questions";
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
import { requireAllowedByParent, requireUser } from "../../auth/session";
import type { Database } from "../../db/client";
import type { AppEnv } from "../../http/app-env";
import { streamAnswer } from "../../http/sse";
import { validate } from "../../http/validate";
import { type GuardedOutput, streamGuarded } from "../../shared/ai-guardrails";
import { unknownVerseReferences } from "../bible";
import { askLeader } from "./actions/ask-leader";
import { askQuestion } from "./actions/ask-question";
import { createFolder } from "./actions/create-folder";
import { deleteConversation } from "./actions/delete-conversation";
import { deleteFolder } from "./actions/delete-folder";
import { updateConversation } from "./actions/update-conversation";
import { updateFolder } from "./actions/update-folder";
import { buildQnaMessages, groundingFor } from "./prompt";
import { offlineHelper, questionBank } from "./question-bank";
import { listConversations, listFolders, listMessages, readerOf } from "./service";
import { TRUSTED_ADULT_ANSWER } from "./trusted-adult";

// Ids are checked by the service, so that a malformed one is "not found" (404) like another user's.
const idParams = z.object({ id: z.string().max(100) });
const PING_INTERVAL_MS = 15_000;

/** The offline helper's answer for this reader, and the bank entry it comes from (null for a story or none). */
async function reviewedAnswer(db: Database, userId: string, question: string) {
  const [helper, reader] = await Promise.all([offlineHelper(), readerOf(db, userId)]);
  const answer = helper.answer(question, { reader });
  const source = answer.source;
  const entry =
    source?.kind === "bank" ? (questionBank().find((item) => item.id === source.id) ?? null) : null;
  return { answer, entry, reader };
}

/** The AI helper (/qna), mounted at /api/qna: a signed-in reader's own folders, conversations and answers. */
export function qnaRoutes() {
  return (
    new Hono<AppEnv>()
      .use(requireUser)
      // A child whose parent switched the 'AI helper' off reaches none of it (issue 24).
      .use(requireAllowedByParent("aiHelper"))
      .get("/folders", async (c) => c.json({ folders: await listFolders(c.var.deps.db, c.var.user.id) }))
      .post("/folders", validate("json", createFolderSchema), async (c) =>
        c.json(await createFolder.run(c.var.deps, c.var.user, c.req.valid("json")), 201),
      )
      .patch("/folders/:id", validate("param", idParams), validate("json", updateFolderSchema), async (c) =>
        c.json(
          await updateFolder.run(c.var.deps, c.var.user, {
            folderId: c.req.valid("param").id,
            changes: c.req.valid("json"),
          }),
        ),
      )
      .delete("/folders/:id", validate("param", idParams), async (c) => {
        await deleteFolder.run(c.var.deps, c.var.user, { folderId: c.req.valid("param").id });
        return c.body(null, 204);
      })
      .get("/conversations", validate("query", conversationListSchema), async (c) => {
        return c.json(await listConversations(c.var.deps.db, c.var.user.id, c.req.valid("query")));
      })
      .patch(
        "/conversations/:id",
        validate("param", idParams),
        validate("json", updateConversationSchema),
        async (c) =>
          c.json(
            await updateConversation.run(c.var.deps, c.var.user, {
              conversationId: c.req.valid("param").id,
              changes: c.req.valid("json"),
            }),
          ),
      )
      .delete("/conversations/:id", validate("param", idParams), async (c) => {
        await deleteConversation.run(c.var.deps, c.var.user, { conversationId: c.req.valid("param").id });
        return c.body(null, 204);
      })
      .get("/conversations/:id/messages", validate("param", idParams), async (c) =>
        c.json({ messages: await listMessages(c.var.deps.db, c.var.user.id, c.req.valid("param").id) }),
      )
      .post(
        "/conversations/:id/ask-leader",
        validate("param", idParams),
        validate("json", askLeaderSchema),
        async (c) => {
          const message = await askLeader.run(c.var.deps, c.var.user, {
            conversationId: c.req.valid("param").id,
            answerId: c.req.valid("json").answerId,
          });
          return c.json({ message }, 201);
        },
      )
      .post("/ask", validate("json", askSchema), async (c) => {
        const deps = c.var.deps;
        const { question } = c.req.valid("json");
        // Every refusal is a JSON error before the stream; what is left is to answer into the saved message,
        // which the action's finish step stores.
        const started = await askQuestion.run(deps, c.var.user, c.req.valid("json"));
        const { conversation, risky } = started;
        // The reviewed answer for this reader: what the library provider streams, the AI's grounding, and the
        // answer that stands in for an AI answer citing a verse outside the bank and the library.
        // Made on first need only: a question that needs a trusted adult never asks for it.
        let offlineAnswer: ReturnType<typeof reviewedAnswer> | undefined;
        const reviewed = () => {
          offlineAnswer ??= reviewedAnswer(deps.db, c.var.user.id, question);
          return offlineAnswer;
        };
        return streamAnswer<AskEvent>(
          c,
          { ping: { type: "ping" }, pingMs: PING_INTERVAL_MS },
          async ({ send, signal: left }) => {
            try {
              await send({
                type: "started",
                conversation,
                userMessageId: started.userMessageId,
                aiMessageId: started.aiMessageId,
              });
              let content = "";
              /** Everything the AI wrote when moderation stopped it, for the leaders' flag; null when it passed. */
              let withheld: string | null = null;
              try {
                const outcome = risky
                  ? await fixedAnswer()
                  : await streamGuarded(aiPieces(), {
                      moderator: deps.moderator,
                      signal: left,
                      forward: (text) => send({ type: "delta", text }),
                    });
                if (outcome.status === "withheld") withheld = outcome.text;
                else if (outcome.status === "aborted") {
                  // A reader who leaves mid-answer keeps what had arrived, once it has passed the whole check too.
                  const verdict = outcome.text.trim()
                    ? await deps.moderator.check(outcome.text)
                    : ({ allowed: true } as const);
                  if (verdict.allowed) content = outcome.text;
                  else withheld = outcome.text;
                } else {
                  if (!outcome.text.trim()) throw new AiError("No text generated", "empty");
                  content = await onlyKnownVerses(outcome.text);
                }
              } catch (error) {
                if (!left.aborted) {
                  deps.logger.warn(
                    { err: error, conversationId: conversation.id },
                    "answering a question failed",
                  );
                }
                content = "";
              }
              await started.finish({ content, withheld }, async (event) => {
                if (!left.aborted) await send(event);
              });
            } catch (error) {
              deps.logger.error({ err: error, conversationId: conversation.id }, "saving an answer failed");
              await send({ type: "error", message: QNA_MESSAGES.chatFailed });
            }

            /**
             * Reviewed words, not an AI's: they are not moderated, so that no pattern (a helpline's number) can ever
             * withhold them, and they are saved even when the reader has already left.
             */
            async function fixedAnswer(): Promise<GuardedOutput> {
              if (!left.aborted) await send({ type: "delta", text: TRUSTED_ADULT_ANSWER });
              return { status: "passed", text: TRUSTED_ADULT_ANSWER };
            }

            /**
             * An AI's answer may quote only verses Lamplight holds word for word (the bank's and the library's): one
             * that cites another is replaced by the reviewed answer, which the done event then carries.
             */
            async function onlyKnownVerses(text: string): Promise<string> {
              if (risky || deps.ai.text.provider === "library") return text;
              const unknown = unknownVerseReferences(text);
              if (unknown.length === 0) return text;
              deps.logger.warn(
                { conversationId: conversation.id, unknown },
                "an answer cited a verse outside the bank and the library",
              );
              return (await reviewed()).answer.text;
            }

            async function* aiPieces(): AsyncIterable<string> {
              const history = started.history;
              const options = {
                signal: left,
                temperature: QNA_TEMPERATURE,
                maxTokens: QNA_MAX_TOKENS,
              };
              if (deps.ai.text.provider === "library") {
                yield* deps.ai.text.stream(buildQnaMessages(history, question), {
                  ...options,
                  libraryText: (await reviewed()).answer.text,
                });
                return;
              }
              const { answer, entry, reader } = await reviewed();
              yield* deps.ai.text.stream(
                buildQnaMessages(history, question, groundingFor(answer, entry, reader)),
                options,
              );
            }
          },
        );
      })
  );
}
