// The scene vocabulary: what a story file's `scene` says is in a layer's picture, and the zod schema that
// checks it. The names here are the parts the offline illustrator knows how to draw (parts/), so a scene that
// passes this schema always draws; `content/README.md` documents the format for the people who write scenes.
import { z } from "zod";

export const SETTINGS = [
  "hills",
  "desert",
  "road",
  "sea",
  "shore",
  "parted-sea",
  "garden",
  "field",
  "city",
  "palace-hall",
  "den",
  "mountain",
] as const;

export const TIMES = ["day", "dawn", "dusk", "night"] as const;

/** What is in the sky: weather, light and the lights of the sky. */
export const SKY_PARTS = [
  "sun",
  "moon",
  "stars",
  "big-star",
  "clouds",
  "storm",
  "rain",
  "rainbow",
  "light-rays",
  "fire-from-heaven",
] as const;

export const POSES = [
  "standing",
  "walking",
  "running",
  "kneeling",
  "kneeling-in-prayer",
  "arms-open",
  "arms-raised",
  "praying",
  "sitting",
  "lying",
  "reaching",
  "slinging",
  "baby",
] as const;

export const SKIN_TONES = ["light", "olive", "tan", "brown", "dark"] as const;

export const CLOTH_COLOURS = [
  "red",
  "crimson",
  "orange",
  "gold",
  "green",
  "teal",
  "blue",
  "navy",
  "purple",
  "brown",
  "grey",
  "white",
  "cream",
  "many-colours",
] as const;

export const HEADWEAR = [
  "bare",
  "hood",
  "veil",
  "crown",
  "queen-crown",
  "turban",
  "headband",
  "helmet",
] as const;
export const HAIR = ["black", "brown", "grey", "white"] as const;
export const HELD = [
  "staff",
  "lamp",
  "sling",
  "shield",
  "spear",
  "sheaf",
  "sceptre",
  "lamb",
  "baby",
  "basket",
  "coat",
  "jar",
  "stones",
] as const;
export const EXPRESSIONS = ["smile", "joy", "calm", "sad"] as const;
export const AGES = ["adult", "elder", "child"] as const;

export const ANIMALS = [
  "lion",
  "sheep",
  "donkey",
  "camel",
  "dove",
  "raven",
  "elephant",
  "giraffe",
  "fish",
  "great-fish",
  "cattle",
  "bird",
  "pig",
  "goat",
  "horse",
] as const;

export const THINGS = [
  "ark",
  "boat",
  "wall",
  "city",
  "palace",
  "pyramid",
  "house",
  "tent",
  "well",
  "palm",
  "sycamore",
  "olive-tree",
  "fruit-tree",
  "tomb-open",
  "tomb-closed",
  "round-stone",
  "manger",
  "manger-with-baby",
  "stable",
  "altar",
  "altar-with-fire",
  "campfire",
  "lampstand",
  "burning-bush",
  "coat",
  "throne",
  "barley",
  "rock",
  "bush",
  "flowers",
  "pillar",
  "table",
  "pit",
  "waves",
  "cross-hill",
] as const;

export const DEPTHS = ["far", "mid", "near"] as const;

/** Where a part stands: across the picture (0 = left edge, 1 = right edge) and how far back. */
const placement = {
  at: z.tuple([z.number().min(0).max(1), z.enum(DEPTHS)]),
  /** Bigger or smaller than its usual size at that depth (1 = usual). */
  size: z.number().min(0.2).max(3).optional(),
  /** Raised above the ground by this share of the picture's height (a bird in the air, a man in a tree). */
  lift: z.number().min(0).max(0.8).optional(),
  facing: z.enum(["left", "right"]).optional(),
};

export const scenePersonSchema = z.object({
  /** Who it is, for the people who read the file; not drawn. */
  who: z.string().trim().min(1).max(40),
  pose: z.enum(POSES).default("standing"),
  age: z.enum(AGES).default("adult"),
  skin: z.enum(SKIN_TONES).default("olive"),
  clothes: z.enum(CLOTH_COLOURS).default("brown"),
  sash: z.enum(CLOTH_COLOURS).optional(),
  head: z.enum(HEADWEAR).default("hood"),
  /** The colour of the hood, veil or turban; left out, a hood or turban is cream and a veil matches the clothes. */
  headColour: z.enum(CLOTH_COLOURS).optional(),
  hair: z.enum(HAIR).default("brown"),
  beard: z.boolean().default(false),
  holds: z.enum(HELD).optional(),
  expression: z.enum(EXPRESSIONS).default("smile"),
  halo: z.boolean().default(false),
  wings: z.boolean().default(false),
  ...placement,
});

export const sceneAnimalSchema = z.object({
  kind: z.enum(ANIMALS),
  /** Animals of one kind side by side: 2 for two by two. */
  count: z.number().int().min(1).max(8).default(1),
  ...placement,
});

export const sceneThingSchema = z.object({ kind: z.enum(THINGS), ...placement });

export const illustrationSceneSchema = z.object({
  /** One line a person can read: what the picture shows. */
  caption: z.string().trim().min(10).max(200),
  setting: z.enum(SETTINGS),
  time: z.enum(TIMES).default("day"),
  sky: z.array(z.enum(SKY_PARTS)).default([]),
  people: z.array(scenePersonSchema).max(12).default([]),
  animals: z.array(sceneAnimalSchema).max(12).default([]),
  things: z.array(sceneThingSchema).max(16).default([]),
});

/** A layer's picture as its story file describes it, with every default filled in. */
export type IllustrationScene = z.infer<typeof illustrationSceneSchema>;
export type ScenePerson = z.infer<typeof scenePersonSchema>;
export type SceneAnimal = z.infer<typeof sceneAnimalSchema>;
export type SceneThing = z.infer<typeof sceneThingSchema>;
export type Depth = (typeof DEPTHS)[number];
export type Setting = (typeof SETTINGS)[number];
export type SkyPart = (typeof SKY_PARTS)[number];
export type ClothColour = (typeof CLOTH_COLOURS)[number];
