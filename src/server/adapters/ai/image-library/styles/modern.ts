// The "Modern Illustration" style: flat vector art.
import type { Look } from "../look";
import type { ColourName, Hsl } from "../palette";
import { SIZE } from "../parts/land";

const MODERN: Partial<Record<ColourName, Hsl>> = {
  "hill-far": [262, 42, 64],
  "hill-mid": [172, 48, 42],
  grass: [150, 52, 36],
  "grass-far": [160, 40, 52],
  "leaf-light": [140, 50, 46],
  "sky-day": [192, 72, 58],
  "sky-day-low": [28, 95, 82],
  "sky-dusk": [275, 45, 40],
  "sky-dusk-low": [14, 90, 66],
  "desert-far": [18, 60, 72],
  "desert-mid": [30, 75, 62],
  sand: [38, 80, 66],
};

/** Flat vector: clean flat shapes in vivid colour, no outlines, a banded sky and a ring round the light. */
export function modern(): Look {
  return {
    // Its own flat palette for the land and sky (violet hills, teal and emerald ground, a peach horizon),
    // everything else vivid.
    tone: (name, [h, s, l]) => MODERN[name] ?? [h, Math.min(100, s * 1.2 + 8), l],
    shadows: 0.14,
    eyes: "dot",
    sky: ({ skyTop, skyLow, horizon, light, glowing, pen }) => {
      const band = (horizon - 40) / 3;
      return (
        `<rect width="${SIZE}" height="${SIZE}" fill="${skyTop}"/>` +
        `<rect y="${band}" width="${SIZE}" height="${SIZE}" fill="${skyTop}" opacity="0.5"/>` +
        `<rect y="${band}" width="${SIZE}" height="${SIZE}" fill="${skyLow}" opacity="0.4"/>` +
        `<rect y="${band * 2}" width="${SIZE}" height="${SIZE}" fill="${skyLow}"/>` +
        (glowing
          ? `<circle cx="${light.x}" cy="${light.y}" r="150" fill="none" stroke="${pen.hex("glow")}" stroke-width="14" opacity="0.5"/>`
          : "")
      );
    },
  };
}
