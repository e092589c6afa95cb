// The common painter: lays a scene's shapes in a style's look as one SVG document.
import type { Look } from "./look";
import { type Scene, SIZE } from "./scene";
import {
  circlePath,
  cloudPath,
  crescentPath,
  figureShapes,
  lampShapes,
  ridgePath,
  treeShapes,
} from "./shapes";

/** The scene as SVG in the look: sky and land, trees, the figure with its lamp or staff, then the overlay. */
export function paint(scene: Scene, look: Look): string {
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
  const line = (d: string, color: string, width: number) =>
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;
  // Watercolour's faint edges are not ink: only opaque outlines ring the arm and staff, drawn wider beneath.
  const ink = outline && (outline.opacity ?? 1) === 1 ? outline : undefined;
  const limb = (d: string, color: string, width: number) =>
    (ink ? line(d, ink.color, width + ink.width * 2) : "") + line(d, color, width);
  if (!scene.lamp) parts.push(limb(figure.staff, colours.trunk, figure.armWidth * 0.6));
  parts.push(shape(figure.cover, colours.cover), shape(figure.robe, colours.robe));
  parts.push(shape(circlePath(figure.face.x, figure.face.y, figure.face.r), colours.skin));
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
