import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { AI_FLAG_LABELS, type AiFlag } from "../../../core/schemas/moderation";
import { STORY_MESSAGES } from "../../../core/stories/generation-events";
import { createOpenAiPictureModerator } from "../../adapters/moderation/pictures";
import { aiFlags, storyContent } from "../../db/schema";
import { usedAiWork } from "../../shared/ai-quota";
import { type FakeOpenAi, startFakeOpenAi } from "../../test/fakes/openai";
import {
  call,
  createTestApp,
  signUpUser,
  signUpUserWithRole,
  type TestApp,
  type TestUser,
} from "../../test/harness";
import { parseSseEvents } from "../../test/sse";

// Issue 18, item 7: with MODERATION=openai a drawn illustration goes to the moderation model before it is stored
// or shown. Pictures are drawn by the offline library; the provider's moderation endpoint is the fake's.

const SLUG = "creation";
const UNAVAILABLE = "picture moderation unavailable; the picture was not checked";

let fake: FakeOpenAi;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeOpenAi();
  t = await createTestApp({
    pictureModerator: createOpenAiPictureModerator({
      baseUrl: fake.baseUrl,
      apiKey: fake.apiKey,
      timeoutMs: 300,
    }),
  });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(() => fake.reset());

async function generate(user: TestUser) {
  const response = await call(t, `/api/stories/${SLUG}/layers/1/generate`, {
    method: "POST",
    cookie: user.cookie,
  });
  expect(response.status).toBe(200);
  return parseSseEvents(response.text);
}

const redraw = (user: TestUser, direction?: string) =>
  call(t, `/api/stories/${SLUG}/layers/1/image`, {
    cookie: user.cookie,
    json: { style: "watercolor", direction },
  });

const storedIllustrations = async (user: TestUser) => {
  const keys: string[] = [];
  for await (const file of t.storage.list(`story-images/${user.id}/`)) keys.push(file.key);
  return keys;
};

const layerRow = async (user: TestUser) =>
  (await t.db.select().from(storyContent).where(eq(storyContent.userId, user.id)))[0];

const pictureChecks = () => fake.requests.filter((request) => request.path === "/v1/moderations");

describe("a drawn illustration checked by the moderation model", () => {
  it("shows and stores what the model allows, after sending it the picture", async () => {
    const user = await signUpUser(t);
    const events = await generate(user);
    const image = events.find((event) => event.type === "image");
    expect(image?.imageUrl).toMatch(/story-images\/.+\/story-\d+-layer-1\.png\?v=\d+$/);
    expect(pictureChecks()).toHaveLength(1);
    const body = pictureChecks()[0]?.body as { input?: { image_url?: { url?: string } }[] } | undefined;
    const input = body?.input;
    expect(input?.[0]?.image_url?.url).toMatch(/^data:image\/(png|webp);base64,/);
    expect(await storedIllustrations(user)).toHaveLength(1);
    expect((await layerRow(user))?.imageUrl).toBe(image?.imageUrl);
  });

  it("withholds a flagged picture as a flagged prompt is withheld, stores nothing, and raises it for leaders", async () => {
    const user = await signUpUser(t);
    fake.behave("ok", { flagged: true });
    const events = await generate(user);
    // The text still stands; the picture fails with the ordinary message, as for a withheld prompt.
    expect(events.map((event) => event.type).slice(-2)).toEqual(["done", "image_failed"]);
    expect(events.at(-1)).toEqual({ type: "image_failed", message: STORY_MESSAGES.imageFailed });
    const redrawn = await redraw(user, "At dawn");
    expect(redrawn.status).toBe(502);
    expect(redrawn.data.error.message).toBe(STORY_MESSAGES.imageFailed);
    expect(pictureChecks()).toHaveLength(2);

    // A flagged prompt (the local check here) answers exactly the same, and never reaches the picture check.
    fake.reset();
    const withheldPrompt = await redraw(user, "what the fuck");
    expect(withheldPrompt.status).toBe(redrawn.status);
    expect(withheldPrompt.data).toEqual(redrawn.data);
    expect(pictureChecks()).toHaveLength(0);

    expect(await storedIllustrations(user)).toEqual([]);
    expect((await layerRow(user))?.imageUrl).toBeNull();
    // A withheld picture does not count against the day's pictures.
    expect(await usedAiWork(t.db, user.id, "image")).toBe(0);

    const rows = await t.db.select().from(aiFlags).where(eq(aiFlags.userId, user.id));
    expect(rows.map((row) => [row.kind, row.priority, row.input])).toEqual([
      ["withheld_image", "normal", ""],
      ["withheld_image", "normal", "At dawn"],
      ["withheld_image", "normal", "what the fuck"],
    ]);
    const leader = await signUpUserWithRole(t, "leader");
    const queue = await call(t, "/api/leader/flags", { cookie: leader.cookie });
    expect(queue.status).toBe(200);
    const mine = (queue.data.flags as AiFlag[]).filter((flag) => flag.user.id === user.id);
    expect(mine).toHaveLength(3);
    expect(mine[0]).toMatchObject({
      kind: "withheld_image",
      story: { slug: SLUG },
      input: "",
      output: expect.stringMatching(
        /^The picture was drawn, then flagged by the moderation model \(harassment\)/,
      ),
    });
    expect(mine[0]?.output).toMatch(/It was drawn from:\n\nA classic biblical painting/);
    expect(AI_FLAG_LABELS[mine[0]?.kind ?? "withheld_image"]).toBe("An AI picture was withheld");
  });

  it.each([
    ["answers with an error", "500"],
    ["does not answer in time", "stall"],
  ] as const)("shows the illustration when the model %s, and logs a warning", async (_name, mode) => {
    const user = await signUpUser(t);
    const warn = vi.spyOn(t.logger, "warn");
    fake.behave(mode);
    const events = await generate(user);
    const image = events.find((event) => event.type === "image");
    expect(image?.imageUrl).toMatch(/story-images\//);
    expect(events.some((event) => event.type === "image_failed")).toBe(false);
    expect(await storedIllustrations(user)).toHaveLength(1);
    expect((await layerRow(user))?.imageUrl).toBe(image?.imageUrl);
    expect(await t.db.select().from(aiFlags).where(eq(aiFlags.userId, user.id))).toEqual([]);
    expect(warn.mock.calls).toEqual([
      [
        expect.objectContaining({
          kind: "illustration",
          userId: user.id,
          layer: 1,
          provider: "openai",
          detail: expect.stringMatching(/API error/),
        }),
        UNAVAILABLE,
      ],
    ]);
  });
});
