// What a person holds in the front hand (a staff, a lamp, a sling, a lamb...), in person units.
import type { ColourName } from "../palette";
import { circlePath, type Pen } from "../pen";
import type { ScenePerson } from "../scene-schema";

type Point = [number, number];
type Held = NonNullable<ScenePerson["holds"]>;

/** Markup drawn before the arms (behind the hand) and after them (in front of it). */
export function drawHeld(
  pen: Pen,
  item: Held,
  [hx, hy]: Point,
  back: Point,
): { behind: string; inFront: string } {
  switch (item) {
    case "staff":
      return {
        behind: pen.line(
          `M${hx} -1 L${hx} ${Math.min(hy - 26, -98)} Q${hx} ${Math.min(hy - 34, -106)} ${hx + 6} ${Math.min(hy - 32, -104)}`,
          "wood",
          2.6,
        ),
        inFront: "",
      };
    case "spear":
      return {
        behind:
          pen.line(`M${hx} ${hy + 40} L${hx} ${hy - 64}`, "wood", 2.4) +
          pen.shape(`M${hx - 2.6} ${hy - 63} L${hx} ${hy - 74} L${hx + 2.6} ${hy - 63}Z`, "metal-grey"),
        inFront: "",
      };
    case "sceptre":
      return {
        behind:
          pen.line(`M${hx} ${hy + 4} L${hx + 6} ${hy - 24}`, "metal-gold", 2) +
          pen.circle(hx + 6.4, hy - 26, 2.8, "metal-gold"),
        inFront: "",
      };
    case "lamp":
      return { behind: "", inFront: lamp(pen, hx, hy) };
    case "sling": {
      // Held high and whirled: the loop of the sling above the hand, a stone in its pouch, lines of motion.
      const loop = pen.line(
        `M${hx} ${hy} Q${hx - 16} ${hy - 18} ${hx + 2} ${hy - 25} Q${hx + 18} ${hy - 20} ${hx} ${hy}`,
        "wood",
        2,
      );
      const whirl = pen.stroke(
        `M${hx - 20} ${hy - 6} Q${hx - 24} ${hy - 30} ${hx + 2} ${hy - 34} M${hx + 20} ${hy - 10} Q${hx + 22} ${hy - 26} ${hx + 10} ${hy - 31}`,
        "glow",
        1.6,
        0.9,
      );
      return { behind: "", inFront: whirl + loop + pen.circle(hx + 2, hy - 25, 3, "stone") };
    }
    case "shield":
      return {
        behind: "",
        inFront: pen.circle(hx + 2, hy, 12, "metal-gold") + pen.circle(hx + 2, hy, 4, "metal-grey"),
      };
    case "sheaf":
      return { behind: "", inFront: sheaf(pen, hx, hy) };
    case "lamb":
      return {
        behind: "",
        inFront:
          pen.shape(
            `${circlePath(hx - 4, hy - 4, 6)}${circlePath(hx + 3, hy - 6, 6)}${circlePath(hx - 1, hy + 1, 6)}`,
            "wool",
            { compound: true },
          ) +
          pen.ellipse(hx + 8, hy - 8, 3.4, 4, "wool") +
          pen.mark(circlePath(hx + 9, hy - 9, 0.8), "ink"),
      };
    case "baby": {
      const [bx, by] = [(hx + back[0]) / 2, (hy + back[1]) / 2 - 3];
      return {
        behind: "",
        inFront:
          pen.ellipse(bx, by, 10, 6, "cream") +
          pen.circle(bx - 7, by - 4, 4.6, "skin-light") +
          pen.stroke(`M${bx - 8.6} ${by - 3.6} Q${bx - 7} ${by - 2.4} ${bx - 5.4} ${by - 3.6}`, "ink", 0.6),
      };
    }
    case "basket":
      return {
        behind: "",
        inFront:
          pen.shape(
            `M${hx - 10} ${hy - 2} L${hx + 10} ${hy - 2} L${hx + 7} ${hy + 10} L${hx - 7} ${hy + 10}Z`,
            "straw",
          ) +
          pen.stroke(
            `M${hx - 9} ${hy + 2} L${hx + 9} ${hy + 2} M${hx - 8} ${hy + 6} L${hx + 8} ${hy + 6}`,
            "wood",
            0.8,
          ) +
          pen.stroke(`M${hx - 9} ${hy - 2} Q${hx} ${hy - 14} ${hx + 9} ${hy - 2}`, "wood", 1.2),
      };
    case "coat":
      return { behind: "", inFront: coatShape(pen, hx - 10, hy - 2, 0.55) };
    case "jar":
      return {
        behind: "",
        inFront: pen.shape(
          `M${hx - 4} ${hy - 12} L${hx + 4} ${hy - 12} Q${hx + 10} ${hy - 4} ${hx + 6} ${hy + 6} L${hx - 6} ${hy + 6} Q${hx - 10} ${hy - 4} ${hx - 4} ${hy - 12}Z`,
          "earth",
        ),
      };
    case "stones":
      return {
        behind: "",
        inFront: [0, 1, 2]
          .map((index) => pen.circle(hx - 3 + index * 3, hy - 2 - (index % 2) * 2, 1.8, "stone"))
          .join(""),
      };
  }
}

