// The scene: what is drawn for a prompt (sky, hills, sea, trees, a figure), from a seed hashed from it.
import { createHash } from "node:crypto";

export const SIZE = 1024;

export type Point = [x: number, y: number];

export type Scene = {
  time: "day" | "dusk" | "night";
  /** Degrees every palette is turned by, so two stories in one style still differ in colour. */
  hue: number;
  celestial: { x: number; y: number; r: number };
  stars: { x: number; y: number; r: number }[];
  clouds: { x: number; y: number; w: number }[];
  far: Point[];
  /** Water from this height down, between the far hills and the near ground; else a middle ridge. */
  sea: number | null;
  mid: Point[] | null;
  near: Point[];
  trees: Tree[];
  figure: { x: number; base: number; height: number; facing: 1 | -1 };
  /** The figure holds up a lamp (the app's motif); otherwise a shepherd's staff. */
  lamp: boolean;
  /** For marks a style scatters (brush strokes, blooms, glass panes), so they too follow the prompt. */
  seed: number;
};
export type Tree = { x: number; base: number; height: number; palm: boolean };

/** mulberry32: small, fast and plenty for composing pictures. */
export function randomFrom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (low: number, high: number) => low + next() * (high - low),
    chance: (probability: number) => next() < probability,
  };
}
export type Random = ReturnType<typeof randomFrom>;

function ridge(random: Random, base: number, amplitude: number, steps: number): Point[] {
  return Array.from(
    { length: steps + 1 },
    (_, step): Point => [-64 + (step * (SIZE + 128)) / steps, base + random.between(-amplitude, amplitude)],
  );
}

/** The drawn ridge passes through the midpoints of its control points; this is its height at x. */
export function groundAt(points: Point[], x: number): number {
  const middles = points
    .slice(1)
    .map(
      ([px, py], index): Point => [
        (px + (points[index]?.[0] ?? px)) / 2,
        (py + (points[index]?.[1] ?? py)) / 2,
      ],
    );
  let previous = middles[0] as Point;
  for (const point of middles) {
    if (x <= point[0])
      return point[0] === previous[0]
        ? point[1]
        : previous[1] + ((point[1] - previous[1]) * (x - previous[0])) / (point[0] - previous[0]);
    previous = point;
  }
  return previous[1];
}

export function composeScene(prompt: string): Scene {
  const seed = createHash("sha256").update(prompt).digest().readUInt32LE(0);
  const random = randomFrom(seed);
  const roll = random.next();
  const time = roll < 0.45 ? "day" : roll < 0.75 ? "dusk" : "night";
  const horizon = random.between(520, 620);
  const sea = random.chance(0.4) ? horizon + random.between(20, 50) : null;
  const near = ridge(random, random.between(800, 860), random.between(20, 50), 5);
  const figureX = random.between(300, 724);
  const figure = {
    x: figureX,
    base: groundAt(near, figureX) + 14,
    height: random.between(280, 360),
    facing: random.chance(0.5) ? 1 : -1,
  } as const;
  const trees: Tree[] = [];
  for (let count = Math.floor(random.between(0, 4)); count > 0; count--) {
    const x = random.between(60, 964);
    if (Math.abs(x - figure.x) < 230 || trees.some((tree) => Math.abs(tree.x - x) < 120)) continue;
    trees.push({
      x,
      base: groundAt(near, x) + 10,
      height: random.between(220, 380),
      palm: random.chance(0.5),
    });
  }
  return {
    time,
    hue: random.between(-30, 30),
    celestial: {
      x: random.between(140, 884),
      y: time === "dusk" ? horizon - random.between(40, 110) : random.between(130, 300),
      r: time === "dusk" ? random.between(70, 100) : random.between(45, 70),
    },
    stars: Array.from({ length: { day: 0, dusk: 14, night: 60 }[time] }, () => ({
      x: random.between(10, 1014),
      y: random.between(10, horizon - 120),
      r: random.between(1.5, 4),
    })),
    clouds: Array.from({ length: time === "night" ? 0 : Math.floor(random.between(1, 4)) }, () => ({
      x: random.between(80, 944),
      y: random.between(90, 320),
      w: random.between(140, 240),
    })),
    far: ridge(random, horizon, random.between(30, 90), Math.floor(random.between(4, 8))),
    sea,
    mid: sea === null ? ridge(random, random.between(660, 720), random.between(20, 45), 4) : null,
    near,
    trees,
    figure,
    lamp: random.chance(0.7),
    seed,
  };
}
