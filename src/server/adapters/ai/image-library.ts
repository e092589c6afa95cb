import { createHash } from "node:crypto";
import sharp from "sharp";
import type { ImageStyleId } from "../../../core/stories/image-styles";
import { AiError, type ImageGenerator } from "./types";

// The offline illustrator. A seed hashed from the prompt composes a small landscape (sky and light, far
// hills, sea or a middle ridge, near ground, trees, a robed figure holding a lamp or a staff), so each story
// and layer gets its own picture; a style then paints it with its palette and marks, and sharp rasterises it
// and adds the finish (softening, grain). It draws shapes only: the spec forbids words or letters in an
// illustration, and with no <text> anywhere the library cannot break that rule.
//
// Filters are kept out of the SVG on purpose: librsvg's feDisplacementMap and feTurbulence take about a
// second per 1024² image, while blur and grain done by libvips afterwards take a few milliseconds.

const SIZE = 1024;

type Point = [x: number, y: number];

type Scene = {
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
type Tree = { x: number; base: number; height: number; palm: boolean };

/** mulberry32: small, fast and plenty for composing pictures. */
function randomFrom(seed: number) {
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
type Random = ReturnType<typeof randomFrom>;

function ridge(random: Random, base: number, amplitude: number, steps: number): Point[] {
  return Array.from(
    { length: steps + 1 },
    (_, step): Point => [-64 + (step * (SIZE + 128)) / steps, base + random.between(-amplitude, amplitude)],
  );
}

/** The drawn ridge passes through the midpoints of its control points; this is its height at x. */
function groundAt(points: Point[], x: number): number {
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

function composeScene(prompt: string): Scene {
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

// ---------------------------------------------------------------------------------------------------------
// Shape builders: geometry as SVG path data, painted by the caller.

function ridgePath(points: Point[]): string {
  const [first, ...rest] = points as [Point, ...Point[]];
  const curves = rest.map(([x, y], index) => {
    const next = rest[index + 1];
    return next ? `Q${x} ${y} ${(x + next[0]) / 2} ${(y + next[1]) / 2}` : `L${x} ${y}`;
  });
  return `M${first[0]} ${first[1]} ${curves.join(" ")} L${SIZE + 64} ${SIZE + 64} L-64 ${SIZE + 64}Z`;
}

const circlePath = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy} a${r} ${r} 0 1 0 ${2 * r} 0 a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

const crescentPath = (x: number, y: number, r: number) =>
  `M${x} ${y - r} A${r} ${r} 0 1 1 ${x} ${y + r} A${r * 0.75} ${r} 0 1 0 ${x} ${y - r}Z`;

/** A soft irregular patch, as a wash of pigment dries: a closed curve through jittered points on an ellipse. */
function blobPath(random: Random, cx: number, cy: number, rx: number, ry: number): string {
  const points = Array.from({ length: 9 }, (_, index): Point => {
    const angle = (index / 9) * Math.PI * 2;
    const reach = random.between(0.75, 1.15);
    return [cx + Math.cos(angle) * rx * reach, cy + Math.sin(angle) * ry * reach];
  });
  const middle = (a: Point, b: Point) => `${(a[0] + b[0]) / 2} ${(a[1] + b[1]) / 2}`;
  const last = points.at(-1) as Point;
  return `M${middle(last, points[0] as Point)} ${points
    .map((point, index) => `Q${point.join(" ")} ${middle(point, points[index + 1] ?? (points[0] as Point))}`)
    .join(" ")}Z`;
}

const cloudPath = ({ x, y, w }: Scene["clouds"][number]) =>
  [
    circlePath(x - w * 0.3, y + w * 0.05, w * 0.22),
    circlePath(x, y - w * 0.08, w * 0.3),
    circlePath(x + w * 0.32, y + w * 0.06, w * 0.2),
  ].join(" ");

/** A robed figure: a head covering behind the face, a robe, one arm raised to hold the lamp, or a staff. */
function figureShapes({ x, base, height: h, facing: f }: Scene["figure"]) {
  const r = h * 0.085;
  const top = base - h;
  const hand: Point = [x + f * h * 0.3, base - h * 0.6];
  return {
    cover: `M${x - r * 1.4} ${top + r * 2.8} Q${x - r * 1.5} ${top - r * 0.3} ${x} ${top - r * 0.25} Q${x + r * 1.5} ${top - r * 0.3} ${x + r * 1.4} ${top + r * 2.8}Z`,
    robe: `M${x - h * 0.08} ${top + 2 * r} Q${x - h * 0.21} ${top + h * 0.3} ${x - h * 0.25} ${base} L${x + h * 0.25} ${base} Q${x + h * 0.21} ${top + h * 0.3} ${x + h * 0.08} ${top + 2 * r}Z`,
    face: { x: x + f * r * 0.1, y: top + r * 1.15, r: r * 0.85 },
    arm: `M${x + f * h * 0.06} ${base - h * 0.74} L${hand[0]} ${hand[1]}`,
    armWidth: h * 0.065,
    staff: `M${hand[0]} ${base} L${hand[0]} ${top - h * 0.08}`,
    hand,
  };
}

/** An oil lamp of the Bible lands: a shallow bowl, a spout and its flame, with the light around it. */
function lampShapes([hx, hy]: Point, h: number) {
  const s = h * 0.07;
  const [fx, fy] = [hx + s * 1.1, hy - s * 0.55];
  return {
    body: `M${hx - s} ${hy - s * 0.2} Q${hx} ${hy + s * 0.9} ${hx + s * 1.2} ${hy - s * 0.35} L${hx + s * 0.2} ${hy - s * 0.5}Z`,
    flame: `M${fx} ${fy - s * 1.1} Q${fx + s * 0.45} ${fy - s * 0.2} ${fx} ${fy} Q${fx - s * 0.45} ${fy - s * 0.2} ${fx} ${fy - s * 1.1}Z`,
    light: { x: fx, y: fy - s * 0.5, r: h * 0.45 },
  };
}

function treeShapes({ x, base, height: h, palm }: Tree, round: boolean): { trunk: string; crown: string } {
  if (round || !palm)
    return {
      trunk: `M${x - h * 0.05} ${base} L${x - h * 0.03} ${base - h * 0.6} L${x + h * 0.03} ${base - h * 0.6} L${x + h * 0.05} ${base}Z`,
      crown: [
        circlePath(x - h * 0.14, base - h * 0.62, h * 0.2),
        circlePath(x + h * 0.14, base - h * 0.64, h * 0.2),
        circlePath(x, base - h * 0.82, h * 0.24),
      ].join(" "),
    };
  const [tx, ty] = [x + h * 0.12, base - h];
  // Five fronds fanning out and drooping from the top of a leaning trunk.
  const fronds = [-170, -130, -90, -50, -10].map((degrees) => {
    const angle = (degrees * Math.PI) / 180;
    const [ex, ey] = [tx + Math.cos(angle) * h * 0.42, ty + Math.sin(angle) * h * 0.2 + h * 0.12];
    const [cx, cy] = [tx + Math.cos(angle) * h * 0.25, ty + Math.sin(angle) * h * 0.28];
    return `M${tx} ${ty} Q${cx} ${cy - h * 0.06} ${ex} ${ey} Q${cx} ${cy + h * 0.04} ${tx} ${ty}Z`;
  });
  return {
    trunk: `M${x - h * 0.03} ${base} Q${x} ${base - h * 0.5} ${tx - h * 0.02} ${ty} L${tx + h * 0.03} ${ty} Q${x + h * 0.06} ${base - h * 0.5} ${x + h * 0.04} ${base}Z`,
    crown: fronds.join(" "),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Colours, looks and the common painter.

/** hsl() as hex, which every SVG renderer reads. */
function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.min(Math.max(saturation, 0), 100) / 100;
  const l = Math.min(Math.max(lightness, 0), 100) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (offset: number) => {
    const t = (h + offset + 1) % 1;
    const value =
      t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(1 / 3)}${channel(0)}${channel(-1 / 3)}`;
}

/** Fills are colours or url(#id) references to gradients in the look's defs. */
type LandColours = {
  sky: string;
  celestial: string;
  star: string;
  cloud: string;
  far: string;
  mid: string;
  near: string;
  sea: string;
};
type FigureColours = {
  trunk: string;
  leaves: string;
  robe: string;
  cover: string;
  skin: string;
  lamp: string;
  flame: string;
};

type Look = {
  /** Colours for the painted sky and land, or ready-made markup that replaces them (the glass mosaic). */
  land: LandColours | { markup: string };
  figures: FigureColours;
  defs?: string;
  /** Outlines on every shape: dark ink or lead (cartoon, stained glass), or pigment gathered at the edge. */
  outline?: { color: string; width: number; opacity?: number };
  /** Translucent washes that show the layers beneath (watercolour). */
  opacity?: number;
  /** Marks over the sky, behind the sun or moon and the land (light rays, glows, washes). */
  afterSky?: string;
  /** Marks on the sun or moon itself (the cartoon sun's face), hidden by the land like the sun. */
  onSun?: string;
  /** Marks over everything (vignette, brush strokes, window frame). */
  overlay?: string;
  roundTrees?: boolean;
  /** Eyes and a smile on the figure, in this colour (cartoon). */
  faces?: string;
  /** Applied by sharp after rasterising: a gaussian blur (sigma) and a grain of ± this many levels. */
  finish?: { blur?: number; grain?: number };
};

function paint(scene: Scene, look: Look): string {
  const outline = look.outline;
  const stroke = outline
    ? ` stroke="${outline.color}" stroke-width="${outline.width}" stroke-opacity="${outline.opacity ?? 1}" stroke-linejoin="round" stroke-linecap="round"`
    : "";
  const opacity = look.opacity === undefined ? "" : ` fill-opacity="${look.opacity}"`;
  const shape = (d: string, fill: string) => `<path d="${d}" fill="${fill}"${opacity}${stroke}/>`;
  // Shapes made of overlapping circles get one outline round the whole: the outline first, the fill over it.
  const compound = (d: string, fill: string) =>
    outline ? `<path d="${d}" fill="${fill}"${stroke}/><path d="${d}" fill="${fill}"/>` : shape(d, fill);
  const { celestial: c } = scene;
  const parts: string[] = [];

  if ("markup" in look.land) parts.push(look.land.markup);
  else {
    const land = look.land;
    parts.push(`<rect width="${SIZE}" height="${SIZE}" fill="${land.sky}"/>`);
    parts.push(
      ...scene.stars.map(
        (star) => `<circle cx="${star.x}" cy="${star.y}" r="${star.r}" fill="${land.star}"/>`,
      ),
    );
    parts.push(look.afterSky ?? "");
    parts.push(
      shape(scene.time === "night" ? crescentPath(c.x, c.y, c.r) : circlePath(c.x, c.y, c.r), land.celestial),
    );
    parts.push(look.onSun ?? "");
    parts.push(...scene.clouds.map((cloud) => compound(cloudPath(cloud), land.cloud)));
    parts.push(shape(ridgePath(scene.far), land.far));
    if (scene.sea !== null) parts.push(shape(`M-64 ${scene.sea}H${SIZE + 64}V${SIZE + 64}H-64Z`, land.sea));
    if (scene.mid) parts.push(shape(ridgePath(scene.mid), land.mid));
    parts.push(shape(ridgePath(scene.near), land.near));
  }

  const colours = look.figures;
  for (const tree of scene.trees) {
    const { trunk, crown } = treeShapes(tree, look.roundTrees === true);
    parts.push(shape(trunk, colours.trunk), compound(crown, colours.leaves));
  }
  const figure = figureShapes(scene.figure);
  const limb = (d: string, color: string, width: number) =>
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
  // Watercolour's faint edges are not ink: only opaque outlines ring the arm and staff.
  const border = outline && (outline.opacity ?? 1) === 1 ? outline.width * 2 : 0;
  if (!scene.lamp) {
    if (border) parts.push(limb(figure.staff, outline?.color ?? "", figure.armWidth * 0.6 + border));
    parts.push(limb(figure.staff, colours.trunk, figure.armWidth * 0.6));
  }
  parts.push(shape(figure.cover, colours.cover), shape(figure.robe, colours.robe));
  parts.push(shape(circlePath(figure.face.x, figure.face.y, figure.face.r), colours.skin));
  if (border) parts.push(limb(figure.arm, outline?.color ?? "", figure.armWidth + border));
  parts.push(limb(figure.arm, colours.robe, figure.armWidth));
  if (look.faces) {
    const { x, y, r } = figure.face;
    const f = scene.figure.facing;
    parts.push(
      `<g fill="${look.faces}"><circle cx="${x + f * r * 0.15 - r * 0.3}" cy="${y - r * 0.1}" r="${r * 0.11}"/><circle cx="${x + f * r * 0.15 + r * 0.3}" cy="${y - r * 0.1}" r="${r * 0.11}"/></g>`,
      `<path d="M${x - r * 0.35} ${y + r * 0.3} Q${x} ${y + r * 0.65} ${x + r * 0.35} ${y + r * 0.3}" fill="none" stroke="${look.faces}" stroke-width="${r * 0.1}" stroke-linecap="round"/>`,
    );
  }
  if (scene.lamp) {
    const lamp = lampShapes(figure.hand, scene.figure.height);
    parts.push(
      `<circle cx="${lamp.light.x}" cy="${lamp.light.y}" r="${lamp.light.r}" fill="url(#lamp-light)"/>`,
      shape(lamp.body, colours.lamp),
      `<path d="${lamp.flame}" fill="${colours.flame}"/>`,
    );
  }

  const lampLight = `<radialGradient id="lamp-light"><stop offset="0" stop-color="${colours.flame}" stop-opacity="0.7"/><stop offset="1" stop-color="${colours.flame}" stop-opacity="0"/></radialGradient>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}"><defs>${lampLight}${look.defs ?? ""}</defs>${parts.join("")}${look.overlay ?? ""}</svg>`;
}

const linearGradient = (id: string, colours: string[]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${colours
    .map((colour, index) => `<stop offset="${index / (colours.length - 1)}" stop-color="${colour}"/>`)
    .join("")}</linearGradient>`;

// ---------------------------------------------------------------------------------------------------------
// The six styles: each a palette and a few marks of its own.

/** Renaissance: near-black umber, one pool of gold light with rays, a vignette, visible brush strokes. */
function classic(scene: Scene): Look {
  const h = scene.hue / 3;
  const { x, y } = scene.celestial;
  const random = randomFrom(scene.seed);
  const rays = [-0.35, -0.12, 0.1, 0.3].map(
    (spread) =>
      `<path d="M${x} ${y} L${x + spread * SIZE - 40} ${SIZE} L${x + spread * SIZE + 40} ${SIZE}Z" fill="${hsl(43, 90, 65)}" fill-opacity="0.08"/>`,
  );
  // Brush strokes laid one way, in the colours beneath them: warm gold in the light, umber in the shadow.
  const strokes = Array.from({ length: 500 }, () => {
    const [sx, sy] = [random.between(0, SIZE), random.between(0, SIZE)];
    const light = Math.max(0, 1 - Math.hypot(sx - x, sy - y) / 420);
    const angle = random.between(-0.9, -0.5);
    const length = random.between(20, 50);
    const colour = hsl(28 + 14 * light + h, 50 + 30 * light, random.between(8, 22) + 45 * light);
    const [dx, dy] = [Math.cos(angle) * length, Math.sin(angle) * length];
    return `<path d="M${sx} ${sy} q${dx / 2 + random.between(-4, 4)} ${dy / 2 + random.between(-4, 4)} ${dx} ${dy}" stroke="${colour}" stroke-width="${random.between(6, 14)}" stroke-opacity="${random.between(0.06, 0.14)}"/>`;
  });
  return {
    land: {
      sky: "url(#classic-sky)",
      celestial: hsl(44, 90, 68),
      star: hsl(45, 80, 70),
      cloud: hsl(30 + h, 30, 20),
      far: hsl(25 + h, 35, 15),
      mid: hsl(22 + h, 32, 11),
      near: "url(#classic-ground)",
      sea: hsl(205 + h, 35, 14),
    },
    figures: {
      trunk: hsl(20, 35, 9),
      leaves: hsl(90 + h, 25, 12),
      robe: hsl(352 + h, 65, 30),
      cover: hsl(222 + h, 55, 26),
      skin: hsl(28, 45, 45),
      lamp: hsl(38, 70, 35),
      flame: hsl(45, 100, 65),
    },
    defs:
      `<radialGradient id="classic-sky" cx="${x / SIZE}" cy="${y / SIZE}" r="0.75"><stop offset="0" stop-color="${hsl(42, 80, 55)}"/><stop offset="0.3" stop-color="${hsl(28 + h, 55, 20)}"/><stop offset="1" stop-color="${hsl(20 + h, 40, 5)}"/></radialGradient>` +
      linearGradient("classic-ground", [hsl(28 + h, 40, 16), hsl(18, 30, 4)]) +
      `<radialGradient id="classic-vignette" r="0.75"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/></radialGradient>`,
    afterSky: rays.join(""),
    overlay: `<g fill="none" stroke-linecap="round">${strokes.join("")}</g><rect width="${SIZE}" height="${SIZE}" fill="url(#classic-vignette)"/>`,
    finish: { blur: 0.8, grain: 10 },
  };
}

/** Flat vector: bold flat colours turned by the scene's hue, a banded sky, a ring round the sun. */
function modern(scene: Scene): Look {
  const h = scene.hue * 2;
  const skyHue = { day: 185, dusk: 330, night: 250 }[scene.time] + h;
  const skyLightness = scene.time === "night" ? 22 : 56;
  const bands = [1, 2]
    .map(
      (band) =>
        `<rect y="${band * 190}" width="${SIZE}" height="${SIZE}" fill="${hsl(skyHue + band * 12, 70, skyLightness + band * 8)}"/>`,
    )
    .join("");
  const { x, y, r } = scene.celestial;
  return {
    land: {
      sky: hsl(skyHue, 70, skyLightness),
      celestial: hsl(48, 100, 62),
      star: "#ffffff",
      cloud: hsl(skyHue, 60, 90),
      far: hsl(265 + h, 55, 58),
      mid: hsl(168 + h, 65, 42),
      near: hsl(145 + h / 2, 70, 32),
      sea: hsl(200 + h / 3, 85, 45),
    },
    figures: {
      trunk: hsl(20 + h, 55, 30),
      leaves: hsl(130 + h / 2, 70, 40),
      robe: hsl(8 + h, 85, 55),
      cover: hsl(45 + h, 95, 60),
      skin: hsl(28, 60, 62),
      lamp: hsl(35, 90, 50),
      flame: hsl(50, 100, 60),
    },
    afterSky: `${bands}<circle cx="${x}" cy="${y}" r="${r * 1.6}" fill="none" stroke="${hsl(48, 100, 70)}" stroke-width="10" opacity="0.6"/>`,
  };
}

/** Watercolour: pastel washes on warm paper, pigment gathered at the edges, soft blooms, paper grain. */
function watercolor(scene: Scene): Look {
  const h = scene.hue;
  const random = randomFrom(scene.seed);
  const skyHue = { day: 200, dusk: 15, night: 235 }[scene.time] + h;
  // Loose washes in the colours around them (sky tints above the hills, greens and ochres below), each
  // with the darker edge a wash leaves as it dries.
  const wash = (top: number, bottom: number, hues: number[]) => {
    const [cx, cy] = [random.between(0, SIZE), random.between(top, bottom)];
    const colour = hsl(
      (hues[Math.floor(random.between(0, hues.length))] ?? 0) + random.between(-15, 15),
      60,
      74,
    );
    return `<path d="${blobPath(random, cx, cy, random.between(120, 280), random.between(40, 100))}" fill="${colour}" fill-opacity="0.2" stroke="${colour}" stroke-width="3" stroke-opacity="0.4"/>`;
  };
  const skyWashes = Array.from({ length: 5 }, () => wash(0, 480, [skyHue, skyHue + 30, 40]));
  const landWashes = Array.from({ length: 6 }, () => wash(640, SIZE, [95 + h, 130 + h, 40]));
  return {
    land: {
      sky: "url(#wc-sky)",
      celestial: hsl(40, 90, 78),
      star: hsl(50, 70, 92),
      cloud: "#ffffff",
      far: hsl(250 + h, 45, 76),
      mid: hsl(150 + h, 45, 68),
      near: hsl(95 + h, 50, 64),
      sea: hsl(195 + h, 60, 70),
    },
    figures: {
      trunk: hsl(25, 40, 55),
      leaves: hsl(120 + h, 45, 60),
      robe: hsl(345 + h, 60, 68),
      cover: hsl(210 + h, 55, 70),
      skin: hsl(25, 60, 80),
      lamp: hsl(35, 55, 60),
      flame: hsl(45, 100, 66),
    },
    opacity: 0.75,
    outline: { color: hsl(240 + h, 30, 45), width: 4, opacity: 0.3 },
    defs: linearGradient("wc-sky", [hsl(skyHue, 55, scene.time === "night" ? 76 : 85), hsl(40, 60, 94)]),
    afterSky: skyWashes.join(""),
    overlay: landWashes.join(""),
    finish: { blur: 2.4, grain: 14 },
  };
}

/**
 * Stained glass: sky and land become triangles of jewel-toned glass, each pane a little lighter or darker,
 * held in thick lead inside a pointed window arch.
 */
function stainedGlass(scene: Scene): Look {
  const h = scene.hue;
  const random = randomFrom(scene.seed);
  const glass: Record<string, [hue: number, saturation: number, lightness: number]> = {
    sky: [225 + h, 70, scene.time === "night" ? 24 : 38],
    light: [45, 95, 58],
    far: [280 + h, 55, 36],
    sea: [195 + h, 80, 36],
    mid: [160 + h, 60, 32],
    near: [130 + h, 55, 28],
  };
  const regionAt = (x: number, y: number) => {
    if (y > groundAt(scene.near, x)) return "near";
    if (scene.mid && y > groundAt(scene.mid, x)) return "mid";
    if (scene.sea !== null && y > scene.sea) return "sea";
    if (y > groundAt(scene.far, x)) return "far";
    const { celestial: c } = scene;
    return Math.hypot(x - c.x, y - c.y) < c.r * 1.2 ? "light" : "sky";
  };
  const cells = 14;
  const step = SIZE / cells;
  // Shared, jittered corners, so neighbouring panes meet without gaps.
  const corners = Array.from({ length: cells + 1 }, (_, i) =>
    Array.from({ length: cells + 1 }, (_, j): Point => {
      const inner = i > 0 && i < cells && j > 0 && j < cells;
      return [
        i * step + (inner ? random.between(-20, 20) : 0),
        j * step + (inner ? random.between(-20, 20) : 0),
      ];
    }),
  );
  const corner = (i: number, j: number) => corners[i]?.[j] as Point;
  const panes: string[] = [];
  for (let i = 0; i < cells; i++)
    for (let j = 0; j < cells; j++) {
      const [a, b, c, d] = [corner(i, j), corner(i + 1, j), corner(i + 1, j + 1), corner(i, j + 1)];
      for (const triangle of (i + j) % 2
        ? [
            [a, b, c],
            [a, c, d],
          ]
        : [
            [a, b, d],
            [b, c, d],
          ]) {
        const cx = triangle.reduce((sum, point) => sum + point[0], 0) / 3;
        const cy = triangle.reduce((sum, point) => sum + point[1], 0) / 3;
        const [hue, saturation, lightness] = glass[regionAt(cx, cy)] ?? [0, 0, 0];
        const fill = hsl(hue + random.between(-12, 12), saturation, lightness + random.between(-8, 8));
        panes.push(`<path d="M${triangle.map((point) => point.join(" ")).join(" L")}Z" fill="${fill}"/>`);
      }
    }
  const lead = "#17120f";
  const arch = `M112 ${SIZE} L112 420 Q112 120 512 40 Q912 120 912 420 L912 ${SIZE}Z`;
  return {
    land: { markup: `<g stroke="${lead}" stroke-width="7" stroke-linejoin="round">${panes.join("")}</g>` },
    figures: {
      trunk: hsl(25, 60, 30),
      leaves: hsl(140 + h, 70, 34),
      robe: hsl(350 + h, 75, 38),
      cover: hsl(48, 90, 50),
      skin: hsl(30, 60, 60),
      lamp: hsl(40, 85, 45),
      flame: hsl(50, 100, 62),
    },
    outline: { color: lead, width: 11 },
    overlay: `<path d="M0 0H${SIZE}V${SIZE}H0Z ${arch}" fill="${hsl(30, 12, 16)}" fill-rule="evenodd"/><path d="${arch}" fill="none" stroke="${lead}" stroke-width="18"/>`,
  };
}

/** Cartoon: bright colours, round trees and clouds, thick dark outlines, a smiling sun with rays. */
function cartoon(scene: Scene): Look {
  const h = scene.hue;
  const ink = "#2b1d14";
  const { x, y, r } = scene.celestial;
  const sunny = scene.time !== "night";
  const rays = Array.from({ length: sunny ? 10 : 0 }, (_, index) => {
    const [cos, sin] = [Math.cos((index * Math.PI) / 5), Math.sin((index * Math.PI) / 5)];
    return `<path d="M${x + cos * r * 1.25} ${y + sin * r * 1.25} L${x + cos * r * 1.7} ${y + sin * r * 1.7}" stroke="${ink}" stroke-width="9" stroke-linecap="round"/>`;
  });
  const sunFace = sunny
    ? `<g fill="${ink}"><circle cx="${x - r * 0.32}" cy="${y - r * 0.15}" r="${r * 0.1}"/><circle cx="${x + r * 0.32}" cy="${y - r * 0.15}" r="${r * 0.1}"/></g><path d="M${x - r * 0.4} ${y + r * 0.2} Q${x} ${y + r * 0.6} ${x + r * 0.4} ${y + r * 0.2}" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>`
    : "";
  return {
    land: {
      sky: hsl({ day: 200, dusk: 25, night: 240 }[scene.time] + h, 90, scene.time === "night" ? 35 : 70),
      celestial: hsl(50, 100, 58),
      star: hsl(55, 100, 75),
      cloud: "#ffffff",
      far: hsl(100 + h, 65, 60),
      mid: hsl(120 + h, 65, 48),
      near: hsl(95 + h, 75, 45),
      sea: hsl(195 + h, 95, 55),
    },
    figures: {
      trunk: hsl(25, 70, 40),
      leaves: hsl(125 + h, 75, 42),
      robe: hsl(25 + h, 95, 58),
      cover: hsl(200 + h, 90, 55),
      skin: hsl(28, 80, 75),
      lamp: hsl(40, 95, 55),
      flame: hsl(50, 100, 60),
    },
    outline: { color: ink, width: 9 },
    afterSky: rays.join(""),
    onSun: sunFace,
    roundTrees: true,
    faces: ink,
  };
}

/** Realistic: graded sky, sea and ground, haze on distant hills, a soft glow round the sun, fine grain. */
function realistic(scene: Scene): Look {
  const h = scene.hue / 4;
  const sky = {
    day: [hsl(212 + h, 60, 42), hsl(205 + h, 50, 65), hsl(200, 40, 85)],
    dusk: [hsl(240 + h, 35, 28), hsl(10 + h, 60, 58), hsl(38, 85, 72)],
    night: [hsl(228 + h, 55, 6), hsl(222 + h, 45, 14), hsl(215, 35, 26)],
  }[scene.time];
  const dim = scene.time === "night" ? 0.45 : 1;
  const { x, y, r } = scene.celestial;
  return {
    land: {
      sky: "url(#real-sky)",
      celestial: scene.time === "night" ? hsl(50, 30, 88) : hsl(48, 100, 92),
      star: hsl(50, 40, 85),
      cloud: scene.time === "dusk" ? hsl(20, 60, 80) : hsl(220, 20, 95),
      far: "url(#real-far)",
      mid: "url(#real-mid)",
      near: "url(#real-near)",
      sea: "url(#real-sea)",
    },
    figures: {
      trunk: hsl(25, 30, 22 * dim),
      leaves: hsl(95 + h, 30, 26 * dim),
      robe: hsl(25 + h, 30, 30 * dim),
      cover: hsl(35, 25, 55 * dim),
      skin: hsl(25, 40, 45 * dim),
      lamp: hsl(35, 50, 35 * dim),
      flame: hsl(45, 100, 70),
    },
    defs:
      linearGradient("real-sky", sky) +
      linearGradient("real-far", [hsl(215 + h, 18, 62 * dim), hsl(205 + h, 15, 70 * dim)]) +
      linearGradient("real-mid", [hsl(80 + h, 22, 42 * dim), hsl(70 + h, 25, 32 * dim)]) +
      linearGradient("real-near", [hsl(38 + h, 32, 36 * dim), hsl(28 + h, 30, 18 * dim)]) +
      linearGradient("real-sea", [hsl(205 + h, 45, 52 * dim), hsl(210 + h, 55, 26 * dim)]) +
      `<radialGradient id="real-sun"><stop offset="0" stop-color="${hsl(48, 100, 90)}" stop-opacity="0.9"/><stop offset="1" stop-color="${hsl(45, 100, 85)}" stop-opacity="0"/></radialGradient>`,
    afterSky: `<circle cx="${x}" cy="${y}" r="${r * 3.2}" fill="url(#real-sun)"/>`,
    finish: { blur: 0.7, grain: 6 },
  };
}

const STYLES: Record<ImageStyleId, (scene: Scene) => Look> = {
  classic,
  modern,
  watercolor,
  "stained-glass": stainedGlass,
  cartoon,
  realistic,
};

/** The illustration for `prompt` in `style` as SVG, before the finish sharp adds. */
export function drawLibraryIllustration(
  prompt: string,
  style: ImageStyleId,
): { svg: string; finish: Look["finish"] } {
  const scene = composeScene(prompt);
  const look = STYLES[style](scene);
  return { svg: paint(scene, look), finish: look.finish };
}

// Grain is made once per strength, from a fixed seed, so the same prompt and style always give the same
// bytes. It is drawn at half resolution and enlarged: a soft tooth like paper or canvas, which also keeps the
// PNG small (per-pixel noise doubles the file and the time to encode it).
const GRAIN_TILE = 256;
const grainTiles = new Map<number, Promise<Buffer>>();
function grainTile(levels: number): Promise<Buffer> {
  let tile = grainTiles.get(levels);
  if (!tile) {
    const random = randomFrom(levels);
    const half = GRAIN_TILE / 2;
    const noise = Buffer.alloc(half * half * 3);
    for (let pixel = 0; pixel < half * half; pixel++)
      noise.fill(Math.round(128 + (random.next() + random.next() - 1) * levels), pixel * 3, pixel * 3 + 3);
    tile = sharp(noise, { raw: { width: half, height: half, channels: 3 } })
      .resize(GRAIN_TILE, GRAIN_TILE)
      .raw()
      .toBuffer();
    grainTiles.set(levels, tile);
  }
  return tile;
}

/** Rasterises the illustration to a 1024×1024 RGB PNG. */
export async function renderLibraryIllustration(prompt: string, style: ImageStyleId): Promise<Buffer> {
  const { svg, finish } = drawLibraryIllustration(prompt, style);
  let image = sharp(Buffer.from(svg));
  if (finish?.blur) image = image.blur(finish.blur);
  // sharp lays composites on last, after the blur, so the grain itself stays crisp.
  if (finish?.grain)
    image = image.composite([
      {
        input: await grainTile(finish.grain),
        raw: { width: GRAIN_TILE, height: GRAIN_TILE, channels: 3 },
        tile: true,
        blend: "overlay",
      },
    ]);
  // A palette PNG is about a quarter of the size (e.g. 950 KB → 240 KB for classic) with no visible loss
  // in these drawn styles: it matters on a child's phone.
  return image.removeAlpha().png({ palette: true, quality: 90, compressionLevel: 9 }).toBuffer();
}

/**
 * Embedded default: draws the prompt's scene in the chosen style as a 1024×1024 PNG; the revised prompt is
 * the prompt. Throws AiError kind "aborted" when the caller's signal has fired.
 */
export function createLibraryImageGenerator(): ImageGenerator {
  return {
    provider: "library",
    async generate(prompt, { signal, style }) {
      if (signal.aborted) throw new AiError("Library illustration aborted", "aborted");
      const png = await renderLibraryIllustration(prompt, style);
      if (signal.aborted) throw new AiError("Library illustration aborted", "aborted");
      return { png, revisedPrompt: prompt };
    },
  };
}
