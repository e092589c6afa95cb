// What a style hands the painter (palette, marks, outlines, finish) and the colour helpers styles use.
import type { Scene } from "./scene";

/** hsl() as hex, which every SVG renderer reads. */
export function hsl(hue: number, saturation: number, lightness: number): string {
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

/** A top-to-bottom gradient through evenly spaced stops, for a look's defs. */
export const linearGradient = (id: string, colours: string[]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${colours
    .map((colour, index) => `<stop offset="${index / (colours.length - 1)}" stop-color="${colour}"/>`)
    .join("")}</linearGradient>`;

/** Fills are colours or url(#id) references to gradients in the look's defs. */
export type LandColours = {
  sky: string;
  celestial: string;
  star: string;
  cloud: string;
  far: string;
  mid: string;
  near: string;
  sea: string;
};
export type FigureColours = {
  trunk: string;
  leaves: string;
  robe: string;
  cover: string;
  skin: string;
  lamp: string;
  flame: string;
};

export type Look = {
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
  finish?: Finish;
};

/** Applied by sharp after rasterising: a gaussian blur (sigma) and a grain of ± this many levels. */
export type Finish = { blur?: number; grain?: number };

/** A style: the scene's palette and the marks of its own. */
export type Style = (scene: Scene) => Look;
