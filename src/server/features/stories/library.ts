import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { z } from "zod";
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
 * layer's `scene` says what its picture shows, for the offline illustrator (content/README.md).
 */
export const defaultLibraryDir = fileURLToPath(new URL("../../../../content/stories", import.meta.url));

export const LAYER_WORDS = { min: 250, max: 500 } as const;

const layerPathSchema = z.object({
  prompt: z.string().trim().min(20).max(400),
  system_context: z.string().trim().min(40).max(1500),
  scene: illustrationSceneSchema,
});

export const storyFrontMatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().trim().min(1).max(80),
  blurb: z.string().trim().min(10).max(200),
  difficulty: z.number().int().min(1).max(5),
  scripture: z.string().trim().min(1),
  layers: z.array(layerPathSchema).length(3),
});

export type LibraryLayer = {
  layer: 1 | 2 | 3;
  prompt: string;
  systemContext: string;
  text: string;
  /** What the layer's picture shows when the offline illustrator draws it. */
  scene: IllustrationScene;
};

export type LibraryStory = Omit<z.infer<typeof storyFrontMatterSchema>, "layers"> & {
  file: string;
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
  const { layers: paths, ...entry } = parsed.data as z.infer<typeof storyFrontMatterSchema>;
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
    };
  }) as LibraryStory["layers"];
  const problems = layers.flatMap(libraryProblems);
  if (problems.length > 0) fail(problems.join("; "));
  return { ...entry, file, layers };
}

export async function loadLibrary(dir: string = defaultLibraryDir): Promise<LibraryStory[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith(".md")).sort();
  return Promise.all(
    files.map(async (file) => parseStoryFile(file, await readFile(join(dir, file), "utf8"))),
  );
}

let shelved: Promise<Map<string, LibraryStory>> | undefined;

/**
 * A library story's layer scene, for drawing its picture. The library is read once per process (the seed read
 * the same files at start-up); a story that is not in the library has no scene, and is drawn from its prompt.
 */
export async function librarySceneFor(
  slug: string,
  layer: 1 | 2 | 3,
): Promise<IllustrationScene | undefined> {
  shelved ??= loadLibrary()
    .then((stories) => new Map(stories.map((story) => [story.slug, story])))
    .catch((error: unknown) => {
      shelved = undefined; // a failed read is tried again next time
      throw error;
    });
  return (await shelved).get(slug)?.layers[layer - 1]?.scene;
}
