import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { z } from "zod";
import { parseVerseReference } from "../../../core/stories/verse-lookup";
import { findVerseReferences } from "../../../core/stories/verse-reference";
import {
  type IllustrationScene,
  illustrationSceneSchema,
} from "../../adapters/ai/image-library/scene-schema";

/**
 * content/stories/: one markdown file per story. The front matter holds the catalogue entry and,
 * for each of the three layers, the welcome prompt and the guidance for the AI. The body holds the
 * ministry-reviewed text of each layer after a `<!-- layer N -->` marker, in the dialect the story
 * page renders. The offline library provider streams that text; an AI provider gets the guidance. Each
 * layer's `scene` says what its picture shows, for the offline illustrator, and its `check` holds the three
 * 'Check your understanding' questions asked after it; the story names one `memory_verse` (content/README.md).
 */
export const defaultLibraryDir = fileURLToPath(new URL("../../../../content/stories", import.meta.url));

export const LAYER_WORDS = { min: 250, max: 500 } as const;

/** How many verses a memory verse may span: one, or two that follow each other, is what a child learns by heart. */
const MEMORY_VERSE_MAX_VERSES = 2;

/**
 * One passage within one chapter ("Daniel 6:4", "Luke 15:27-28"): a check's answer and a memory verse point the
 * child to a single place to read, never a list.
 */
function passageSchema(maxVerses: number) {
  return z
    .string()
    .trim()
    .refine((reference) => {
      const range = parseVerseReference(reference)?.ranges;
      if (range?.length !== 1 || !range[0]) return false;
      const { start, end } = range[0];
      return start.chapter === end.chapter && end.verse - start.verse < maxVerses;
    }, `must be one reference within a chapter, up to ${maxVerses} verses, like 'Daniel 6:4' or 'Daniel 6:4-5'`);
}

const checkQuestionText = z
  .string()
  .trim()
  .min(10)
  .max(140)
  .refine((text) => text.endsWith("?"), "must end with '?'");

const choiceCheckSchema = z
  .strictObject({
    kind: z.literal("choice"),
    question: checkQuestionText,
    options: z
      .array(z.string().trim().min(1).max(80))
      .min(3)
      .max(4)
      .refine(
        (options) => new Set(options.map((option) => option.toLowerCase())).size === options.length,
        "options must all differ",
      ),
    answer: z.number().int().min(0),
    verse: passageSchema(Number.POSITIVE_INFINITY),
  })
  .refine((check) => check.answer < check.options.length, {
    message: "answer must be the index of one of the options",
    path: ["answer"],
  });

/** Layer 3 may ask one open question ('What will you try this week?'): the answer is kept private, never scored. */
const openCheckSchema = z.strictObject({ kind: z.literal("open"), open: checkQuestionText });

/** A question of 'Check your understanding': multiple choice with the verse that answers it, or an open prompt. */
export type CheckQuestion =
  | { kind: "choice"; question: string; options: string[]; answer: number; verse: string }
  | { kind: "open"; prompt: string };

/**
 * The file says which kind a question is by its keys (`question` or `open`); the kind is added before parsing so
 * that a mistake is reported against the shape the writer meant, with strict keys either way.
 */
const checkQuestionSchema = z
  .preprocess(
    (value) =>
      typeof value === "object" && value !== null && !Array.isArray(value)
        ? { ...value, kind: "open" in value ? "open" : "choice" }
        : value,
    z.discriminatedUnion("kind", [choiceCheckSchema, openCheckSchema]),
  )
  .transform(
    (check): CheckQuestion => (check.kind === "open" ? { kind: "open", prompt: check.open } : check),
  );

const layerPathSchema = z.object({
  prompt: z.string().trim().min(20).max(400),
  system_context: z.string().trim().min(40).max(1500),
  scene: illustrationSceneSchema,
  check: z.array(checkQuestionSchema).length(3),
});

export const storyFrontMatterSchema = z
  .object({
    slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
    title: z.string().trim().min(1).max(80),
    blurb: z.string().trim().min(10).max(200),
    difficulty: z.number().int().min(1).max(5),
    scripture: z.string().trim().min(1),
    memory_verse: passageSchema(MEMORY_VERSE_MAX_VERSES),
    layers: z.array(layerPathSchema).length(3),
  })
  .superRefine(({ layers }, context) => {
    // Layers 1 and 2 check understanding, so every question there is scored; only Life Application asks
    // what the child will do, and once.
    layers.forEach((layer, index) => {
      const open = layer.check.filter((check) => check.kind === "open").length;
      const allowed = index === 2 ? 1 : 0;
      if (open > allowed)
        context.addIssue({
          code: "custom",
          path: ["layers", index, "check"],
          message:
            allowed === 0
              ? "an open question is allowed only in layer 3"
              : "layer 3 may have at most one open question",
        });
    });
  });

