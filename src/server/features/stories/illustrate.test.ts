// A library story's picture is its layer's own scene: the scene in the story file reaches the image generator
// with the child's direction, and the offline illustrator draws exactly that.
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLibraryImageGenerator } from "../../adapters/ai/image-library";
import type { ImageGenerator, ImageScene } from "../../adapters/ai/types";
import { call, createTestApp, signUpUser, TEST_APP_URL, type TestApp } from "../../test/harness";
import { drawStoryCover } from "./illustrate";
import { loadLibrary } from "./library";

const library = createLibraryImageGenerator();
/** What the generator was asked to draw, call by call. */
const asked: (ImageScene | undefined)[] = [];
const recording: ImageGenerator = {
  provider: "library",
  generate(prompt, options) {
    asked.push(options.scene);
    return library.generate(prompt, options);
  },
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ ai: { image: recording } });
});
afterAll(async () => {
  await t.close();
});

describe("a library story's illustration", () => {
  it("draws the layer's scene from the story file, with the child's direction", async () => {
    const creation = (await loadLibrary()).find((story) => story.slug === "creation");
    const user = await signUpUser(t);
    const generated = await call(t, "/api/stories/creation/layers/1/generate", {
      method: "POST",
      cookie: user.cookie,
    });
    expect(generated.status).toBe(200);
    expect(asked.at(-1)).toEqual({ scene: creation?.layers[0].scene });

    const drawn = await call(t, "/api/stories/creation/layers/1/image", {
      cookie: user.cookie,
      json: { style: "cartoon", direction: "at night with more animals" },
    });
    expect(drawn.status).toBe(200);
    expect(asked.at(-1)).toEqual({
      scene: creation?.layers[0].scene,
      direction: "at night with more animals",
    });
    // What was stored is the scene drawn with the direction, byte for byte.
    const stored = await t.app.request(`${TEST_APP_URL}${drawn.data.imageUrl}`, {
      headers: { cookie: user.cookie },
    });
    const expected = await library.generate("", {
      signal: AbortSignal.timeout(10_000),
      style: "cartoon",
      scene: {
        scene: creation?.layers[0].scene as ImageScene["scene"],
        direction: "at night with more animals",
      },
    });
    expect(Buffer.from(await stored.arrayBuffer()).equals(Buffer.from(expected.png))).toBe(true);
  });
});

describe("a story's cover", () => {
  it("is the layer-1 scene as a square WebP, and nothing for a story outside the library", async () => {
    const cover = await drawStoryCover("noah-and-the-ark", "watercolor", 256);
    expect(await sharp(cover as Buffer).metadata()).toMatchObject({
      format: "webp",
      width: 256,
      height: 256,
    });
    expect(await drawStoryCover("not-a-library-story", "watercolor", 256)).toBeUndefined();
  });
});
