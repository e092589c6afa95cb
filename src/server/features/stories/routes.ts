import { Hono } from "hono";
import { z } from "zod";
import { checkAnswerSchema } from "../../../core/schemas/checks";
import { coverQuerySchema } from "../../../core/schemas/stories";
import { type GenerationEvent, STORY_MESSAGES } from "../../../core/stories/generation-events";
import { imageRequestSchema } from "../../../core/stories/image-styles";
import { layerNumberSchema, progressActionSchema } from "../../../core/stories/progress";
import { shareDraftRequestSchema, shareStoryRequestSchema } from "../../../core/stories/share";
import { buildStoryMessages } from "../../../core/stories/story-prompt";
import { AiError } from "../../adapters/ai/types";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { jsonText } from "../../http/json-text";
import { streamAnswer } from "../../http/sse";
import { readerDay } from "../../http/time-zone";
import { validate } from "../../http/validate";
import { streamGuarded } from "../../shared/ai-guardrails";
import { answerCheck } from "./actions/answer-check";
import { draftShare } from "./actions/draft-share";
import { drawIllustration } from "./actions/draw-illustration";
import { progressStory } from "./actions/progress-story";
import { saveCheckNote } from "./actions/save-check-note";
import { shareStory } from "./actions/share-story";
import { type GenerationOutcome, startLayerGeneration } from "./actions/start-layer-generation";
import { getLayerCheck } from "./checks";
import { createCoverCache, hasCopy } from "./covers";
import { getStoryPage, listStoriesJson, type StoryListItem } from "./service";

// Any other slug is simply not found (404), which the story page shows as 'Story not found'.
const slugParams = z.object({ slug: z.string().max(200, STORY_MESSAGES.storyNotFound) });
const layerParams = slugParams.extend({ layer: layerNumberSchema });
// Any index: the service looks it up, so that one the layer does not have is "not found" (404), never a 400.
const checkParams = layerParams.extend({ index: z.coerce.number().int().min(0).max(99) });

/** Keeps proxies and load balancers from closing a stream that waits on a slow model. */
const PING_INTERVAL_MS = 15_000;

/** A day: a cover changes only when the library's drawing of the story does, which is a new release. */
const COVER_MAX_AGE_SECONDS = 86_400;

