// The "Cartoon/Animation" style: bright, rounded, thick outlines, big friendly eyes.
import type { Look } from "../look";
import { SIZE } from "../parts/land";

/** Cartoon: bright saturated colour, thick dark outlines, big shining eyes, a flat sky. */
export function cartoon(): Look {
  const ink = "#2b1d14";
  return {
    tone: (_name, [h, s, l]) => [h, Math.min(100, s * 1.3 + 12), Math.min(92, l * 0.85 + 14)],
    outline: { color: ink, width: 6 },
    eyes: "big",
    shadows: 0.18,
    sky: ({ skyTop, skyLow, horizon }) =>
      `<rect width="${SIZE}" height="${SIZE}" fill="${skyTop}"/><rect y="${horizon * 0.55}" width="${SIZE}" height="${SIZE}" fill="${skyLow}" opacity="0.55"/>`,
  };
}
