// What a style hands the painter: how it turns the named colours, its outlines and washes, its sky, the marks
// it lays over the picture, and the finish sharp adds after rasterising.
import type { ColourName, Hsl } from "./palette";
import type { Pen } from "./pen";
import type { Random } from "./random";

/** Applied by sharp after rasterising: a gaussian blur (sigma) and a grain of ± this many levels. */
export type Finish = { blur?: number; grain?: number };

/** What a style knows of the picture when it paints its sky and its own marks. */
export type Frame = {
  pen: Pen;
  random: Random;
  time: "day" | "dawn" | "dusk" | "night";
  /** The sky's colours, top and horizon, already in the style's palette. */
  skyTop: string;
  skyLow: string;
  /** Where the light comes from (the sun, the moon, the star, the fire from heaven). */
  light: { x: number; y: number };
  /** Whether that light is in the picture (a sun, moon, star or fire), so a style may make it glow. */
  glowing: boolean;
  horizon: number;
  /** Indoors (a palace hall, a den): no sky at all. */
  indoors: boolean;
};

export type Look = {
  /** The style's version of a named colour. */
  tone(name: ColourName, base: Hsl): Hsl;
  /** Dark ink or lead round every shape (cartoon, glass), or pigment gathered at the edge (watercolour). */
  outline?: { color: string; width: number; opacity?: number };
  /** Translucent washes that show the layers beneath (watercolour). */
  opacity?: number;
  /** Each shape lit from above: a gradient this many lightness points lighter at the top, darker at the foot. */
  shading?: { light: number; dark: number };
  /** A soft shadow on the ground under everything that stands there, this dark (0–1). */
  shadows?: number;
  /** Eyes as small dots, or big round cartoon eyes with a shine. */
  eyes: "dot" | "big";
  /** The sky behind everything (outdoors only). */
  sky(frame: Frame): string;
  /** Marks over the landscape, beneath the people, animals and things (the glass's lead lines). */
  overLand?(frame: Frame): string;
  /** Marks over everything (vignette, brush strokes, window frame, washes). */
  overlay?(frame: Frame): string;
  finish?: Finish;
};

/** A style: its look, which may depend on the picture's seed (for scattered marks). */
export type Style = () => Look;