export type LibraryLayer = {
  layer: 1 | 2 | 3;
  prompt: string;
  systemContext: string;
  text: string;
  /** What the layer's picture shows when the offline illustrator draws it. */
  scene: IllustrationScene;
  /** 'Check your understanding' after the layer: three questions, each multiple choice but one open in layer 3. */
  check: [CheckQuestion, CheckQuestion, CheckQuestion];
};

export type LibraryStory = Omit<z.infer<typeof storyFrontMatterSchema>, "layers" | "memory_verse"> & {
  file: string;
  /** The verse a child learns by heart from this story ("Daniel 6:22"). */
  memoryVerse: string;
  layers: [LibraryLayer, LibraryLayer, LibraryLayer];
};

const LAYER_MARKER = /^<!--\s*layer\s+(\d)\s*-->\s*$/gm;

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Every rule a story must meet before the app will serve it; an empty list means it is fine. */
export function libraryProblems(layer: LibraryLayer): string[] {
  const problems: string[] = [];
  const words = countWords(layer.text);
  if (words < LAYER_WORDS.min || words > LAYER_WORDS.max)
    problems.push(`layer ${layer.layer} has ${words} words (${LAYER_WORDS.min}–${LAYER_WORDS.max} expected)`);
  if (findVerseReferences(layer.text).length === 0)
    problems.push(`layer ${layer.layer} cites no verse reference`);
  if (/<[a-z!/]/i.test(layer.text)) problems.push(`layer ${layer.layer} contains HTML`);
  // A quote is a run of "> " lines; each must carry its citation.
  for (const quote of layer.text.match(/(?:^>.*(?:\n|$))+/gm) ?? []) {
    if (findVerseReferences(quote).length === 0)
      problems.push(
        `layer ${layer.layer} has a quote without a verse reference: ${quote.trim().slice(0, 60)}`,
      );
  }
  if (layer.layer === 3 && !/^(Try|Challenge):/m.test(layer.text))
    problems.push("layer 3 has no line starting 'Try:' or 'Challenge:'");
  return problems;
}

export function parseStoryFile(file: string, source: string): LibraryStory {
  const fail = (message: string): never => {
    throw new Error(`content/stories/${file}: ${message}`);
  };
  const { data, content } = matter(source);
  const parsed = storyFrontMatterSchema.safeParse(data);
  if (!parsed.success)
    fail(parsed.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`).join("; "));
  const {
    layers: paths,
    memory_verse: memoryVerse,
    ...entry
  } = parsed.data as z.infer<typeof storyFrontMatterSchema>;
  if (`${entry.slug}.md` !== file) fail("slug must match the file name");

  const markers = [...content.matchAll(LAYER_MARKER)];
  if (markers.map((marker) => marker[1]).join() !== "1,2,3")
    fail("the body needs the markers <!-- layer 1 -->, <!-- layer 2 --> and <!-- layer 3 -->, in order");
  const layers = markers.map((marker, index) => {
    const start = (marker.index ?? 0) + marker[0].length;
    const end = markers[index + 1]?.index ?? content.length;
    const path = paths[index] as z.infer<typeof layerPathSchema>;
    return {
      layer: (index + 1) as 1 | 2 | 3,
      prompt: path.prompt,
      systemContext: path.system_context,
      text: content.slice(start, end).trim(),
      scene: path.scene,
      check: path.check as LibraryLayer["check"],
    };
  }) as LibraryStory["layers"];
  const problems = layers.flatMap(libraryProblems);
  if (problems.length > 0) fail(problems.join("; "));
  return { ...entry, file, memoryVerse, layers };
}

export async function loadLibrary(dir: string = defaultLibraryDir): Promise<LibraryStory[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith(".md")).sort();
  return Promise.all(
    files.map(async (file) => parseStoryFile(file, await readFile(join(dir, file), "utf8"))),
  );
}

let shelved: Promise<Map<string, LibraryStory>> | undefined;

/** The library's stories by slug, read once per process (the seed and every later reader share the read). */
export function libraryBySlug(): Promise<ReadonlyMap<string, LibraryStory>> {
  shelved ??= loadLibrary()
    .then((stories) => new Map(stories.map((story) => [story.slug, story])))
    .catch((error: unknown) => {
      shelved = undefined; // a failed read is tried again next time
      throw error;
    });
  return shelved;
}

/** A library story by its slug; undefined for a story that is not in the library. */
export async function libraryStoryFor(slug: string): Promise<LibraryStory | undefined> {
  return (await libraryBySlug()).get(slug);
}

/** A library story's layer scene, for drawing its picture; a story not in the library is drawn from its prompt. */
export async function librarySceneFor(
  slug: string,
  layer: 1 | 2 | 3,
): Promise<IllustrationScene | undefined> {
  return (await libraryStoryFor(slug))?.layers[layer - 1]?.scene;
}
