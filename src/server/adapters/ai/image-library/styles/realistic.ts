// The "Realistic" style, drawn as painterly detail: natural colour, soft light and shade, subtle texture.
import type { Look } from "../look";
import { hsl, linearGradient } from "../palette";
import { SIZE } from "../parts/land";

/** Realistic: a natural palette, every shape graded from light to shade, a glow round the light, haze, grain. */
export function realistic(): Look {
  return {
    tone: (_name, [h, s, l]) => [h, s * 0.78, l * 0.92 + 3],
    shading: { light: 10, dark: 14 },
    shadows: 0.3,
    eyes: "dot",
    sky: ({ skyTop, skyLow, light, glowing }) =>
      linearGradient("real-sky", [skyTop, skyLow, hsl(40, 40, 88)]) +
      `<radialGradient id="real-glow"><stop offset="0" stop-color="${hsl(48, 100, 92)}" stop-opacity="0.85"/><stop offset="1" stop-color="${hsl(45, 100, 85)}" stop-opacity="0"/></radialGradient>` +
      `<rect width="${SIZE}" height="${SIZE}" fill="url(#real-sky)"/>${glowing ? `<circle cx="${light.x}" cy="${light.y}" r="260" fill="url(#real-glow)"/>` : ""}`,
    overlay: ({ light }) =>
      `<radialGradient id="real-light" cx="${light.x / SIZE}" cy="${light.y / SIZE}" r="1.1"><stop offset="0" stop-color="${hsl(45, 90, 85)}" stop-opacity="0.16"/><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.25"/></radialGradient><rect width="${SIZE}" height="${SIZE}" fill="url(#real-light)"/>`,
    finish: { blur: 0.7, grain: 6 },
  };
}
