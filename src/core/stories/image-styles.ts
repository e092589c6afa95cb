import { z } from "zod";

/** The six illustration styles of the spec; the snippet starts every image prompt. */
export const IMAGE_STYLES = [
  {
    id: "classic",
    name: "Classic Biblical Art",
    description: "Renaissance style, rich colors, dramatic lighting",
    promptSnippet:
      "A classic biblical painting in the Renaissance style, with rich colors, dramatic lighting and reverent composition",
  },
  {
    id: "modern",
    name: "Modern Illustration",
    description: "Clean lines, vibrant",
    promptSnippet: "A modern digital illustration with clean lines, flat shapes and a vibrant palette",
  },
  {
    id: "watercolor",
    name: "Watercolor",
    description: "Soft flowing colors",
    promptSnippet:
      "A gentle watercolor painting with soft flowing colors, light washes and visible paper texture",
  },
  {
    id: "stained-glass",
    name: "Stained Glass",
    description: "Luminous glass panes with bold lead lines",
    promptSnippet:
      "A stained glass window with luminous jewel-toned glass panes separated by bold dark lead lines",
  },
  {
    id: "cartoon",
    name: "Cartoon/Animation",
    description: "Kid-friendly, bright",
    promptSnippet:
      "A kid-friendly cartoon animation still with bright colors, rounded shapes and friendly faces",
  },
  {
    id: "realistic",
    name: "Realistic",
    description: "Photorealistic",
    promptSnippet: "A photorealistic scene with natural light, true-to-life detail and historical setting",
  },
] as const;

export type ImageStyle = (typeof IMAGE_STYLES)[number];
export type ImageStyleId = ImageStyle["id"];

export const imageStyleIds = IMAGE_STYLES.map((style) => style.id) as [ImageStyleId, ...ImageStyleId[]];

export function findImageStyle(id: string): ImageStyle | undefined {
  return IMAGE_STYLES.find((style) => style.id === id);
}

export const ADDITIONAL_DIRECTION_MAX_LENGTH = 300;

export const imageRequestSchema = z.object({
  style: z.enum(imageStyleIds, { error: "Invalid style selected" }),
  direction: z
    .string({ error: "Please describe the picture in words." })
    .trim()
    .max(
      ADDITIONAL_DIRECTION_MAX_LENGTH,
      `Please keep the direction under ${ADDITIONAL_DIRECTION_MAX_LENGTH} characters.`,
    )
    .optional()
    .transform((value) => value || undefined),
});
export type ImageRequest = z.infer<typeof imageRequestSchema>;

const AUDIENCE =
  "The picture is for children and teens aged 7 to 18: warm, hopeful and reverent, nothing frightening or violent, " +
  "modest clothing, and no words, letters or writing anywhere in the picture.";

const SCENE_MAX_LENGTH = 1200;

/** The image prompt of the spec: the style's snippet, the story text, then the audience. */
export function buildImagePrompt(style: ImageStyle, storyText: string, direction?: string): string {
  const whole = storyText.replace(/\s+/g, " ").trim();
  // Cut at a word: half a word can read as another one ("night" cut to a slur) and get the prompt withheld.
  const scene =
    whole.length <= SCENE_MAX_LENGTH
      ? whole
      : whole
          .slice(0, SCENE_MAX_LENGTH + 1)
          .replace(/\s+\S*$/, "")
          .slice(0, SCENE_MAX_LENGTH);
  return [
    `${style.promptSnippet}.`,
    `Illustrate this Bible story scene: ${scene}`,
    direction ? `Additional direction: ${direction}` : "",
    AUDIENCE,
  ]
    .filter(Boolean)
    .join("\n\n");
}
