import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { GUARDRAIL_MESSAGES } from "../../../core/schemas/moderation";
import { type GenerationEvent, STORY_MESSAGES } from "../../../core/stories/generation-events";
import { IMAGE_STYLES, imageRequestSchema } from "../../../core/stories/image-styles";
import { LAYERS, layerNumberSchema, progressActionSchema } from "../../../core/stories/progress";
import { shareDraftRequestSchema, shareStoryRequestSchema } from "../../../core/stories/share";
import { buildStoryMessages } from "../../../core/stories/story-prompt";
import { AiError } from "../../adapters/ai/types";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { whenClientGone } from "../../http/client-gone";
import { readerTimeZone } from "../../http/time-zone";
import { validate } from "../../http/validate";
import { recordReadingDay } from "../../shared/achievements";
import { raiseAiFlag, streamGuarded } from "../../shared/ai-guardrails";
import { isQuotaReached, withAiQuota } from "../../shared/ai-quota";
import { draftShare } from "./actions/draft-share";
import { drawIllustration } from "./actions/draw-illustration";
import { progressStory } from "./actions/progress-story";
import { shareStory } from "./actions/share-story";
import { startLayerGeneration } from "./actions/start-layer-generation";
import { illustrate } from "./illustrate";
import { getStoryPage, listStories, saveGeneration } from "./service";

// Any other slug is simply not found (404), which the story page shows as 'Story not found'.
const slugParams = z.object({ slug: z.string().max(200, STORY_MESSAGES.storyNotFound) });
const layerParams = slugParams.extend({ layer: layerNumberSchema });

/** Keeps proxies and load balancers from closing a stream that waits on a slow model. */
const PING_INTERVAL_MS = 15_000;
/** The illustration drawn right after a generation; the reader can choose another style afterwards. */
const DEFAULT_STYLE = IMAGE_STYLES[0];

export function storyRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", async (c) => c.json(await listStories(c.var.deps.db, c.var.user.id)))
    .get("/:slug", validate("param", slugParams), async (c) =>
      c.json(await getStoryPage(c.var.deps.db, c.var.user.id, c.req.valid("param").slug)),
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
            timeZone: readerTimeZone(c),
          }),
        ),
    )
    .post("/:slug/layers/:layer/generate", validate("param", layerParams), async (c) => {
      const deps = c.var.deps;
      const userId = c.var.user.id;
      const { slug, layer } = c.req.valid("param");
      // Refusals (missing, locked, unreached, today's quota) are ordinary JSON errors, before any stream starts.
      const { story, path, previousContext, quota } = await startLayerGeneration.run(deps, c.var.user, {
        slug,
        layer,
      });
      const timeZone = readerTimeZone(c);
      const messages = buildStoryMessages(
        {
          story: { title: story.title, scripture: story.scripture, blurb: story.blurb },
          layer,
          step: 1,
          previousContext,
        },
        path.systemContext,
      );
      return streamSSE(c, async (stream) => {
        // The browser leaving aborts the upstream call; nothing is saved and no XP is given.
        const upstream = new AbortController();
        const cancelUpstream = () => upstream.abort();
        stream.onAbort(cancelUpstream);
        const releaseRequest = whenClientGone(c.req.raw, cancelUpstream);
        const send = (event: GenerationEvent) => stream.writeSSE({ data: JSON.stringify(event) });
        const ping = setInterval(() => void send({ type: "ping" }).catch(() => {}), PING_INTERVAL_MS);
        try {
          let content = "";
          try {
            const outcome = await streamGuarded(
              deps.ai.text.stream(messages, { signal: upstream.signal, libraryText: path.libraryText }),
              {
                moderator: deps.moderator,
                signal: upstream.signal,
                forward: (text) => send({ type: "delta", text }),
              },
            );
            if (outcome.status === "aborted") return;
            if (outcome.status === "withheld") {
              // Nothing of it is saved and no XP is given: the reader sees the kind message and can try again.
              await send({ type: "withheld", message: GUARDRAIL_MESSAGES.story });
              await raiseAiFlag(deps, {
                kind: "withheld_story",
                userId,
                storyId: story.id,
                input: `Layer ${layer}: ${LAYERS.find((entry) => entry.layer === layer)?.name ?? ""}`,
                output: outcome.text,
              });
              return;
            }
            content = outcome.text;
            if (!content.trim()) throw new AiError("No text generated", "empty");
          } catch (error) {
            if (upstream.signal.aborted) return;
            deps.logger.warn({ err: error, slug, layer }, "story generation failed");
            await quota.release();
            await send({ type: "error", message: STORY_MESSAGES.generationFailed });
            return;
          }
          if (upstream.signal.aborted) return;
          let saved: Awaited<ReturnType<typeof saveGeneration>>;
          try {
            saved = await saveGeneration(deps.db, userId, story.id, layer, content);
          } catch (error) {
            deps.logger.error({ err: error, slug, layer }, "saving a story generation failed");
            await quota.release();
            await send({ type: "error", message: STORY_MESSAGES.generationFailed });
            return;
          }
          await send({ type: "done", content, ...saved });
          await recordReadingDay(deps, userId, timeZone);
          // Spec §4: the illustration follows the text; when it fails, the text is already saved.
          try {
            const { imageUrl } = await withAiQuota(deps, userId, "image", () =>
              illustrate(
                deps,
                { userId, storyId: story.id, layer, content, styleId: DEFAULT_STYLE.id },
                upstream.signal,
              ),
            );
            await send({ type: "image", imageUrl });
          } catch (error) {
            if (upstream.signal.aborted) return;
            if (isQuotaReached(error)) {
              await send({ type: "image_failed", message: error.message });
              return;
            }
            deps.logger.warn({ err: error, slug, layer }, "story illustration failed");
            await send({ type: "image_failed", message: STORY_MESSAGES.imageFailed });
          }
        } finally {
          clearInterval(ping);
          releaseRequest();
        }
      });
    })
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
    );
}
