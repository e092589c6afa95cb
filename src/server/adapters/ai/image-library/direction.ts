// The child's extra direction ("the big ark with giraffes and a rainbow", "at night", "Daniel smiling"): a
// small keyword reader that changes the scene for the things the library knows and ignores the rest.
import type { IllustrationScene, SceneAnimal, SceneThing, SkyPart } from "./scene-schema";

type Animal = SceneAnimal["kind"];

const ANIMAL_WORDS: Record<string, Animal> = {
  lion: "lion",
  lions: "lion",
  sheep: "sheep",
  lamb: "sheep",
  lambs: "sheep",
  donkey: "donkey",
  donkeys: "donkey",
  camel: "camel",
  camels: "camel",
  dove: "dove",
  doves: "dove",
  raven: "raven",
  ravens: "raven",
  crow: "raven",
  elephant: "elephant",
  elephants: "elephant",
  giraffe: "giraffe",
  giraffes: "giraffe",
  fish: "fish",
  fishes: "fish",
  whale: "great-fish",
  cow: "cattle",
  cows: "cattle",
  cattle: "cattle",
  ox: "cattle",
  oxen: "cattle",
  bird: "bird",
  birds: "bird",
  pig: "pig",
  pigs: "pig",
  goat: "goat",
  goats: "goat",
  horse: "horse",
  horses: "horse",
};

const SKY_WORDS: Record<string, SkyPart> = {
  rainbow: "rainbow",
  rainbows: "rainbow",
  rain: "rain",
  raining: "rain",
  rainy: "rain",
  storm: "storm",
  stormy: "storm",
  cloud: "clouds",
  clouds: "clouds",
  cloudy: "clouds",
  star: "stars",
  stars: "stars",
  starry: "stars",
  moon: "moon",
  sun: "sun",
  sunny: "sun",
  sunshine: "sun",
  rays: "light-rays",
  sunbeams: "light-rays",
};

const TIME_WORDS: Record<string, IllustrationScene["time"]> = {
  night: "night",
  nighttime: "night",
  dark: "night",
  midnight: "night",
  evening: "dusk",
  sunset: "dusk",
  dusk: "dusk",
  sunrise: "dawn",
  dawn: "dawn",
  morning: "dawn",
  day: "day",
  daytime: "day",
  noon: "day",
};

const THING_WORDS: Record<string, SceneThing["kind"]> = {
  ark: "ark",
  boat: "boat",
  ship: "boat",
  tent: "tent",
  tents: "tent",
  tree: "olive-tree",
  trees: "olive-tree",
  palm: "palm",
  palms: "palm",
  flowers: "flowers",
  flower: "flowers",
  well: "well",
  house: "house",
  city: "city",
  palace: "palace",
  castle: "palace",
  throne: "throne",
  altar: "altar",
  campfire: "campfire",
  manger: "manger",
  stable: "stable",
  barley: "barley",
  wheat: "barley",
};

/** Words too common to name a person by ("the lost son" is not "the"). */
const NOT_NAMES = new Set(["the", "and", "his", "her", "one", "old", "man", "son", "young", "little"]);

const HAPPY = new Set(["smiling", "smile", "smiles", "happy", "laughing", "joyful", "cheerful", "grinning"]);
const BIG = new Set(["big", "bigger", "huge", "giant", "large", "enormous"]);
const NEGATIONS = new Set(["no", "not", "without", "less"]);
const MORE = new Set(["more", "lots", "many", "plenty", "extra"]);

/** Where an animal the child asks for goes when the scene has none of it: free spots, in front first. */
const SPOTS: [number, "near" | "mid"][] = [
  [0.86, "mid"],
  [0.14, "mid"],
  [0.7, "near"],
  [0.3, "near"],
  [0.5, "mid"],
];

const THING_SPOTS = [0.18, 0.82, 0.5, 0.32, 0.68];

