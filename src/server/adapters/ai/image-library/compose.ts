// The painter: lays a scene's setting, sky, people, animals and things in depth order, in a style's look,
// as one 1024×1024 SVG document.
import type { Frame, Look } from "./look";
import { ANIMAL_PARTS } from "./parts/animals";
import { drawLand, SIZE } from "./parts/land";
import { drawPerson } from "./parts/person";
import { drawFireFromHeaven, drawRain, drawSky, lightSource } from "./parts/sky";
import { THING_PARTS } from "./parts/things";
import { Pen } from "./pen";
import { randomFrom } from "./random";
import type { Depth, IllustrationScene, SkyPart } from "./scene-schema";

/** Pixels per scene unit at each depth: an adult is 100 units, so about 360 px tall in front. */
const DEPTH_SCALE: Record<Depth, number> = { far: 1.45, mid: 2.35, near: 3.6 };
const DEPTH_ORDER: Record<Depth, number> = { far: 0, mid: 1, near: 2 };
/** Outlines get lighter with distance, as a painter's line does. */
const DEPTH_WEIGHT: Record<Depth, number> = { far: 0.55, mid: 0.8, near: 1 };

type Placed = { order: number; draw: () => string };

const SKY_COLOURS = {
  day: ["sky-day", "sky-day-low"],
  dawn: ["sky-dawn", "sky-dawn-low"],
  dusk: ["sky-dusk", "sky-dusk-low"],
  night: ["sky-night", "sky-night-low"],
} as const;

/** The scene as SVG in the look; `seed` places the scattered marks (stars, ripples, brush strokes). */
export function composeScene(scene: IllustrationScene, look: Look, seed: number): string {
  const random = randomFrom(seed);
  const pen = new Pen(look);
  const land = drawLand(pen, random, scene.setting);

  const altar = scene.things.find((thing) => thing.kind.startsWith("altar"));
  const target = altar
    ? {
        x: altar.at[0] * SIZE,
        y: land.ground[altar.at[1]] - 60 * DEPTH_SCALE[altar.at[1]] * (altar.size ?? 1),
      }
    : { x: SIZE / 2, y: land.horizon };
  const light = lightSource(scene.sky, scene.time, land.horizon, target);
  const [top, low] = scene.sky.includes("storm")
    ? (["sky-storm", "sky-storm-low"] as const)
    : SKY_COLOURS[scene.time];
  const frame: Frame = {
    pen,
    random,
    time: scene.time,
    skyTop: pen.hex(top),
    skyLow: pen.hex(low),
    light,
    glowing: ["sun", "moon", "big-star", "fire-from-heaven"].some((part) =>
      scene.sky.includes(part as SkyPart),
    ),
    horizon: land.horizon,
    indoors: land.indoors,
  };

  const placed: Placed[] = [];
  const place = (
    at: [number, Depth],
    size: number | undefined,
    lift: number | undefined,
    facing: "left" | "right" | undefined,
    layer: number,
    width: number,
    draw: () => string,
    offset: [dx: number, dy: number] = [0, 0],
  ) => {
    const [x, depth] = at;
    const scale = DEPTH_SCALE[depth] * (size ?? 1);
    const y = land.ground[depth] - (lift ?? 0) * SIZE;
    const [px, py] = [x * SIZE + offset[0] * scale, y + offset[1] * scale];
    placed.push({
      order: DEPTH_ORDER[depth] * 100 + layer * 10 + (lift ? 5 : 0) + (offset[1] < 0 ? -1 : 0),
      draw: () => {
        pen.weight = DEPTH_WEIGHT[depth];
        const shadow =
          look.shadows && !lift && layer < 4
            ? `<ellipse cx="${px}" cy="${py - scale}" rx="${width * 0.5 * scale}" ry="${Math.max(3, width * 0.06 * scale)}" fill="#1a120c" fill-opacity="${look.shadows}"/>`
            : "";
        return shadow + pen.group(px, py, scale, facing === "left", draw);
      },
    });
  };

  for (const thing of scene.things)
    place(
      thing.at,
      thing.size,
      thing.lift,
      thing.facing,
      thing.kind === "waves" ? 4 : 0,
      THING_PARTS[thing.kind].width * 0.8,
      () => THING_PARTS[thing.kind].draw(pen),
    );
  for (const animal of scene.animals) {
    const part = ANIMAL_PARTS[animal.kind];
    for (let index = 0; index < animal.count; index++) {
      // Two by two: each pair side by side, the second a step behind.
      const pair = Math.floor(index / 2);
      const behind = index % 2 === 1;
      const across =
        (pair - (Math.ceil(animal.count / 2) - 1) / 2) * part.width * 1.15 + (behind ? part.width * 0.35 : 0);
      const back = behind ? -8 : 0;
      place(
        animal.at,
        (animal.size ?? 1) * (behind ? 0.94 : 1),
        animal.lift,
        animal.facing,
        1,
        part.width,
        () => part.draw(pen),
        [animal.facing === "left" ? -across : across, back],
      );
    }
  }
  for (const person of scene.people)
    place(person.at, person.size, person.lift, person.facing, 2, person.pose === "lying" ? 90 : 36, () =>
      drawPerson(pen, person),
    );
  placed.sort((a, b) => a.order - b.order);

  pen.weight = 1;
  const body = [
    land.indoors ? "" : look.sky(frame),
    land.indoors ? "" : drawSky(pen, random, scene.sky, light, land.horizon),
    land.layers.far,
    land.layers.mid,
    land.layers.near,
    look.overLand?.(frame) ?? "",
    scene.sky.includes("fire-from-heaven") ? drawFireFromHeaven(pen, target.x, target.y) : "",
    ...placed.map((part) => part.draw()),
  ];
  pen.weight = 1;
  body.push(scene.sky.includes("rain") ? drawRain(pen, random) : "", look.overlay?.(frame) ?? "");
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}"><defs>${pen.defs()}</defs>${body.join("")}</svg>`;
  // Two decimals are finer than a pixel; the rest only makes the document bigger and slower to parse.
  return svg.replace(/(\d+\.\d\d)\d+/g, "$1");
}
