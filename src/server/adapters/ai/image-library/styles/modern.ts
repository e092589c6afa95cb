// The "Modern Illustration" style: its palette and the marks of its own.
import { hsl, type Look } from "../look";
import { type Scene, SIZE } from "../scene";

/** Flat vector: bold flat colours turned by the scene's hue, a banded sky, a ring round the sun. */
export function modern(scene: Scene): Look {
  const h = scene.hue * 2;
  const skyHue = { day: 185, dusk: 330, night: 250 }[scene.time] + h;
  const skyLightness = scene.time === "night" ? 22 : 56;
  const bands = [1, 2]
    .map(
      (band) =>
        `<rect y="${band * 190}" width="${SIZE}" height="${SIZE}" fill="${hsl(skyHue + band * 12, 70, skyLightness + band * 8)}"/>`,
    )
    .join("");
  const { x, y, r } = scene.celestial;
  return {
    land: {
      sky: hsl(skyHue, 70, skyLightness),
      celestial: hsl(48, 100, 62),
      star: "#ffffff",
      cloud: hsl(skyHue, 60, 90),
      far: hsl(265 + h, 55, 58),
      mid: hsl(168 + h, 65, 42),
      near: hsl(145 + h / 2, 70, 32),
      sea: hsl(200 + h / 3, 85, 45),
    },
    figures: {
      trunk: hsl(20 + h, 55, 30),
      leaves: hsl(130 + h / 2, 70, 40),
      robe: hsl(8 + h, 85, 55),
      cover: hsl(45 + h, 95, 60),
      skin: hsl(28, 60, 62),
      lamp: hsl(35, 90, 50),
      flame: hsl(50, 100, 60),
    },
    afterSky: `${bands}<circle cx="${x}" cy="${y}" r="${r * 1.6}" fill="none" stroke="${hsl(48, 100, 70)}" stroke-width="10" opacity="0.6"/>`,
  };
}
