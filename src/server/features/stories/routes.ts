import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { z } from "zod";
import { GUARDRAIL_MESSAGES } from "../../../core/schemas/moderation";
import { type GenerationEvent, STORY_MESSAGES } from "../../../core/stories/generation-events";
import {
  buildImagePrompt,
  findImageStyle,
  IMAGE_STYLES,
  imageRequestSchema,
} from "../../../core/stories/image-styles";
import { LAYERS, layerNumberSchema, progressActionSchema } from "../../../core/stories/progress";
import { shareDraftRequestSchema, shareStoryRequestSchema } from "../../../core/stories/share";
import { buildStoryMessages } from "../../../core/stories/story-prompt";
import { AiError } from "../../adapters/ai/types";
import { publicUrlFor } from "../../adapters/storage/storage";
import { requireUser } from "../../auth/session";
import type { AppDeps, AppEnv } from "../../http/app-env";
import { whenClientGone } from "../../http/client-gone";
import { AppError } from "../../http/errors";
import { readerTimeZone } from "../../http/time-zone";
import { validate } from "../../http/validate";
import { checkFirstStory, recordReadingDay } from "../../shared/achievements";
import { raiseAiFlag, streamGuarded } from "../../shared/ai-guardrails";
import { isQuotaReached, reserveAiWork, withAiQuota } from "../../shared/ai-quota";
import { screenPicture } from "../../shared/picture-screen";
import { guardLimitedWrite, guardWrite } from "../../shared/write-guard";
import {
  contentForIllustration,
  countCompletedStories,
  getStoryPage,
  illustrationKey,
  listStories,
  prepareGeneration,
  progressStory,
  saveGeneration,
  saveIllustrationUrl,
} from "./service";
import { draftShare, shareStory } from "./share";

// Any other slug is simply not found (404), which the story page shows as 'Story not found'.
const slugParams = z.object({ slug: z.string().max(200, STORY_MESSAGES.storyNotFound) });
const layerParams = slugParams.extend({ layer: layerNumberSchema });

/** Keeps proxies and load balancers from closing a stream that waits on a slow model. */
const PING_INTERVAL_MS = 15_000;
/** The illustration drawn right after a generation; the reader can choose another style afterwards. */
const DEFAULT_STYLE = IMAGE_STYLES[0];

/** What a leader reads above the prompt of a drawn picture the moderation model flagged; never shown to the child. */
const pictureFlaggedNote = (category: string) =>
  `The picture was drawn, then flagged by the moderation model (${category}), so it was not shown. It was drawn from:`;

/**
 * Draws and stores a layer's illustration. The name is fixed by the spec; the version in the URL makes a
 * new picture a new address, so an open page shows it without waiting for its cached copy to be asked about.
 */
