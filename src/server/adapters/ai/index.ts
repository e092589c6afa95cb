import { measuredImageGenerator, measuredTextGenerator } from "../../http/metrics";
import { createLibraryImageGenerator } from "./image-library";
import { createOpenAiImageGenerator } from "./image-openai";
import { createLibraryTextGenerator } from "./text-library";
import { createOpenAiTextGenerator } from "./text-openai";
import type { ImageGenerator, TextGenerator } from "./types";

export type AiConfig = {
  /** AI_BASE_URL: any OpenAI-compatible endpoint; without it the offline library answers. */
  aiBaseUrl?: string | undefined;
  /** AI_API_KEY: local servers (Ollama, LM Studio) need none. */
  aiApiKey?: string | undefined;
  aiModel: string;
  aiImageModel: string;
};

/** Story text and illustrations: the OpenAI-compatible service when AI_BASE_URL is set, else the library. */
export function createAiServices(config: AiConfig): { text: TextGenerator; image: ImageGenerator } {
  if (!config.aiBaseUrl) return { text: createLibraryTextGenerator(), image: createLibraryImageGenerator() };
  const connection = { baseUrl: config.aiBaseUrl, apiKey: config.aiApiKey };
  return {
    // Counted and timed for /metrics; the offline library makes no call worth counting.
    text: measuredTextGenerator(createOpenAiTextGenerator({ ...connection, model: config.aiModel })),
    image: measuredImageGenerator(createOpenAiImageGenerator({ ...connection, model: config.aiImageModel })),
  };
}
