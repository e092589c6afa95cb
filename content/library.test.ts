import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findVerseReferences } from "../src/core/stories/verse-reference";
import { ANIMAL_PARTS } from "../src/server/adapters/ai/image-library/parts/animals";
import { drawLand } from "../src/server/adapters/ai/image-library/parts/land";
import { drawPerson } from "../src/server/adapters/ai/image-library/parts/person";
import { THING_PARTS } from "../src/server/adapters/ai/image-library/parts/things";
import { Pen } from "../src/server/adapters/ai/image-library/pen";
import { randomFrom } from "../src/server/adapters/ai/image-library/random";
import { STYLES } from "../src/server/adapters/ai/image-library/styles";
import { defaultLibraryDir, loadLibrary, parseStoryFile } from "../src/server/features/stories/library";

// The library is what a ministry reviews and what the app streams offline: every story must have
// all three layers, each with its prompt, guidance, cited Scripture and a length a child can read.
const files = (await readdir(defaultLibraryDir)).filter((name) => name.endsWith(".md")).sort();

describe("the story library", () => {
  it("has at least 16 stories spanning difficulties 1 to 5 and both testaments", async () => {
    const library = await loadLibrary();
    expect(library.length).toBeGreaterThanOrEqual(16);
    expect(new Set(library.map((story) => story.slug)).size).toBe(library.length);
    expect(new Set(library.map((story) => story.difficulty))).toEqual(new Set([1, 2, 3, 4, 5]));
    const cited = library.flatMap((story) =>
      story.layers.flatMap((layer) => findVerseReferences(layer.text)),
    );
    expect(cited.some((reference) => /^(Genesis|Exodus|Ruth|1 Samuel|Daniel|Jonah)/.test(reference))).toBe(
      true,
    );
    expect(cited.some((reference) => /^(Matthew|Mark|Luke|John)/.test(reference))).toBe(true);
  });

  it.each(files)("%s meets every rule", async (file) => {
    const story = parseStoryFile(file, await readFile(join(defaultLibraryDir, file), "utf8"));
    expect(story.layers.map((layer) => layer.layer)).toEqual([1, 2, 3]);
  });

  // The offline illustrator draws each layer's scene: it must say what is in the picture, differ from the
  // story's other layers, and name only parts the illustrator's library has a drawing for.
  it.each(files)("%s has a scene for each layer, made of parts the illustrator can draw", async (file) => {
    const story = parseStoryFile(file, await readFile(join(defaultLibraryDir, file), "utf8"));
    const pen = new Pen(STYLES.cartoon());
    const drawn = (markup: string) => /<(path|circle|ellipse) /.test(markup);
    for (const { layer, scene } of story.layers) {
      const where = `${file} layer ${layer}`;
      expect(scene.caption.length, where).toBeGreaterThanOrEqual(10);
      expect(scene.people.length + scene.animals.length + scene.things.length, where).toBeGreaterThan(0);
      expect(drawn(drawLand(pen, randomFrom(1), scene.setting).layers.far), where).toBe(true);
      for (const thing of scene.things) {
        expect(Object.hasOwn(THING_PARTS, thing.kind), `${where}: ${thing.kind}`).toBe(true);
        expect(drawn(THING_PARTS[thing.kind].draw(pen)), `${where}: ${thing.kind}`).toBe(true);
      }
      for (const animal of scene.animals) {
        expect(Object.hasOwn(ANIMAL_PARTS, animal.kind), `${where}: ${animal.kind}`).toBe(true);
        expect(drawn(ANIMAL_PARTS[animal.kind].draw(pen)), `${where}: ${animal.kind}`).toBe(true);
      }
      for (const person of scene.people)
        expect(drawn(drawPerson(pen, person)), `${where}: ${person.who}`).toBe(true);
    }
    const captions = new Set(story.layers.map((layer) => layer.scene.caption));
    expect(captions.size, `${file}: each layer shows its own moment`).toBe(3);
  });
});

