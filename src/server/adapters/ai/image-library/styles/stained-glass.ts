// The "Stained Glass" style: its palette and the marks of its own.
import { hsl, type Look } from "../look";
import { groundAt, type Point, randomFrom, type Scene, SIZE } from "../scene";

/**
 * Stained glass: sky and land become triangles of jewel-toned glass, each pane a little lighter or darker,
 * held in thick lead inside a pointed window arch.
 */
export function stainedGlass(scene: Scene): Look {
  const h = scene.hue;
  const random = randomFrom(scene.seed);
  const glass: Record<string, [hue: number, saturation: number, lightness: number]> = {
    sky: [225 + h, 70, scene.time === "night" ? 24 : 38],
    light: [45, 95, 58],
    far: [280 + h, 55, 36],
    sea: [195 + h, 80, 36],
    mid: [160 + h, 60, 32],
    near: [130 + h, 55, 28],
  };
  const regionAt = (x: number, y: number) => {
    if (y > groundAt(scene.near, x)) return "near";
    if (scene.mid && y > groundAt(scene.mid, x)) return "mid";
    if (scene.sea !== null && y > scene.sea) return "sea";
    if (y > groundAt(scene.far, x)) return "far";
    const { celestial: c } = scene;
    return Math.hypot(x - c.x, y - c.y) < c.r * 1.2 ? "light" : "sky";
  };
  const cells = 14;
  const step = SIZE / cells;
  // Shared, jittered corners, so neighbouring panes meet without gaps.
  const corners = Array.from({ length: cells + 1 }, (_, i) =>
    Array.from({ length: cells + 1 }, (_, j): Point => {
      const inner = i > 0 && i < cells && j > 0 && j < cells;
      return [
        i * step + (inner ? random.between(-20, 20) : 0),
        j * step + (inner ? random.between(-20, 20) : 0),
      ];
    }),
  );
  const corner = (i: number, j: number) => corners[i]?.[j] as Point;
  const panes: string[] = [];
  for (let i = 0; i < cells; i++)
    for (let j = 0; j < cells; j++) {
      const [a, b, c, d] = [corner(i, j), corner(i + 1, j), corner(i + 1, j + 1), corner(i, j + 1)];
      for (const triangle of (i + j) % 2
        ? [
            [a, b, c],
            [a, c, d],
          ]
        : [
            [a, b, d],
            [b, c, d],
          ]) {
        const cx = triangle.reduce((sum, point) => sum + point[0], 0) / 3;
        const cy = triangle.reduce((sum, point) => sum + point[1], 0) / 3;
        const [hue, saturation, lightness] = glass[regionAt(cx, cy)] ?? [0, 0, 0];
        const fill = hsl(hue + random.between(-12, 12), saturation, lightness + random.between(-8, 8));
        panes.push(`<path d="M${triangle.map((point) => point.join(" ")).join(" L")}Z" fill="${fill}"/>`);
      }
    }
  const lead = "#17120f";
  const arch = `M112 ${SIZE} L112 420 Q112 120 512 40 Q912 120 912 420 L912 ${SIZE}Z`;
  return {
    land: { markup: `<g stroke="${lead}" stroke-width="7" stroke-linejoin="round">${panes.join("")}</g>` },
    figures: {
      trunk: hsl(25, 60, 30),
      leaves: hsl(140 + h, 70, 34),
      robe: hsl(350 + h, 75, 38),
      cover: hsl(48, 90, 50),
      skin: hsl(30, 60, 60),
      lamp: hsl(40, 85, 45),
      flame: hsl(50, 100, 62),
    },
    outline: { color: lead, width: 11 },
    overlay: `<path d="M0 0H${SIZE}V${SIZE}H0Z ${arch}" fill="${hsl(30, 12, 16)}" fill-rule="evenodd"/><path d="${arch}" fill="none" stroke="${lead}" stroke-width="18"/>`,
  };
}
