import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/openai";
import { MODERATION_MODEL } from "./openai";
import {
  createNoPictureModerator,
  createOpenAiPictureModerator,
  createPictureModerator,
  PICTURE_MAX_SIDE,
  type PictureInput,
} from "./pictures";

let fake: FakeOpenAi;
let smallPng: PictureInput;
let bigJpeg: PictureInput;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  smallPng = {
    bytes: await sharp({ create: { width: 64, height: 48, channels: 3, background: "#3a7bd5" } })
      .png()
      .toBuffer(),
    contentType: "image/png",
  };
  bigJpeg = {
    bytes: await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#e8b04a" } })
      .jpeg()
      .toBuffer(),
    contentType: "image/jpeg",
  };
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const moderator = (options: { timeoutMs?: number } = {}) =>
  createOpenAiPictureModerator({ baseUrl: fake.baseUrl, apiKey: fake.apiKey, ...options });

const moderationRequests = () => fake.requests.filter((request) => request.path === "/v1/moderations");

type SentBody = { model?: string; input?: { type?: string; image_url?: { url?: string } }[] };

/** The picture a request carried, decoded from its data URL. */
function sentPicture(index = 0): { mime: string; bytes: Buffer } {
  const url = (moderationRequests()[index]?.body as SentBody | undefined)?.input?.[0]?.image_url?.url ?? "";
  const match = /^data:([^;]+);base64,(.+)$/.exec(url);
  if (!match?.[1] || !match[2]) throw new Error(`not a data URL: ${url.slice(0, 40)}`);
  return { mime: match[1], bytes: Buffer.from(match[2], "base64") };
}