export function storyRoutes() {
  const covers = createCoverCache();
  return (
    new Hono<AppEnv>()
      // Before requireUser, so that this one path needs no session: the landing page shows covers to visitors,
      // and a cover is the library's own picture of the story, never anything of a child's.
      .get(
        "/:slug/cover.webp",
        validate("param", slugParams),
        validate("query", coverQuerySchema),
        async (c) => {
          const found = await covers.get(c.req.valid("param").slug, c.req.valid("query").size);
          if (!found) throw new AppError("story_not_found", 404, STORY_MESSAGES.storyNotFound);
          const { cover, source } = found;
          const headers = {
            "Content-Type": "image/webp",
            "Cache-Control": `public, max-age=${COVER_MAX_AGE_SECONDS}`,
            ETag: cover.etag,
            "X-Content-Type-Options": "nosniff",
            "X-Cover-Render": source,
          };
          if (hasCopy(c.req.header("if-none-match"), cover.etag)) return c.body(null, 304, headers);
          return c.body(new Uint8Array(cover.webp), 200, {
            ...headers,
            "Content-Length": String(cover.webp.length),
          });
        },
      )
      .use(requireUser)
      .get("/", async (c) =>
        jsonText<StoryListItem[]>(c, await listStoriesJson(c.var.deps.db, c.var.deps.stories, c.var.user.id)),
      )
      .get("/:slug", validate("param", slugParams), async (c) =>
        c.json(
          await getStoryPage(c.var.deps.db, c.var.deps.stories, c.var.user.id, c.req.valid("param").slug, {
            textSource: c.var.deps.ai.text.provider === "library" ? "library" : "ai",
          }),
        ),
      )
      .post(
        "/:slug/progress",
        validate("param", slugParams),
        validate("json", progressActionSchema),
        async (c) =>
          c.json(
            await progressStory.run(c.var.deps, c.var.user, {
              slug: c.req.valid("param").slug,
              action: c.req.valid("json"),
              today: readerDay(c).today,
            }),
          ),
      )
      .post("/:slug/layers/:layer/generate", validate("param", layerParams), async (c) => {
        const deps = c.var.deps;
        const { slug, layer } = c.req.valid("param");
        // Refusals (missing, locked, unreached, today's quota) are ordinary JSON errors, before any stream starts.
        const { story, path, previousContext, finish } = await startLayerGeneration.run(deps, c.var.user, {
          slug,
          layer,
        });
        const { today } = readerDay(c);
        const messages = buildStoryMessages(
          {
            story: { title: story.title, scripture: story.scripture, blurb: story.blurb },
            layer,
            step: 1,
            previousContext,
          },
          path.systemContext,
        );
        return streamAnswer<GenerationEvent>(
          c,
          { ping: { type: "ping" }, pingMs: PING_INTERVAL_MS },
          async ({ send: tell, signal }) => {
            // The browser leaving (signal) cancels the upstream call; nothing is saved and no XP is given.
            let outcome: GenerationOutcome;
            try {
              const streamed = await streamGuarded(
                deps.ai.text.stream(messages, { signal, libraryText: path.libraryText }),
                { moderator: deps.moderator, signal, forward: (text) => tell({ type: "delta", text }) },
              );
              if (streamed.status === "aborted") return;
              if (streamed.status === "withheld") outcome = { status: "withheld", text: streamed.text };
              else if (!streamed.text.trim()) throw new AiError("No text generated", "empty");
              else outcome = { status: "done", text: streamed.text };
            } catch (error) {
              if (signal.aborted) return;
              outcome = { status: "failed", error };
            }
            if (signal.aborted) return;
            await finish(outcome, { tell, signal, today });
          },
        );
      })
      .get("/:slug/layers/:layer/check", validate("param", layerParams), async (c) => {
        const { slug, layer } = c.req.valid("param");
        return c.json(await getLayerCheck(c.var.deps, c.var.user.id, slug, layer));
      })
      .post(
        "/:slug/layers/:layer/check/:index",
        validate("param", checkParams),
        validate("json", checkAnswerSchema),
        async (c) => {
          const params = c.req.valid("param");
          const answer = c.req.valid("json");
          return "option" in answer
            ? c.json(
                await answerCheck.run(c.var.deps, c.var.user, {
                  ...params,
                  option: answer.option,
                  today: readerDay(c).today,
                }),
              )
            : c.json(await saveCheckNote.run(c.var.deps, c.var.user, { ...params, text: answer.text }));
        },
      )
      .post(
        "/:slug/layers/:layer/image",
        validate("param", layerParams),
        validate("json", imageRequestSchema),
        async (c) =>
          c.json(
            await drawIllustration.run(c.var.deps, c.var.user, {
              ...c.req.valid("param"),
              ...c.req.valid("json"),
              signal: c.req.raw.signal,
            }),
          ),
      )
      .post(
        "/:slug/share-draft",
        validate("param", slugParams),
        validate("json", shareDraftRequestSchema),
        async (c) =>
          c.json(
            await draftShare.run(c.var.deps, c.var.user, {
              slug: c.req.valid("param").slug,
              ...c.req.valid("json"),
              signal: c.req.raw.signal,
            }),
          ),
      )
      .post(
        "/:slug/share",
        validate("param", slugParams),
        validate("json", shareStoryRequestSchema),
        async (c) =>
          c.json(
            await shareStory.run(c.var.deps, c.var.user, {
              slug: c.req.valid("param").slug,
              ...c.req.valid("json"),
            }),
            201,
          ),
      )
  );
}
