// Marks the styles scatter: soft irregular washes and glass panes.
import type { Random } from "../random";

type Point = [number, number];

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