describe("the library rules", () => {
  const words = (count: number) => Array.from({ length: count }, () => "word").join(" ");
  const choice = (question = "Who ran to meet the son?", more: string[] = []) => [
    `      - question: ${JSON.stringify(question)}`,
    '        options: ["His father", "His brother", "A servant"]',
    "        answer: 0",
    '        verse: "Luke 15:20"',
    ...more,
  ];
  const open = ['      - open: "What will you try this week?"'];
  const threeChoices = [...choice(), ...choice(), ...choice()];
  type Sample = { layers?: number; scene?: "good" | "bad-part"; memoryVerse?: string; checks?: string[][] };
  const story = (
    layerTexts: string[],
    {
      layers = 3,
      scene = "good",
      memoryVerse = "Luke 15:24",
      checks = [threeChoices, threeChoices, [...choice(), ...choice(), ...open]],
    }: Sample = {},
  ) =>
    [
      "---",
      "slug: sample",
      "title: Sample",
      "blurb: A sample story for the rules.",
      "difficulty: 1",
      "scripture: Luke 15",
      `memory_verse: ${JSON.stringify(memoryVerse)}`,
      "layers:",
      ...Array.from({ length: layers }, (_, index) => [
        "  - prompt: Welcome to the sample layer of this story.",
        "    system_context: Guide the reader through the sample story with care and warmth.",
        "    scene:",
        '      caption: "A father runs to hug his son on the road home."',
        "      setting: road",
        "      people:",
        "        - {who: father, pose: arms-open, at: [0.4, near]}",
        ...(scene === "bad-part" ? ["      things:", "        - {kind: spaceship, at: [0.5, far]}"] : []),
        "    check:",
        ...(checks[index] ?? threeChoices),
      ]).flat(),
      "---",
      ...layerTexts.map((text, index) => `<!-- layer ${index + 1} -->\n${text}`),
    ].join("\n");
  const good = `${words(300)} Luke 15:20`;
  const goodLast = `${good}\nTry: something kind today.`;

  it("accepts a story that meets them, with its memory verse and checks", () => {
    const sample = parseStoryFile("sample.md", story([good, good, goodLast]));
    expect(sample.memoryVerse).toBe("Luke 15:24");
    expect(sample.layers[0].check[0]).toEqual({
      kind: "choice",
      question: "Who ran to meet the son?",
      options: ["His father", "His brother", "A servant"],
      answer: 0,
      verse: "Luke 15:20",
    });
    expect(sample.layers[2].check[2]).toEqual({ kind: "open", prompt: "What will you try this week?" });
  });

  it.each([
    ["a missing layer", story([good, good]), /markers/],
    ["a missing prompt", story([good, good, goodLast], { layers: 2 }), /layers/],
    ["a text that is too short", story([`${words(100)} Luke 15:20`, good, goodLast]), /102 words/],
    ["a text that is too long", story([good, `${words(600)} Luke 15:20`, goodLast]), /602 words/],
    ["no verse reference", story([words(300), good, goodLast]), /no verse reference/],
    ["a quote without its citation", story([`${good}\n\n> He ran to him.`, good, goodLast]), /quote/],
    ["HTML in the text", story([`${good} <script>x</script>`, good, goodLast]), /HTML/],
    ["no Try: or Challenge: in layer 3", story([good, good, good]), /Try:/],
    [
      "a scene naming a part the illustrator does not have",
      story([good, good, goodLast], { scene: "bad-part" }),
      /scene/,
    ],
    ["no memory verse", story([good, good, goodLast], { memoryVerse: "" }), /memory_verse/],
    [
      "a memory verse of three verses",
      story([good, good, goodLast], { memoryVerse: "Luke 15:22-24" }),
      /memory_verse/,
    ],
    [
      "a memory verse that is a list",
      story([good, good, goodLast], { memoryVerse: "Luke 15:20, 24" }),
      /memory_verse/,
    ],
    [
      "a layer with two checks",
      story([good, good, goodLast], { checks: [[...choice(), ...choice()]] }),
      /layers\.0\.check/,
    ],
    [
      "an open question in layer 1",
      story([good, good, goodLast], { checks: [[...choice(), ...choice(), ...open]] }),
      /only in layer 3/,
    ],
    [
      "two open questions in layer 3",
      story([good, good, goodLast], {
        checks: [threeChoices, threeChoices, [...choice(), ...open, ...open]],
      }),
      /at most one open/,
    ],
    [
      "a question without '?'",
      story([good, good, goodLast], {
        checks: [[...choice("Who ran to meet the son"), ...choice(), ...choice()]],
      }),
      /'\?'/,
    ],
    [
      "an answer beyond the options",
      story([good, good, goodLast], {
        checks: [
          [...choice(), ...choice(), ...choice().map((line) => line.replace("answer: 0", "answer: 3"))],
        ],
      }),
      /layers\.0\.check\.2\.answer/,
    ],
    [
      "the same option twice",
      story([good, good, goodLast], {
        checks: [
          [...choice().map((line) => line.replace('"A servant"', '"His Father"')), ...choice(), ...choice()],
        ],
      }),
      /differ/,
    ],
    [
      "a check's verse that is not one passage",
      story([good, good, goodLast], {
        checks: [
          [
            ...choice().map((line) => line.replace('"Luke 15:20"', '"the end of Luke"')),
            ...choice(),
            ...choice(),
          ],
        ],
      }),
      /verse/,
    ],
    [
      "a check with an unknown key",
      story([good, good, goodLast], {
        checks: [[...choice(undefined, ["        hint: look closely"]), ...choice(), ...choice()]],
      }),
      /hint/,
    ],
    [
      "a check that is both kinds",
      story([good, good, goodLast], {
        checks: [[...choice(), ...choice(), ...open, '        question: "Who ran to meet the son?"']],
      }),
      /question/,
    ],
  ])("refuses %s", (_, source, message) => {
    expect(() => parseStoryFile("sample.md", source)).toThrow(message);
  });
});
