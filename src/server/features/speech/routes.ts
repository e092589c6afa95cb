import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { createMiddleware } from "hono/factory";
import {
  cleanTextForSpeech,
  SPEECH_MESSAGES,
  SPEECH_TEXT_MAX_CHARS,
  type SpeechConfig,
  speechRequestSchema,
} from "../../../core/stories/speech-text";
import { AiError } from "../../adapters/ai/types";
import { requireUser } from "../../auth/session";
import type { AppEnv } from "../../http/app-env";
import { AppError } from "../../http/errors";
import { validate } from "../../http/validate";
import { reserveAiWork } from "../../shared/ai-quota";
import { cachedNarration, freshNarration, type Narration, savedStoryText, speechCacheKey } from "./service";

/** A slug and a layer number: anything bigger is not a narration request. */
const SPEECH_BODY_MAX_BYTES = 1024;

const notConfigured = () => new AppError("speech_not_configured", 404, SPEECH_MESSAGES.notConfigured);

/** Without a voice service the browser reads aloud by itself, so the server has nothing to say. */
const requireSpeech = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.var.deps.speech) throw notConfigured();
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
  return new Hono<AppEnv>()
    .use(requireUser)
    .get("/", (c) => {
      const config: SpeechConfig = { provider: c.var.deps.speech ? "elevenlabs" : "browser" };
      return c.json(config);
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
      async (c) => {
        const { db, storage, logger, rateLimiter } = c.var.deps;
        const speech = c.var.deps.speech;
        if (!speech) throw notConfigured();
        const { slug, layer } = c.req.valid("json");
        const text = cleanTextForSpeech(await savedStoryText(db, c.var.user.id, slug, layer));
        if (!text) throw new AppError("invalid_input", 400, SPEECH_MESSAGES.nothingToRead);
        if (text.length > SPEECH_TEXT_MAX_CHARS)
          throw new AppError("invalid_input", 400, SPEECH_MESSAGES.tooLong);
        const key = speechCacheKey(speech.voiceId, text);

        const cached = await cachedNarration({ storage, logger }, key);
        if (cached) return audioResponse(c, cached);

        await rateLimiter.attempt("narration", c.var.user.id);
        const quota = await reserveAiWork(c.var.deps, c.var.user.id, "speech");

        try {
          // The browser going away aborts its request signal, which cancels the voice-service call.
          return audioResponse(
            c,
            await freshNarration({ speech, storage, logger }, key, text, c.req.raw.signal),
          );
        } catch (error) {
          await quota.release();
          if (!(error instanceof AiError)) throw error;
          const log = { err: error, status: error.status, detail: error.cause, key };
          if (error.kind === "aborted") logger.info(log, "speech request abandoned by the listener");
          else logger.error(log, "speech synthesis failed");
          throw new AppError("tts_unavailable", 502, SPEECH_MESSAGES.unavailable);
        }
      },
    );
}
