// The "Classic Biblical Art" style: its palette and the marks of its own.
import { hsl, type Look, linearGradient } from "../look";
import { randomFrom, type Scene, SIZE } from "../scene";

/** Renaissance: near-black umber, one pool of gold light with rays, a vignette, visible brush strokes. */
export function classic(scene: Scene): Look {
  const h = scene.hue / 3;
  const { x, y } = scene.celestial;
  const random = randomFrom(scene.seed);
  const rays = [-0.35, -0.12, 0.1, 0.3].map(
    (spread) =>
      `<path d="M${x} ${y} L${x + spread * SIZE - 40} ${SIZE} L${x + spread * SIZE + 40} ${SIZE}Z" fill="${hsl(43, 90, 65)}" fill-opacity="0.08"/>`,
  );
  // Brush strokes laid one way, in the colours beneath them: warm gold in the light, umber in the shadow.
  const strokes = Array.from({ length: 500 }, () => {
    const [sx, sy] = [random.between(0, SIZE), random.between(0, SIZE)];
    const light = Math.max(0, 1 - Math.hypot(sx - x, sy - y) / 420);
    const angle = random.between(-0.9, -0.5);
    const length = random.between(20, 50);
    const colour = hsl(28 + 14 * light + h, 50 + 30 * light, random.between(8, 22) + 45 * light);
    const [dx, dy] = [Math.cos(angle) * length, Math.sin(angle) * length];
    return `<path d="M${sx} ${sy} q${dx / 2 + random.between(-4, 4)} ${dy / 2 + random.between(-4, 4)} ${dx} ${dy}" stroke="${colour}" stroke-width="${random.between(6, 14)}" stroke-opacity="${random.between(0.06, 0.14)}"/>`;
  });
  return {
    land: {
      sky: "url(#classic-sky)",
      celestial: hsl(44, 90, 68),
      star: hsl(45, 80, 70),
      cloud: hsl(30 + h, 30, 20),
      far: hsl(25 + h, 35, 15),
      mid: hsl(22 + h, 32, 11),
      near: "url(#classic-ground)",
      sea: hsl(205 + h, 35, 14),
    },
    figures: {
      trunk: hsl(20, 35, 9),
      leaves: hsl(90 + h, 25, 12),
      robe: hsl(352 + h, 65, 30),
      cover: hsl(222 + h, 55, 26),
      skin: hsl(28, 45, 45),
      lamp: hsl(38, 70, 35),
      flame: hsl(45, 100, 65),
    },
    defs:
      `<radialGradient id="classic-sky" cx="${x / SIZE}" cy="${y / SIZE}" r="0.75"><stop offset="0" stop-color="${hsl(42, 80, 55)}"/><stop offset="0.3" stop-color="${hsl(28 + h, 55, 20)}"/><stop offset="1" stop-color="${hsl(20 + h, 40, 5)}"/></radialGradient>` +
      linearGradient("classic-ground", [hsl(28 + h, 40, 16), hsl(18, 30, 4)]) +
      `<radialGradient id="classic-vignette" r="0.75"><stop offset="0.45" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.85"/></radialGradient>`,
    afterSky: rays.join(""),
    overlay: `<g fill="none" stroke-linecap="round">${strokes.join("")}</g><rect width="${SIZE}" height="${SIZE}" fill="url(#classic-vignette)"/>`,
    finish: { blur: 0.8, grain: 10 },
  };
}
