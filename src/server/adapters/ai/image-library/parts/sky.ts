// The sky's parts: sun, moon, stars and the star of Bethlehem, clouds and storm, rainbow, rain, light rays and
// fire from heaven, in picture pixels.
import type { ColourName } from "../palette";
import { circlePath, ellipsePath, type Pen } from "../pen";
import type { Random } from "../random";
import type { SkyPart } from "../scene-schema";
import { SIZE } from "./land";

type Point = { x: number; y: number };

/** Where the scene's light comes from, so styles can pool light and rays there. */
export function lightSource(sky: readonly SkyPart[], time: string, horizon: number, target: Point): Point {
  if (sky.includes("fire-from-heaven")) return { x: target.x, y: 40 };
  if (sky.includes("big-star")) return { x: 660, y: 140 };
  if (sky.includes("sun") || !sky.includes("moon"))
    return time === "dawn"
      ? { x: 250, y: horizon - 70 }
      : time === "dusk"
        ? { x: 780, y: horizon - 80 }
        : { x: 790, y: 180 };
  return { x: 780, y: 160 };
}

const star = (x: number, y: number, r: number) =>
  `M${x} ${y - r} Q${x + r * 0.18} ${y - r * 0.18} ${x + r} ${y} Q${x + r * 0.18} ${y + r * 0.18} ${x} ${y + r} Q${x - r * 0.18} ${y + r * 0.18} ${x - r} ${y} Q${x - r * 0.18} ${y - r * 0.18} ${x} ${y - r}Z`;

function cloud(pen: Pen, x: number, y: number, w: number, colour: ColourName): string {
  return pen.shape(
    circlePath(x - w * 0.3, y + w * 0.05, w * 0.22) +
      circlePath(x, y - w * 0.08, w * 0.3) +
      circlePath(x + w * 0.32, y + w * 0.06, w * 0.2) +
      ellipsePath(x, y + w * 0.14, w * 0.48, w * 0.12),
    colour,
    { compound: true },
  );
}

/** Everything in the sky behind the land. */
export function drawSky(
  pen: Pen,
  random: Random,
  sky: readonly SkyPart[],
  light: Point,
  horizon: number,
): string {
  const parts: string[] = [];
  if (sky.includes("stars") || sky.includes("big-star")) {
    const count = sky.includes("stars") ? 70 : 24;
    const dots = Array.from({ length: count }, () =>
      circlePath(random.between(10, SIZE - 10), random.between(10, horizon - 60), random.between(1.5, 3.6)),
    ).join("");
    const sparkles = Array.from({ length: count / 6 }, () =>
      star(random.between(30, SIZE - 30), random.between(30, horizon - 90), random.between(7, 13)),
    ).join("");
    parts.push(pen.mark(dots, "star"), pen.mark(sparkles, "star"));
  }
  if (sky.includes("light-rays") || sky.includes("big-star")) {
    const rays = [-0.5, -0.28, -0.08, 0.12, 0.32, 0.52].map(
      (spread) =>
        `M${light.x} ${light.y} L${light.x + spread * SIZE - 36} ${SIZE} L${light.x + spread * SIZE + 36} ${SIZE}Z`,
    );
    parts.push(pen.mark(rays.join(""), "ray", 0.16));
  }
  if (sky.includes("rainbow")) {
    const bands: ColourName[] = ["red", "orange", "petal-yellow", "leaf-light", "blue", "purple"];
    const [cx, cy] = [SIZE * 0.5, horizon + 130];
    parts.push(
      bands
        .map((colour, index) => {
          const r = 520 - index * 22;
          return pen.stroke(`M${cx - r} ${cy} A${r} ${r} 0 0 1 ${cx + r} ${cy}`, colour, 23, 0.82);
        })
        .join(""),
    );
  }
  if (sky.includes("sun")) {
    parts.push(pen.circle(light.x, light.y, 120, "glow", { bare: true, opacity: 0.25 }));
    parts.push(pen.circle(light.x, light.y, 62, "sun"));
  }
  if (sky.includes("moon")) {
    const { x, y } = sky.includes("sun") ? { x: 200, y: 170 } : light;
    const r = 48;
    parts.push(
      pen.shape(
        `M${x} ${y - r} A${r} ${r} 0 1 1 ${x} ${y + r} A${r * 0.72} ${r} 0 1 0 ${x} ${y - r}Z`,
        "moon",
      ),
    );
  }
  if (sky.includes("big-star")) {
    const { x, y } = light;
    parts.push(
      pen.circle(x, y, 90, "glow", { bare: true, opacity: 0.35 }),
      pen.shape(star(x, y, 58), "star"),
      pen.shape(
        star(x, y, 30).replace(/([\d.-]+) ([\d.-]+)/g, (_, a: string, b: string) => rotate45(x, y, +a, +b)),
        "star",
      ),
      pen.mark(
        `M${x - 4} ${y} L${x + 4} ${y} L${x + 2} ${horizon + 40} L${x - 2} ${horizon + 40}Z`,
        "ray",
        0.5,
      ),
    );
  }
  if (sky.includes("clouds"))
    for (const [x, y, w] of [
      [random.between(120, 360), random.between(120, 220), random.between(170, 230)],
      [random.between(520, 900), random.between(220, 330), random.between(140, 200)],
    ] as const)
      parts.push(cloud(pen, x, y, w, "cloud"));
  if (sky.includes("storm"))
    for (let index = 0; index < 5; index++)
      parts.push(
        cloud(pen, index * 240 - 40 + random.between(-30, 30), random.between(60, 160), 300, "cloud-storm"),
      );
  return parts.join("");
}

const rotate45 = (cx: number, cy: number, x: number, y: number) => {
  const [dx, dy] = [x - cx, y - cy];
  const c = Math.SQRT1_2;
  return `${cx + (dx - dy) * c} ${cy + (dx + dy) * c}`;
};

/** Fire falling from heaven onto (x, y): a column of light with tongues of fire. */
export function drawFireFromHeaven(pen: Pen, x: number, y: number): string {
  return (
    pen.mark(`M${x - 120} -10 L${x + 120} -10 L${x + 60} ${y} L${x - 60} ${y}Z`, "glow", 0.35) +
    pen.mark(`M${x - 60} -10 L${x + 60} -10 L${x + 26} ${y} L${x - 26} ${y}Z`, "flame", 0.55) +
    pen.mark(`M${x - 26} -10 L${x + 26} -10 L${x + 8} ${y} L${x - 8} ${y}Z`, "glow", 0.8)
  );
}

/** Rain over the whole picture. */
export function drawRain(pen: Pen, random: Random): string {
  const drops = Array.from({ length: 90 }, () => {
    const [x, y] = [random.between(-40, SIZE), random.between(-20, SIZE)];
    return `M${x} ${y} l-10 30`;
  }).join("");
  return pen.stroke(drops, "foam", 3, 0.55);
}
