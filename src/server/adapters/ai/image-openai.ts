import { APIError } from "openai";
import sharp from "sharp";
import {
  createOpenAiClient,
  describeDuration,
  type OpenAiConnection,
  providerNameFor,
  toAiError,
} from "./openai-client";
import { AiError, type ImageGenerator } from "./types";

export const IMAGE_TIMEOUT_MS = 120_000;

export type OpenAiImageOptions = OpenAiConnection & {
  model: string;
  /** The whole call (request and download) must finish within this. */
  timeoutMs?: number;
  /** The name in failure texts; by default derived from the base URL's host. */
  providerName?: string;
};

// A decompression bomb (a small payload that decodes to gigapixels) is refused before it can exhaust memory.
const MAX_INPUT_PIXELS = 40_000_000;

/** gpt-image models always answer in base64 and refuse the spec's response_format with a 400 naming it. */
function rejectsResponseFormat(error: unknown): boolean {
  if (!(error instanceof APIError) || error.status !== 400) return false;
  return error.param === "response_format" || /response_format/.test(error.message);
}

/**
 * Real provider: the images endpoint of any OpenAI-compatible service. The answer is decoded and
 * re-encoded with sharp, so we always store a real PNG without metadata, whatever the upstream sent.
 *
 * Failures throw AiError: `upstream` ('{provider} API error: …', with status), `empty` ('No image data
 * generated'), `malformed` ('Failed to convert image data', or an answer that is not JSON), `stalled` (no
 * answer within timeoutMs; the request is aborted) and `aborted` (the caller's signal fired; the HTTP
 * request is cancelled too).
 *
 * gpt-image models refuse the spec's response_format=b64_json with a 400; the first such refusal is
 * retried once without it, and this generator stops sending it from then on.
 */
export function createOpenAiImageGenerator(options: OpenAiImageOptions): ImageGenerator {
  const provider = options.providerName ?? providerNameFor(options.baseUrl);
  const timeoutMs = options.timeoutMs ?? IMAGE_TIMEOUT_MS;
  const client = createOpenAiClient(options);
  // The spec sends response_format=b64_json; once the service says it does not know it, we stop sending it.
  let sendResponseFormat = true;

  const request = (prompt: string, signal: AbortSignal) =>
    client.images.generate(
      {
        model: options.model,
        prompt,
        n: 1,
        size: "1024x1024",
        quality: "high",
        ...(sendResponseFormat ? { response_format: "b64_json" as const } : {}),
      },
      { signal },
    );

  return {
    provider: "openai",
    async generate(prompt, { signal }) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const both = AbortSignal.any([signal, timeout]);
      const failure = (error: unknown) => {
        if (signal.aborted) return new AiError(`${provider} request aborted`, "aborted");
        if (timeout.aborted)
          return new AiError(
            `${provider} API error: no image after ${describeDuration(timeoutMs)}`,
            "stalled",
          );
        return toAiError(error, provider);
      };

      let response: Awaited<ReturnType<typeof request>>;
      try {
        try {
          response = await request(prompt, both);
        } catch (error) {
          if (!sendResponseFormat || !rejectsResponseFormat(error)) throw error;
          sendResponseFormat = false;
          response = await request(prompt, both);
        }
      } catch (error) {
        throw failure(error);
      }

      const image = response.data?.[0];
      if (!image?.b64_json) throw new AiError("No image data generated", "empty");
      let png: Buffer;
      try {
        png = await sharp(Buffer.from(image.b64_json, "base64"), { limitInputPixels: MAX_INPUT_PIXELS })
          .png()
          .toBuffer();
      } catch {
        throw new AiError("Failed to convert image data", "malformed");
      }
      return { png, revisedPrompt: image.revised_prompt ?? prompt };
    },
  };
}
