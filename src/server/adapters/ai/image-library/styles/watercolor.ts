// The "Watercolor" style: soft translucent washes on paper.
import type { Look } from "../look";
import { hsl, linearGradient } from "../palette";
import { SIZE } from "../parts/land";
import { blobPath } from "./marks";

/** Watercolour: pastel washes that let the paper through, pigment gathered at the edges, blooms, paper grain. */
export function watercolor(): Look {
  return {
    tone: (_name, [h, s, l]) => [h, s * 0.75, l + (97 - l) * 0.24],
    opacity: 0.85,
    outline: { color: hsl(230, 30, 45), width: 3.5, opacity: 0.32 },
    eyes: "dot",
    sky: ({ skyTop, skyLow }) =>
      linearGradient("wc-sky", [skyTop, skyLow, hsl(40, 60, 95)]) +
      `<rect width="${SIZE}" height="${SIZE}" fill="${hsl(40, 45, 96)}"/><rect width="${SIZE}" height="${SIZE}" fill="url(#wc-sky)" opacity="0.85"/>`,
    // Washes lie over the sky and land, beneath the figures, so that faces stay clear.
    overLand: ({ random, pen }) => {
      // Loose washes over the picture, each with the darker rim a wash leaves as it dries.
      const washes = Array.from({ length: 9 }, (_, index) => {
        const colour = pen.hex(index % 3 === 0 ? "sky-day" : index % 3 === 1 ? "grass" : "sand");
        const [cx, cy] = [random.between(0, SIZE), random.between(0, SIZE)];
        return `<path d="${blobPath(random, cx, cy, random.between(120, 260), random.between(50, 110))}" fill="${colour}" fill-opacity="0.1" stroke="${colour}" stroke-width="3" stroke-opacity="0.16"/>`;
      });
      return washes.join("");
    },
    overlay: () => `<rect width="${SIZE}" height="${SIZE}" fill="${hsl(40, 50, 92)}" opacity="0.08"/>`,
    finish: { blur: 1.6, grain: 14 },
  };
}