/** The scene with the direction applied; words the library does not know change nothing. */
export function applyDirection(scene: IllustrationScene, direction: string | undefined): IllustrationScene {
  if (!direction?.trim()) return scene;
  const words: string[] = direction.toLowerCase().match(/[a-z]+/g) ?? [];
  const next: IllustrationScene = {
    ...scene,
    sky: [...scene.sky],
    people: scene.people.map((person) => ({ ...person })),
    animals: scene.animals.map((animal) => ({ ...animal })),
    things: scene.things.map((thing) => ({ ...thing })),
  };
  const negated = (index: number) =>
    NEGATIONS.has(words[index - 1] ?? "") || NEGATIONS.has(words[index - 2] ?? "");
  let spot = 0;
  /** Night: the sun sets, the moon and stars come out. */
  const toNight = () => {
    next.time = "night";
    next.sky = next.sky.filter((part) => part !== "sun");
    for (const part of ["moon", "stars"] as const) if (!next.sky.includes(part)) next.sky.push(part);
  };

  words.forEach((word, index) => {
    const time = TIME_WORDS[word];
    if (time && !negated(index)) {
      next.time = time;
      if (time === "night") toNight();
      if (time === "day") next.sky = next.sky.filter((part) => part !== "stars" && part !== "moon");
    }
    const sky = SKY_WORDS[word];
    if (sky) {
      if (negated(index)) next.sky = next.sky.filter((part) => part !== sky);
      else if (!next.sky.includes(sky)) next.sky.push(sky);
      if (sky === "stars" && !negated(index) && next.time === "day") toNight();
    }
    const animal = ANIMAL_WORDS[word];
    if (animal) {
      const present = next.animals.find((candidate) => candidate.kind === animal);
      if (negated(index)) next.animals = next.animals.filter((candidate) => candidate.kind !== animal);
      else if (present)
        present.count = Math.min(8, present.count + (MORE.has(words[index - 1] ?? "") ? 2 : 0));
      else {
        const flying = animal === "dove" || animal === "raven" || animal === "bird";
        const [x, depth] = SPOTS[spot++ % SPOTS.length] as (typeof SPOTS)[number];
        next.animals.push({
          kind: animal,
          count: flying ? 1 : 2,
          at: [x, flying ? "mid" : depth],
          ...(flying ? { lift: 0.45 } : {}),
          ...(x > 0.5 ? { facing: "left" as const } : {}),
        });
      }
    }
    if (MORE.has(word) && /^animals?$/.test(words[index + 1] ?? "")) {
      if (next.animals.length === 0) next.animals.push({ kind: "sheep", count: 2, at: [0.8, "mid"] });
      for (const candidate of next.animals) candidate.count = Math.min(8, candidate.count + 2);
    }
    if (HAPPY.has(word) && !negated(index)) {
      // "Daniel smiling" lights up Daniel; "everyone happy" or no name lights up everyone.
      const named = next.people.filter((person) =>
        person.who
          .toLowerCase()
          .split(/[^a-z]+/)
          .some((name) => name.length >= 3 && !NOT_NAMES.has(name) && words.includes(name)),
      );
      for (const person of named.length > 0 ? named : next.people) person.expression = "joy";
    }
    const thing = THING_WORDS[word];
    if (thing && !negated(index) && !next.things.some((candidate) => candidate.kind === thing)) {
      // Trees and flowers stand to the sides, in front; buildings and boats further back.
      const small = thing === "flowers" || thing === "manger" || thing === "campfire" || thing === "altar";
      const x = THING_SPOTS[next.things.length % THING_SPOTS.length] as number;
      next.things.push({ kind: thing, at: [x, small ? "near" : "far"] });
    }
    if (BIG.has(word)) {
      const named = next.things.find((candidate) =>
        words.slice(index + 1, index + 3).includes(candidate.kind),
      );
      if (named) named.size = Math.min(3, (named.size ?? 1) * 1.25);
    }
  });
  return next;
}
