// A picture for a prompt with no story scene: a small landscape composed from a seed hashed from the prompt
// (setting, time of day, trees, a friendly robed figure with a lamp or a staff), then whatever the prompt
// names that the library knows (lions, a boat, night, a rainbow...) added by the direction reader.
import { applyDirection } from "./direction";
import { randomFrom, seedOf } from "./random";
import type { IllustrationScene } from "./scene-schema";

export function sceneForPrompt(prompt: string): IllustrationScene {
  const random = randomFrom(seedOf(prompt));
  const setting = random.pick(["hills", "desert", "garden", "field", "road", "hills"] as const);
  const time = random.pick(["day", "day", "dawn", "dusk", "night"] as const);
  const x = random.between(0.3, 0.7);
  const tree = random.pick(["palm", "olive-tree", "sycamore", "fruit-tree"] as const);
  const scene: IllustrationScene = {
    caption: "A traveller with a lamp in the land of the Bible.",
    setting,
    time,
    sky: time === "night" ? ["moon", "stars"] : time === "day" ? ["sun", "clouds"] : ["sun"],
    people: [
      {
        who: "traveller",
        pose: random.pick(["standing", "walking", "arms-open"] as const),
        age: "adult",
        skin: random.pick(["light", "olive", "tan", "brown", "dark"] as const),
        clothes: random.pick(["red", "blue", "green", "brown", "teal", "purple"] as const),
        sash: random.pick(["gold", "cream", "orange"] as const),
        head: random.pick(["hood", "veil", "turban"] as const),
        hair: random.pick(["black", "brown"] as const),
        beard: random.chance(0.4),
        holds: random.chance(0.7) ? "lamp" : "staff",
        expression: "smile",
        halo: false,
        wings: false,
        at: [x, "near"],
        facing: x > 0.5 ? "left" : "right",
      },
    ],
    animals: [],
    things: [
      { kind: tree, at: [x > 0.5 ? random.between(0.08, 0.22) : random.between(0.78, 0.92), "mid"] },
      ...(random.chance(0.5)
        ? [{ kind: "bush" as const, at: [random.between(0.1, 0.9), "near"] as [number, "near"] }]
        : []),
    ],
  };
  return applyDirection(scene, prompt);
}
