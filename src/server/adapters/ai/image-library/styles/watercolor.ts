// The "Watercolor" style: its palette and the marks of its own.
import { hsl, type Look, linearGradient } from "../look";
import { randomFrom, type Scene, SIZE } from "../scene";
import { blobPath } from "../shapes";

/** Watercolour: pastel washes on warm paper, pigment gathered at the edges, soft blooms, paper grain. */
export function watercolor(scene: Scene): Look {
  const h = scene.hue;
  const random = randomFrom(scene.seed);
  const skyHue = { day: 200, dusk: 15, night: 235 }[scene.time] + h;
  // Loose washes in the colours around them (sky tints above the hills, greens and ochres below), each
  // with the darker edge a wash leaves as it dries.
  const wash = (top: number, bottom: number, hues: number[]) => {
    const [cx, cy] = [random.between(0, SIZE), random.between(top, bottom)];
    const colour = hsl(
      (hues[Math.floor(random.between(0, hues.length))] ?? 0) + random.between(-15, 15),
      60,
      74,
    );
    return `<path d="${blobPath(random, cx, cy, random.between(120, 280), random.between(40, 100))}" fill="${colour}" fill-opacity="0.2" stroke="${colour}" stroke-width="3" stroke-opacity="0.4"/>`;
  };
  const skyWashes = Array.from({ length: 5 }, () => wash(0, 480, [skyHue, skyHue + 30, 40]));
  const landWashes = Array.from({ length: 6 }, () => wash(640, SIZE, [95 + h, 130 + h, 40]));
  return {
    land: {
      sky: "url(#wc-sky)",
      celestial: hsl(40, 90, 78),
      star: hsl(50, 70, 92),
      cloud: "#ffffff",
      far: hsl(250 + h, 45, 76),
      mid: hsl(150 + h, 45, 68),
      near: hsl(95 + h, 50, 64),
      sea: hsl(195 + h, 60, 70),
    },
    figures: {
      trunk: hsl(25, 40, 55),
      leaves: hsl(120 + h, 45, 60),
      robe: hsl(345 + h, 60, 68),
      cover: hsl(210 + h, 55, 70),
      skin: hsl(25, 60, 80),
      lamp: hsl(35, 55, 60),
      flame: hsl(45, 100, 66),
    },
    opacity: 0.75,
    outline: { color: hsl(240 + h, 30, 45), width: 4, opacity: 0.3 },
    defs: linearGradient("wc-sky", [hsl(skyHue, 55, scene.time === "night" ? 76 : 85), hsl(40, 60, 94)]),
    afterSky: skyWashes.join(""),
    overlay: landWashes.join(""),
    finish: { blur: 2.4, grain: 14 },
  };
}
