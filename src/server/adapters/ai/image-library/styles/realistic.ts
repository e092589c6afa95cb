// The "Realistic" style: its palette and the marks of its own.
import { hsl, type Look, linearGradient } from "../look";
import type { Scene } from "../scene";

/** Realistic: graded sky, sea and ground, haze on distant hills, a soft glow round the sun, fine grain. */
export function realistic(scene: Scene): Look {
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
