import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import matter from "gray-matter";
import { z } from "zod";

/** content/stories/: one markdown file per story, its catalogue entry in the front matter. */
export const defaultLibraryDir = fileURLToPath(new URL("../../../../content/stories", import.meta.url));

export const storyFrontMatterSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/),
  title: z.string().trim().min(1).max(80),
  blurb: z.string().trim().min(10).max(200),
  difficulty: z.number().int().min(1).max(5),
  scripture: z.string().trim().min(1),
});

export type LibraryStory = z.infer<typeof storyFrontMatterSchema> & { file: string; body: string };

export async function loadLibrary(dir: string = defaultLibraryDir): Promise<LibraryStory[]> {
  const files = (await readdir(dir)).filter((name) => name.endsWith(".md")).sort();
  return Promise.all(
    files.map(async (file) => {
      const { data, content } = matter(await readFile(join(dir, file), "utf8"));
      const parsed = storyFrontMatterSchema.safeParse(data);
      if (!parsed.success) {
        throw new Error(
          `content/stories/${file}: ${parsed.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`,
        );
      }
      if (`${parsed.data.slug}.md` !== file)
        throw new Error(`content/stories/${file}: slug must match the file name`);
      return { ...parsed.data, file, body: content };
    }),
  );
}
