// The "Classic Biblical Art" style: Renaissance oil painting.
import type { Look } from "../look";
import { type ColourName, type Hsl, hsl } from "../palette";
import { SIZE } from "../parts/land";

/** An old master's sky, sea and far land: umber, ochre and deep green-blue, and lights that glow. */
const CLASSIC: Partial<Record<ColourName, Hsl>> = {
  "hill-far": [28, 28, 30],
  "grass-far": [70, 25, 30],
  cloud: [36, 40, 62],
  "cloud-storm": [30, 15, 26],
  water: [195, 38, 30],
  "water-deep": [205, 45, 18],
  foam: [40, 45, 72],
  sun: [46, 100, 72],
  moon: [45, 55, 82],
  star: [48, 90, 82],
  glow: [46, 100, 78],
  flame: [48, 100, 70],
  fire: [30, 100, 55],
  ray: [46, 100, 80],
};

/**
 * Renaissance: deep umber shadows and rich warm colour, one pool of golden light where the light comes from,
 * every shape modelled from light to shadow, a dark vignette and visible brush strokes.
 */
export function classic(): Look {
  return {
    tone: (name, [h, s, l]) => {
      const own = CLASSIC[name];
      if (own) return own;
      // Cool colours sink into shadow; warm ones keep their richness. The painting lives in shadow.
      // Greens turn towards olive, as old varnish turns them.
      if (h > 60 && h <= 150) return [h - (h - 75) * 0.4, s * 0.7, l * 0.58 + 3];
      const cool = h > 150 && h < 290;
      return cool ? [h, s * 0.7, l * 0.52 + 4] : [h, Math.min(90, s * 0.9 + 6), l * 0.6 + 4];
    },
    shading: { light: 12, dark: 16 },
    eyes: "dot",
    shadows: 0.4,
    // A sky of umber and gold round the light; only a night sky keeps its blue.
    sky: ({ light, skyTop, time }) =>
      `<radialGradient id="classic-sky" cx="${light.x / SIZE}" cy="${light.y / SIZE}" r="0.8"><stop offset="0" stop-color="${hsl(44, 85, 72)}"/><stop offset="0.22" stop-color="${hsl(36, 70, 45)}"/><stop offset="0.6" stop-color="${time === "night" ? skyTop : hsl(28, 45, 24)}"/><stop offset="1" stop-color="${hsl(20, 40, 6)}"/></radialGradient><rect width="${SIZE}" height="${SIZE}" fill="url(#classic-sky)"/>`,
    overlay: ({ light, random }) => {
      // Brush strokes laid one way, warm gold near the light and umber in the shadow.
      const strokes = Array.from({ length: 180 }, () => {
        const [x, y] = [random.between(0, SIZE), random.between(0, SIZE)];
        const near = Math.max(0, 1 - Math.hypot(x - light.x, y - light.y) / 460);
        const angle = random.between(-0.9, -0.5);
        const length = random.between(24, 60);
        const [dx, dy] = [Math.cos(angle) * length, Math.sin(angle) * length];
        return `<path d="M${x} ${y} q${dx / 2 + 3} ${dy / 2 - 3} ${dx} ${dy}" stroke="${hsl(30 + 14 * near, 45 + 30 * near, 12 + 50 * near)}" stroke-width="${random.between(6, 14)}" stroke-opacity="${random.between(0.06, 0.14)}"/>`;
      });
      return (
        `<radialGradient id="classic-light" cx="${light.x / SIZE}" cy="${light.y / SIZE}" r="0.9"><stop offset="0" stop-color="${hsl(45, 100, 70)}" stop-opacity="0.25"/><stop offset="0.5" stop-color="${hsl(40, 90, 50)}" stop-opacity="0"/></radialGradient>` +
        `<radialGradient id="classic-vignette" r="0.72"><stop offset="0.42" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#0b0603" stop-opacity="0.88"/></radialGradient>` +
        `<rect width="${SIZE}" height="${SIZE}" fill="url(#classic-light)"/>` +
        `<g fill="none" stroke-linecap="round">${strokes.join("")}</g>` +
        `<rect width="${SIZE}" height="${SIZE}" fill="url(#classic-vignette)"/>`
      );
    },
    finish: { blur: 0.8, grain: 10 },
  };
}
