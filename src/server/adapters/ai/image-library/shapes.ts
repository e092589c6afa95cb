// Shape builders for the scene's parts: geometry as SVG path data, painted by the caller.
import { type Point, type Random, type Scene, SIZE, type Tree } from "./scene";

export function ridgePath(points: Point[]): string {
  const [first, ...rest] = points as [Point, ...Point[]];
  const curves = rest.map(([x, y], index) => {
    const next = rest[index + 1];
    return next ? `Q${x} ${y} ${(x + next[0]) / 2} ${(y + next[1]) / 2}` : `L${x} ${y}`;
  });
  return `M${first[0]} ${first[1]} ${curves.join(" ")} L${SIZE + 64} ${SIZE + 64} L-64 ${SIZE + 64}Z`;
}

export const circlePath = (cx: number, cy: number, r: number) =>
  `M${cx - r} ${cy} a${r} ${r} 0 1 0 ${2 * r} 0 a${r} ${r} 0 1 0 ${-2 * r} 0Z`;

export const crescentPath = (x: number, y: number, r: number) =>
  `M${x} ${y - r} A${r} ${r} 0 1 1 ${x} ${y + r} A${r * 0.75} ${r} 0 1 0 ${x} ${y - r}Z`;

/** A soft irregular patch, as a wash of pigment dries: a closed curve through jittered points on an ellipse. */
export function blobPath(random: Random, cx: number, cy: number, rx: number, ry: number): string {
  const points = Array.from({ length: 9 }, (_, index): Point => {
    const angle = (index / 9) * Math.PI * 2;
    const reach = random.between(0.75, 1.15);
    return [cx + Math.cos(angle) * rx * reach, cy + Math.sin(angle) * ry * reach];
  });
  const middle = (a: Point, b: Point) => `${(a[0] + b[0]) / 2} ${(a[1] + b[1]) / 2}`;
  const last = points.at(-1) as Point;
  return `M${middle(last, points[0] as Point)} ${points
    .map((point, index) => `Q${point.join(" ")} ${middle(point, points[index + 1] ?? (points[0] as Point))}`)
    .join(" ")}Z`;
}

export const cloudPath = ({ x, y, w }: Scene["clouds"][number]) =>
  [
    circlePath(x - w * 0.3, y + w * 0.05, w * 0.22),
    circlePath(x, y - w * 0.08, w * 0.3),
    circlePath(x + w * 0.32, y + w * 0.06, w * 0.2),
  ].join(" ");

/** A robed figure: a head covering behind the face, a robe, one arm raised to hold the lamp, or a staff. */
export function figureShapes({ x, base, height: h, facing: f }: Scene["figure"]) {
  const r = h * 0.085;
  const top = base - h;
  const hand: Point = [x + f * h * 0.3, base - h * 0.6];
  return {
    cover: `M${x - r * 1.4} ${top + r * 2.8} Q${x - r * 1.5} ${top - r * 0.3} ${x} ${top - r * 0.25} Q${x + r * 1.5} ${top - r * 0.3} ${x + r * 1.4} ${top + r * 2.8}Z`,
    robe: `M${x - h * 0.08} ${top + 2 * r} Q${x - h * 0.21} ${top + h * 0.3} ${x - h * 0.25} ${base} L${x + h * 0.25} ${base} Q${x + h * 0.21} ${top + h * 0.3} ${x + h * 0.08} ${top + 2 * r}Z`,
    face: { x: x + f * r * 0.1, y: top + r * 1.15, r: r * 0.85 },
    arm: `M${x + f * h * 0.06} ${base - h * 0.74} L${hand[0]} ${hand[1]}`,
    armWidth: h * 0.065,
    staff: `M${hand[0]} ${base} L${hand[0]} ${top - h * 0.08}`,
    hand,
  };
}

/** An oil lamp of the Bible lands: a shallow bowl, a spout and its flame, with the light around it. */
export function lampShapes([hx, hy]: Point, h: number) {
  const s = h * 0.07;
  const [fx, fy] = [hx + s * 1.1, hy - s * 0.55];
  return {
    body: `M${hx - s} ${hy - s * 0.2} Q${hx} ${hy + s * 0.9} ${hx + s * 1.2} ${hy - s * 0.35} L${hx + s * 0.2} ${hy - s * 0.5}Z`,
    flame: `M${fx} ${fy - s * 1.1} Q${fx + s * 0.45} ${fy - s * 0.2} ${fx} ${fy} Q${fx - s * 0.45} ${fy - s * 0.2} ${fx} ${fy - s * 1.1}Z`,
    light: { x: fx, y: fy - s * 0.5, r: h * 0.45 },
  };
}

export function treeShapes(
  { x, base, height: h, palm }: Tree,
  round: boolean,
): { trunk: string; crown: string } {
  if (round || !palm)
    return {
      trunk: `M${x - h * 0.05} ${base} L${x - h * 0.03} ${base - h * 0.6} L${x + h * 0.03} ${base - h * 0.6} L${x + h * 0.05} ${base}Z`,
      crown: [
        circlePath(x - h * 0.14, base - h * 0.62, h * 0.2),
        circlePath(x + h * 0.14, base - h * 0.64, h * 0.2),
        circlePath(x, base - h * 0.82, h * 0.24),
      ].join(" "),
    };
  const [tx, ty] = [x + h * 0.12, base - h];
  // Five fronds fanning out and drooping from the top of a leaning trunk.
  const fronds = [-170, -130, -90, -50, -10].map((degrees) => {
    const angle = (degrees * Math.PI) / 180;
    const [ex, ey] = [tx + Math.cos(angle) * h * 0.42, ty + Math.sin(angle) * h * 0.2 + h * 0.12];
    const [cx, cy] = [tx + Math.cos(angle) * h * 0.25, ty + Math.sin(angle) * h * 0.28];
    return `M${tx} ${ty} Q${cx} ${cy - h * 0.06} ${ex} ${ey} Q${cx} ${cy + h * 0.04} ${tx} ${ty}Z`;
  });
  return {
    trunk: `M${x - h * 0.03} ${base} Q${x} ${base - h * 0.5} ${tx - h * 0.02} ${ty} L${tx + h * 0.03} ${ty} Q${x + h * 0.06} ${base - h * 0.5} ${x + h * 0.04} ${base}Z`,
    crown: fronds.join(" "),
  };
}
