// The "Stained Glass" style: jewel-toned glass held in lead, inside a pointed window.
import type { Look } from "../look";
import { hsl } from "../palette";
import { SIZE } from "../parts/land";

type Point = [number, number];

const LEAD = "#17120f";

/**
 * Stained glass: deep jewel tones; the sky and land are cut into panes of glass, each a little lighter or
 * darker than its neighbour; every figure is leaded round; the window is a pointed stone arch.
 */
export function stainedGlass(): Look {
  return {
    tone: (_name, [h, s, l]) => [h, Math.min(100, Math.max(s, 35) * 1.15 + 10), 22 + l * 0.5],
    outline: { color: LEAD, width: 8 },
    eyes: "dot",
    sky: ({ skyTop, skyLow }) =>
      `<rect width="${SIZE}" height="${SIZE}" fill="${skyTop}"/><rect y="300" width="${SIZE}" height="${SIZE}" fill="${skyLow}" opacity="0.6"/>`,
    overLand: ({ random }) => {
      const cells = 12;
      const step = SIZE / cells;
      // Shared, jittered corners, so neighbouring panes meet without gaps.
      const corners = Array.from({ length: cells + 1 }, (_, i) =>
        Array.from({ length: cells + 1 }, (_, j): Point => {
          const inner = i > 0 && i < cells && j > 0 && j < cells;
          return [
            i * step + (inner ? random.between(-22, 22) : 0),
            j * step + (inner ? random.between(-22, 22) : 0),
          ];
        }),
      );
      const corner = (i: number, j: number) => corners[i]?.[j] as Point;
      const panes: string[] = [];
      for (let i = 0; i < cells; i++)
        for (let j = 0; j < cells; j++) {
          const [a, b, c, d] = [corner(i, j), corner(i + 1, j), corner(i + 1, j + 1), corner(i, j + 1)];
          const triangles =
            (i + j) % 2
              ? [
                  [a, b, c],
                  [a, c, d],
                ]
              : [
                  [a, b, d],
                  [b, c, d],
                ];
          for (const triangle of triangles) {
            const tint = random.between(-1, 1);
            panes.push(
              `<path d="M${triangle.map((point) => point.join(" ")).join(" L")}Z" fill="${tint > 0 ? "#fff" : "#000"}" fill-opacity="${Math.abs(tint) * 0.22}"/>`,
            );
          }
        }
      return `<g stroke="${LEAD}" stroke-width="6" stroke-linejoin="round">${panes.join("")}</g>`;
    },
    overlay: () => {
      const arch = `M104 ${SIZE} L104 400 Q104 110 512 30 Q920 110 920 400 L920 ${SIZE}Z`;
      return (
        `<path d="M0 0H${SIZE}V${SIZE}H0Z ${arch}" fill="${hsl(30, 12, 16)}" fill-rule="evenodd"/>` +
        `<path d="${arch}" fill="none" stroke="${LEAD}" stroke-width="18"/>` +
        `<path d="${arch}" fill="none" stroke="${hsl(40, 20, 34)}" stroke-width="5"/>`
      );
    },
  };
}