describe("the OpenAI picture moderator", () => {
  it("sends the picture as a data URL with the model and the key, and allows what is not flagged", async () => {
    expect(await moderator().check(smallPng)).toEqual({ outcome: "allowed" });
    const [request] = moderationRequests();
    expect(request).toMatchObject({ method: "POST", path: "/v1/moderations" });
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.body).toEqual({
      model: MODERATION_MODEL,
      input: [{ type: "image_url", image_url: { url: expect.stringMatching(/^data:image\/png;base64,/) } }],
    });
    // A small picture in a format the endpoint reads goes as it is.
    expect(sentPicture()).toEqual({ mime: "image/png", bytes: Buffer.from(smallPng.bytes) });
    expect(moderator().provider).toBe("openai");
  });

  it("sends a large picture at most 1024 px on its longer side, as WebP", async () => {
    expect(bigJpeg.bytes.byteLength).toBeGreaterThan(0);
    expect(await moderator().check(bigJpeg)).toEqual({ outcome: "allowed" });
    const sent = sentPicture();
    expect(sent.mime).toBe("image/webp");
    const metadata = await sharp(sent.bytes).metadata();
    expect(metadata).toMatchObject({ format: "webp", width: PICTURE_MAX_SIDE, height: 683 });
    expect(sent.bytes.byteLength).toBeLessThan(200 * 1024);
  });

  it("sends an animated picture as a grid of frames taken across it, so no frame goes unseen", async () => {
    const colours = ["#ff0000", "#00ff00", "#0000ff", "#ffff00", "#ff00ff", "#00ffff", "#000000", "#808080"];
    const frames = await Promise.all(
      colours.map((background) =>
        sharp({ create: { width: 40, height: 40, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } })
      .gif()
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(8);
    expect(await moderator().check({ bytes: gif, contentType: "image/gif" })).toEqual({ outcome: "allowed" });
    const sent = sentPicture();
    expect(sent.mime).toBe("image/webp");
    const half = PICTURE_MAX_SIDE / 2;
    // Frames 0, 2, 4 and 6, one in each quarter.
    const centres = [
      [half / 2, half / 2],
      [half + half / 2, half / 2],
      [half / 2, half + half / 2],
      [half + half / 2, half + half / 2],
    ] as const;
    const { data, info } = await sharp(sent.bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([PICTURE_MAX_SIDE, PICTURE_MAX_SIDE]);
    const pixel = ([x, y]: readonly [number, number]) => {
      const offset = (y * info.width + x) * 3;
      return [...data.subarray(offset, offset + 3)].map((value) => Math.round(value / 255));
    };
    expect(centres.map(pixel)).toEqual([
      [1, 0, 0],
      [0, 0, 1],
      [1, 0, 1],
      [0, 0, 0],
    ]);
  });

  it("names what the provider flagged", async () => {
    fake.behave("ok", { flagged: true });
    expect(await moderator().check(smallPng)).toEqual({ outcome: "flagged", category: "harassment" });
  });

  it.each([
    ["an error status", "500"],
    ["a wrong key", "401"],
    ["a body that is not JSON", "malformed"],
    ["an answer without results", "empty"],
  ] as const)("is unchecked (unavailable) on %s, and never throws", async (_name, mode) => {
    fake.behave(mode);
    const verdict = await moderator().check(smallPng);
    expect(verdict).toMatchObject({ outcome: "unchecked", reason: "unavailable" });
    expect(verdict.outcome === "unchecked" && verdict.detail).toMatch(/^127\.0\.0\.1:\d+ API error: /);
    expect(moderationRequests()).toHaveLength(1);
  });

  it("gives up on a provider that does not answer in time", async () => {
    fake.behave("stall");
    const started = Date.now();
    expect(await moderator({ timeoutMs: 200 }).check(smallPng)).toMatchObject({
      outcome: "unchecked",
      reason: "unavailable",
    });
    expect(Date.now() - started).toBeLessThan(2000);
    await fake.waitForClosedConnections(1);
  });

  it("stops asking when the caller's signal aborts", async () => {
    fake.behave("stall");
    const controller = new AbortController();
    const verdict = moderator().check(smallPng, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await verdict).toMatchObject({ outcome: "unchecked", reason: "unavailable" });
    await fake.waitForClosedConnections(1);
  });

  it("is unchecked (unavailable) when nothing listens at the address", async () => {
    const nowhere = createOpenAiPictureModerator({
      baseUrl: "http://127.0.0.1:9/v1",
      apiKey: "sk-none",
      timeoutMs: 1000,
    });
    expect(await nowhere.check(smallPng)).toMatchObject({ outcome: "unchecked", reason: "unavailable" });
  });

  it("is unchecked (unavailable) for bytes that are no picture, and sends nothing", async () => {
    const verdict = await moderator().check({
      bytes: Buffer.from("not a picture"),
      contentType: "image/png",
    });
    expect(verdict).toMatchObject({ outcome: "unchecked", reason: "unavailable" });
    expect(moderationRequests()).toHaveLength(0);
  });
});

describe("the embedded default", () => {
  it("has no model for pictures: unchecked, and nothing is sent anywhere", async () => {
    expect(await createNoPictureModerator().check(smallPng)).toEqual({
      outcome: "unchecked",
      reason: "no_model",
    });
    // MODERATION=local with an AI service configured still sends no picture to it.
    const local = createPictureModerator({
      moderation: "local",
      aiBaseUrl: fake.baseUrl,
      aiApiKey: fake.apiKey,
    });
    expect(local.provider).toBe("none");
    expect(await local.check(smallPng)).toEqual({ outcome: "unchecked", reason: "no_model" });
    expect(fake.requests).toHaveLength(0);
  });

  it("is the provider's with MODERATION=openai, which needs an address and a key", async () => {
    const openai = createPictureModerator({
      moderation: "openai",
      aiBaseUrl: fake.baseUrl,
      aiApiKey: fake.apiKey,
    });
    expect(openai.provider).toBe("openai");
    expect(await openai.check(smallPng)).toEqual({ outcome: "allowed" });
    expect(moderationRequests()).toHaveLength(1);
    expect(() => createPictureModerator({ moderation: "openai" })).toThrow(/AI_BASE_URL and AI_API_KEY/);
  });
});