async function illustrate(
  deps: AppDeps,
  input: {
    userId: string;
    storyId: number;
    layer: 1 | 2 | 3;
    content: string;
    styleId: string;
    direction?: string;
  },
  signal: AbortSignal,
) {
  const style = findImageStyle(input.styleId);
  if (!style) throw new AppError("invalid_style", 400, STORY_MESSAGES.invalidStyle);
  const prompt = buildImagePrompt(style, input.content, input.direction);
  // The child's direction is in the prompt, and an image model draws what it is told: a flagged prompt never
  // leaves the server, and the child sees the ordinary image failure rather than why.
  const verdict = await deps.moderator.check(prompt);
  if (!verdict.allowed) {
    await raiseAiFlag(deps, {
      kind: "withheld_image",
      userId: input.userId,
      storyId: input.storyId,
      input: input.direction ?? "",
      output: prompt,
    });
    throw new AppError("image_failed", 502, STORY_MESSAGES.imageFailed);
  }
  const image = await deps.ai.image.generate(prompt, { signal, style: style.id });
  // The picture itself goes to the moderation model too (issue 18), before it is stored or shown. Flagged: it is
  // withheld as a flagged prompt is, and raised for leaders. Unchecked (no model, or the model down or slow,
  // which screenPicture logs): it shows, since it was drawn from a prompt that passed.
  const screened = await screenPicture(
    deps,
    { bytes: image.png, contentType: "image/png" },
    { kind: "illustration", userId: input.userId, storyId: input.storyId, layer: input.layer },
    { signal },
  );
  if (signal.aborted) throw new AiError("The illustration was cancelled", "aborted");
  if (screened.outcome === "flagged") {
    await raiseAiFlag(deps, {
      kind: "withheld_image",
      userId: input.userId,
      storyId: input.storyId,
      input: input.direction ?? "",
      output: `${pictureFlaggedNote(screened.category)}\n\n${prompt}`,
    });
    throw new AppError("image_failed", 502, STORY_MESSAGES.imageFailed);
  }
  const key = illustrationKey(input.userId, input.storyId, input.layer);
  await deps.storage.put(key, image.png, "image/png");
  const imageUrl = `${publicUrlFor(key)}?v=${Date.now()}`;
  await saveIllustrationUrl(deps.db, input.userId, input.storyId, input.layer, imageUrl);
  return { imageUrl, revisedPrompt: image.revisedPrompt };
}

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
      async (c) => {
        const deps = c.var.deps;
        const userId = c.var.user.id;
        const result = await progressStory(deps.db, userId, c.req.valid("param").slug, c.req.valid("json"));
        await recordReadingDay(deps, userId, readerTimeZone(c));
        if (result.message) await checkFirstStory(deps, userId, await countCompletedStories(deps.db, userId));
        return c.json(result);
      },
    )
    .post("/:slug/layers/:layer/generate", validate("param", layerParams), async (c) => {
      const deps = c.var.deps;
      const userId = c.var.user.id;
      const { slug, layer } = c.req.valid("param");
      // Refusals (missing, locked, unreached) are ordinary JSON errors, before any stream starts.
      const { story, path, previousContext } = await prepareGeneration(deps.db, userId, slug, layer);
      // Today's quota of story parts, as a JSON refusal before the stream; a failure gives the unit back.
      const quota = await reserveAiWork(deps, userId, "story");
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
      async (c) => {
        const deps = c.var.deps;
        const userId = c.var.user.id;
        const { slug, layer } = c.req.valid("param");
        const { style, direction } = c.req.valid("json");
        const { story, content } = await contentForIllustration(deps.db, userId, slug, layer);
        try {
          const result = await withAiQuota(deps, userId, "image", () =>
            illustrate(
              deps,
              { userId, storyId: story.id, layer, content, styleId: style, direction },
              c.req.raw.signal,
            ),
          );
          return c.json(result);
        } catch (error) {
          if (!(error instanceof AiError)) throw error;
          deps.logger.warn({ err: error, slug, layer, style }, "illustration failed");
          throw new AppError("image_failed", 502, STORY_MESSAGES.imageFailed);
        }
      },
    )
    .post(
      "/:slug/share-draft",
      validate("param", slugParams),
      validate("json", shareDraftRequestSchema),
      async (c) => {
        // Nothing is stored yet, but the note goes to the AI service and into a draft the child will post.
        await guardWrite(c.var.deps, c.var.user.id, [c.req.valid("json").note]);
        return c.json(
          await draftShare(
            c.var.deps,
            c.var.user.id,
            c.req.valid("param").slug,
            c.req.valid("json"),
            c.req.raw.signal,
          ),
        );
      },
    )
    .post(
      "/:slug/share",
      validate("param", slugParams),
      validate("json", shareStoryRequestSchema),
      async (c) => {
        // A shared story is a post in the group: it counts toward the same hourly limit.
        await guardLimitedWrite(c.var.deps, "post", c.var.user.id, [c.req.valid("json").text]);
        return c.json(
          await shareStory(c.var.deps, c.var.user.id, c.req.valid("param").slug, c.req.valid("json")),
          201,
        );
      },
    );
}
