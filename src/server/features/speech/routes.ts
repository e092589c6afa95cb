import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import {
  cleanTextForSpeech,
  SPEECH_MESSAGES,
  type SpeechConfig,
  type SpeechTimings,
  speechRequestSchema,
} from "../../../core/stories/speech-text";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { validate } from "../../http/validate";
import { narrateLayer, speechNotConfigured } from "./actions/narrate-layer";
import { type Narration, narrationSentenceStarts, savedStoryText, speechCacheKey } from "./service";

/** A slug and a layer number: anything bigger is not a narration request. */
const SPEECH_BODY_MAX_BYTES = 1024;

/** Without a voice service the browser reads aloud by itself, so the server has nothing to say. */
const requireSpeech = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.deps.speech) throw speechNotConfigured();
  await next();
});

function audioResponse(c: Context<AppEnv>, narration: Narration) {
  const headers: Record<string, string> = {
    "Content-Type": "audio/mpeg",
    "Cache-Control": "no-store",
    "X-Speech-Cache": narration.cached ? "hit" : "miss",
  };
  if (narration.byteLength !== undefined) headers["Content-Length"] = String(narration.byteLength);
  return c.body(narration.audio, 200, headers);
}

export function speechRoutes() {
  return (
    new Hono<AppEnv>()
      .use(requireUser)
      .get("/", (c) => {
        const config: SpeechConfig = { provider: c.var.deps.speech ? "elevenlabs" : "browser" };
        return c.json(config);
      })
      // Read-along: when each sentence starts in the narration of the reader's own saved layer, once it has been made.
      .get("/timings", requireSpeech, validate("query", speechRequestSchema), async (c) => {
        const { deps, user } = c.var;
        const { slug, layer } = c.req.valid("query");
        const text = await savedStoryText(deps.db, user.id, slug, layer);
        const key = speechCacheKey(
          (deps.speech as NonNullable<typeof deps.speech>).voiceId,
          cleanTextForSpeech(text),
        );
        const starts = await narrationSentenceStarts(deps.storage, key, text);
        if (!starts) throw new AppError("no_timings", 404, SPEECH_MESSAGES.noTimings);
        const timings: SpeechTimings = { starts };
        return c.json(timings);
      })
      .post(
        "/",
        requireSpeech,
        bodyLimit({
          maxSize: SPEECH_BODY_MAX_BYTES,
          onError: () => {
            throw new AppError("speech_too_long", 413, SPEECH_MESSAGES.tooLong);
          },
        }),
        validate("json", speechRequestSchema),
        async (c) =>
          // The browser going away aborts its request signal, which cancels the voice-service call.
          audioResponse(
            c,
            await narrateLayer.run(c.var.deps, c.var.user, {
              ...c.req.valid("json"),
              signal: c.req.raw.signal,
            }),
          ),
      )
  );
}
