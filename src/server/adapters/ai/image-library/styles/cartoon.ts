// The "Cartoon/Animation" style: its palette and the marks of its own.
import { hsl, type Look } from "../look";
import type { Scene } from "../scene";

/** Cartoon: bright colours, round trees and clouds, thick dark outlines, a smiling sun with rays. */
export function cartoon(scene: Scene): Look {
  const h = scene.hue;
  const ink = "#2b1d14";
  const { x, y, r } = scene.celestial;
  const sunny = scene.time !== "night";
  const rays = Array.from({ length: sunny ? 10 : 0 }, (_, index) => {
    const [cos, sin] = [Math.cos((index * Math.PI) / 5), Math.sin((index * Math.PI) / 5)];
    return `<path d="M${x + cos * r * 1.25} ${y + sin * r * 1.25} L${x + cos * r * 1.7} ${y + sin * r * 1.7}" stroke="${ink}" stroke-width="9" stroke-linecap="round"/>`;
  });
  const sunFace = sunny
    ? `<g fill="${ink}"><circle cx="${x - r * 0.32}" cy="${y - r * 0.15}" r="${r * 0.1}"/><circle cx="${x + r * 0.32}" cy="${y - r * 0.15}" r="${r * 0.1}"/></g><path d="M${x - r * 0.4} ${y + r * 0.2} Q${x} ${y + r * 0.6} ${x + r * 0.4} ${y + r * 0.2}" fill="none" stroke="${ink}" stroke-width="7" stroke-linecap="round"/>`
    : "";
  return {
    land: {
      sky: hsl({ day: 200, dusk: 25, night: 240 }[scene.time] + h, 90, scene.time === "night" ? 35 : 70),
      celestial: hsl(50, 100, 58),
      star: hsl(55, 100, 75),
      cloud: "#ffffff",
      far: hsl(100 + h, 65, 60),
      mid: hsl(120 + h, 65, 48),
      near: hsl(95 + h, 75, 45),
      sea: hsl(195 + h, 95, 55),
    },
    figures: {
      trunk: hsl(25, 70, 40),
      leaves: hsl(125 + h, 75, 42),
      robe: hsl(25 + h, 95, 58),
      cover: hsl(200 + h, 90, 55),
      skin: hsl(28, 80, 75),
      lamp: hsl(40, 95, 55),
      flame: hsl(50, 100, 60),
    },
    outline: { color: ink, width: 9 },
    afterSky: rays.join(""),
    onSun: sunFace,
    roundTrees: true,
    faces: ink,
  };
}