/** A little clay oil lamp with its flame and a glow. */
export function lamp(pen: Pen, x: number, y: number): string {
  return (
    pen.circle(x + 5, y - 8, 13, "glow", { bare: true, opacity: 0.35 }) +
    pen.shape(`M${x - 6} ${y - 2} Q${x} ${y + 6} ${x + 8} ${y - 3} L${x + 1} ${y - 4}Z`, "earth") +
    pen.mark(
      `M${x + 7} ${y - 12} Q${x + 10} ${y - 6} ${x + 7} ${y - 3.5} Q${x + 4} ${y - 6} ${x + 7} ${y - 12}Z`,
      "flame",
    )
  );
}

/** A sheaf of barley: stalks fanned up from a tie, ears of grain at the top. */
export function sheaf(pen: Pen, x: number, y: number, scale = 1): string {
  const stalks = [-16, -8, 0, 8, 16].map((angle) => {
    const radians = (angle * Math.PI) / 180;
    const [tx, ty] = [x + Math.sin(radians) * 26 * scale, y - Math.cos(radians) * 26 * scale];
    return (
      pen.line(`M${x} ${y + 8 * scale} L${tx} ${ty}`, "straw", 1.3 * scale, { bare: true }) +
      pen.ellipse(tx, ty - 3 * scale, 1.8 * scale, 4.5 * scale, "barley", { bare: true })
    );
  });
  return (
    stalks.join("") +
    pen.line(`M${x - 3 * scale} ${y} L${x + 3 * scale} ${y}`, "wood", 1.6 * scale, { bare: true })
  );
}

/** Joseph's coat of many colours, spread out: a robe shape in bands of colour. */
export function coatShape(pen: Pen, x: number, y: number, scale: number): string {
  const bands: ColourName[] = ["red", "orange", "gold", "green", "blue", "purple"];
  const height = 60 * scale;
  const step = height / bands.length;
  const widthAt = (t: number) => (14 + 10 * t) * scale;
  const stripes = bands.map((colour, index) => {
    const [t0, t1] = [index / bands.length, (index + 1) / bands.length];
    const [y0, y1] = [y + index * step, y + (index + 1) * step];
    return pen.shape(
      `M${x - widthAt(t0)} ${y0} L${x + widthAt(t0)} ${y0} L${x + widthAt(t1)} ${y1} L${x - widthAt(t1)} ${y1}Z`,
      colour,
      { bare: true },
    );
  });
  const sleeves = pen.shape(
    `M${x - 14 * scale} ${y} L${x - 30 * scale} ${y + 26 * scale} L${x - 22 * scale} ${y + 30 * scale} L${x - 12 * scale} ${y + 12 * scale}Z M${x + 14 * scale} ${y} L${x + 30 * scale} ${y + 26 * scale} L${x + 22 * scale} ${y + 30 * scale} L${x + 12 * scale} ${y + 12 * scale}Z`,
    "gold",
  );
  const outline = pen.shape(
    `M${x - widthAt(0)} ${y} L${x + widthAt(0)} ${y} L${x + widthAt(1)} ${y + height} L${x - widthAt(1)} ${y + height}Z`,
    "red",
    { opacity: 0 },
  );
  return sleeves + stripes.join("") + outline;
}
