// Things: boats, buildings, trees, the tomb, the manger, altars and smaller objects, in person units (an
// adult is 100 tall), standing on (0, 0).
import { circlePath, ellipsePath, type Pen } from "../pen";
import type { SceneThing } from "../scene-schema";
import { buildings } from "./buildings";
import { coatShape, lamp, sheaf } from "./held";
import { drawPerson } from "./person";

type Kind = SceneThing["kind"];

function ark(pen: Pen): string {
  // A long wooden ship with a house on its deck, a window and a door in its side.
  const planks = [-34, -22].map((y) =>
    pen.stroke(`M${-150 + (y + 40) * 0.4} ${y} L${150 - (y + 40) * 0.4} ${y}`, "bark", 2, 0.6),
  );
  return (
    pen.shape(`M-170 -60 L170 -60 Q158 -12 120 0 L-120 0 Q-158 -12 -170 -60Z`, "wood") +
    planks.join("") +
    pen.shape(`M-90 -60 L-90 -118 L90 -118 L90 -60Z`, "wood-light") +
    pen.shape(`M-104 -114 L0 -150 L104 -114Z`, "bark") +
    pen.stroke(`M-60 -118 L-60 -60 M-30 -118 L-30 -60 M30 -118 L30 -60 M60 -118 L60 -60`, "wood", 1.4, 0.5) +
    pen.shape(`M-16 -102 L16 -102 L16 -84 L-16 -84Z`, "stone-dark") +
    pen.shape(`M44 -60 L72 -60 L72 -100 L44 -100Z`, "bark") +
    pen.line(`M72 -60 L130 -10`, "wood", 6)
  );
}

function boat(pen: Pen): string {
  return (
    pen.line(`M0 -40 L0 -150`, "wood", 3.5) +
    pen.shape(`M3 -148 Q50 -110 44 -52 L3 -52Z`, "cream") +
    pen.shape(`M-3 -140 Q-36 -100 -32 -56 L-3 -56Z`, "white") +
    pen.shape(`M-70 -40 L76 -40 Q66 -6 40 0 L-44 0 Q-64 -10 -70 -40Z`, "wood") +
    pen.stroke(`M-62 -26 L66 -26`, "bark", 2, 0.6)
  );
}

function tree(
  pen: Pen,
  height: number,
  crown: [number, number, number][],
  leaf: "leaf" | "olive" | "leaf-light",
): string {
  const trunk = pen.shape(
    `M-7 0 Q-4 ${-height * 0.35} -5 ${-height * 0.6} L5 ${-height * 0.6} Q4 ${-height * 0.35} 7 0Z`,
    "bark",
  );
  return trunk + pen.shape(crown.map(([x, y, r]) => circlePath(x, y, r)).join(""), leaf, { compound: true });
}

function palm(pen: Pen): string {
  const [tx, ty] = [14, -160];
  const fronds = [-170, -135, -100, -70, -35, -8].map((degrees) => {
    const a = (degrees * Math.PI) / 180;
    const [ex, ey] = [tx + Math.cos(a) * 62, ty + Math.sin(a) * 30 + 26];
    const [cx, cy] = [tx + Math.cos(a) * 36, ty + Math.sin(a) * 42];
    return `M${tx} ${ty} Q${cx} ${cy - 10} ${ex} ${ey} Q${cx} ${cy + 6} ${tx} ${ty}Z`;
  });
  return (
    pen.shape(`M-6 0 Q2 -80 ${tx - 3} ${ty} L${tx + 4} ${ty} Q10 -80 6 0Z`, "bark") +
    pen.shape(fronds.join(""), "leaf", { compound: true }) +
    pen.circle(tx - 4, ty + 6, 4, "mane") +
    pen.circle(tx + 4, ty + 7, 4, "mane")
  );
}

/** A wide sycamore-fig with a low strong branch: Zacchaeus's tree. */
function sycamore(pen: Pen): string {
  return (
    pen.shape(
      `M-12 0 Q-6 -50 -10 -90 L-40 -120 L-32 -126 L-2 -100 L8 -128 L18 -124 L10 -92 Q8 -50 14 0Z`,
      "bark",
    ) +
    pen.shape(
      [
        [-54, -136, 30],
        [-18, -158, 36],
        [24, -150, 34],
        [54, -128, 26],
        [-30, -118, 22],
      ]
        .map(([x, y, r]) => circlePath(x as number, y as number, r as number))
        .join(""),
      "leaf",
      { compound: true },
    ) +
    [
      [-40, -140],
      [0, -168],
      [34, -140],
      [-10, -130],
    ]
      .map(([x, y]) => pen.circle(x as number, y as number, 3, "olive", { bare: true }))
      .join("")
  );
}

function oliveTree(pen: Pen): string {
  return (
    pen.shape(
      `M-6 0 Q-14 -30 -4 -50 Q-12 -60 -20 -66 L-16 -70 Q-4 -62 2 -56 Q8 -66 14 -72 L18 -68 Q10 -56 8 -46 Q12 -24 8 0Z`,
      "bark",
    ) +
    pen.shape(
      [
        [-28, -78, 20],
        [0, -92, 24],
        [28, -80, 20],
        [0, -72, 18],
      ]
        .map(([x, y, r]) => circlePath(x as number, y as number, r as number))
        .join(""),
      "olive",
      { compound: true },
    )
  );
}

function fruitTree(pen: Pen): string {
  const fruit = [
    [-18, -100],
    [12, -112],
    [24, -90],
    [-4, -86],
    [-26, -80],
  ]
    .map(([x, y]) => pen.circle(x as number, y as number, 4, "red", { bare: true }))
    .join("");
  return (
    tree(
      pen,
      130,
      [
        [-22, -92, 24],
        [0, -112, 28],
        [24, -94, 24],
        [0, -84, 22],
      ],
      "leaf-light",
    ) + fruit
  );
}

/** A tomb cut in a rocky hill; open, its round stone rolled aside and light inside. */
function tomb(pen: Pen, open: boolean): string {
  const hill = pen.shape(`M-110 0 Q-106 -96 -20 -108 Q70 -112 100 -50 Q108 -20 112 0Z`, "rock");
  const door = `M-26 0 L-26 -44 Q-26 -66 0 -66 Q26 -66 26 -44 L26 0Z`;
  const stone = (x: number) =>
    pen.circle(x, -33, 33, "stone") + pen.stroke(ellipsePath(x, -33, 20, 20), "stone-dark", 2, 0.4);
  return (
    hill +
    pen.shape(door, "stone-dark") +
    (open
      ? pen.mark(`M-20 0 L-20 -42 Q-20 -58 0 -58 Q20 -58 20 -42 L20 0Z`, "glow", 0.5) + stone(64)
      : stone(0)) +
    pen.shape(`M-60 -96 Q-40 -100 -30 -90Z`, "grass", { bare: true })
  );
}

function manger(pen: Pen, baby: boolean): string {
  const bed =
    pen.line(`M-20 0 L-12 -22 M20 0 L12 -22 M-12 0 L-20 -22 M12 0 L20 -22`, "wood", 3) +
    pen.shape(`M-24 -22 L24 -22 L20 -10 L-20 -10Z`, "wood-light") +
    pen.shape(`M-24 -22 Q-18 -30 -8 -26 Q0 -32 8 -26 Q18 -30 24 -22Z`, "straw");
  if (!baby) return bed;
  const infant = drawPerson(pen, {
    who: "baby",
    pose: "baby",
    age: "child",
    skin: "olive",
    clothes: "cream",
    head: "bare",
    hair: "brown",
    beard: false,
    expression: "calm",
    halo: false,
    wings: false,
    at: [0.5, "near"],
  });
  return (
    pen.circle(0, -30, 30, "glow", { bare: true, opacity: 0.35 }) +
    bed +
    `<g transform="translate(-4 -20)">${infant}</g>`
  );
}

function altar(pen: Pen, fire: boolean): string {
  const stones = [
    [-24, -8, 10],
    [-6, -8, 10],
    [12, -8, 10],
    [28, -8, 9],
    [-16, -24, 9.5],
    [2, -25, 10],
    [20, -24, 9],
    [-6, -40, 9],
    [12, -40, 9],
  ]
    .map(([x, y, r]) =>
      pen.ellipse(x as number, y as number, (r as number) * 1.05, (r as number) * 0.9, "stone"),
    )
    .join("");
  const wood = pen.line(`M-20 -50 L26 -46 M-16 -46 L22 -52`, "wood", 4);
  return stones + wood + (fire ? flames(pen, 3, -50, 1.5) : "");
}

/** Tongues of fire rising from (x, y), `size` times a campfire's. */
export function flames(pen: Pen, x: number, y: number, size: number): string {
  const tongue = (dx: number, h: number, w: number) =>
    `M${x + dx - w} ${y} Q${x + dx - w * 1.2} ${y - h * 0.6} ${x + dx} ${y - h} Q${x + dx + w * 1.2} ${y - h * 0.6} ${x + dx + w} ${y}Z`;
  return (
    pen.circle(x, y - 14 * size, 30 * size, "glow", { bare: true, opacity: 0.35 }) +
    pen.shape(
      [
        tongue(-10 * size, 30 * size, 8 * size),
        tongue(10 * size, 34 * size, 8 * size),
        tongue(0, 46 * size, 11 * size),
      ].join(""),
      "fire",
      { compound: true },
    ) +
    pen.mark(tongue(0, 26 * size, 6 * size), "flame")
  );
}

/** A tall stand with an oil lamp burning on top: the light of a room at night. */
function lampstand(pen: Pen): string {
  return (
    pen.circle(0, -66, 40, "glow", { bare: true, opacity: 0.3 }) +
    pen.line(`M0 -2 L0 -56`, "metal-gold", 3) +
    pen.shape(`M-12 0 L12 0 L6 -6 L-6 -6Z`, "metal-gold") +
    lamp(pen, -1, -56)
  );
}

function burningBush(pen: Pen): string {
  return (
    pen.shape(
      [
        [-18, -16, 14],
        [0, -24, 16],
        [18, -16, 14],
      ]
        .map(([x, y, r]) => circlePath(x as number, y as number, r as number))
        .join(""),
      "leaf",
      { compound: true },
    ) + flames(pen, 0, -26, 1.1)
  );
}

function throne(pen: Pen): string {
  return (
    pen.shape(`M-26 0 L-26 -96 Q0 -112 26 -96 L26 0Z`, "metal-gold") +
    pen.shape(`M-20 -40 L-20 -90 Q0 -102 20 -90 L20 -40Z`, "crimson") +
    pen.shape(`M-30 -40 L30 -40 L30 -30 L-30 -30Z`, "metal-gold") +
    pen.shape(`M-34 0 L34 0 L30 -8 L-30 -8Z`, "metal-gold") +
    pen.mark(circlePath(0, -100, 3), "red")
  );
}

function barley(pen: Pen): string {
  return [-40, -14, 12, 38].map((x, index) => sheaf(pen, x, -12 - (index % 2) * 4, 1.3)).join("");
}

function rock(pen: Pen): string {
  return pen.shape(`M-40 0 Q-42 -30 -14 -38 Q16 -44 34 -22 Q42 -8 40 0Z`, "rock");
}

function bush(pen: Pen): string {
  return pen.shape(
    [
      [-14, -12, 12],
      [0, -18, 14],
      [14, -12, 12],
    ]
      .map(([x, y, r]) => circlePath(x as number, y as number, r as number))
      .join(""),
    "leaf-light",
    { compound: true },
  );
}

function flowers(pen: Pen): string {
  return [-30, -15, 0, 15, 30]
    .map((x, index) => {
      const y = -14 - (index % 2) * 5;
      const petals = [0, 72, 144, 216, 288]
        .map((degrees) => {
          const a = (degrees * Math.PI) / 180;
          return circlePath(x + Math.cos(a) * 3.4, y + Math.sin(a) * 3.4, 2.8);
        })
        .join("");
      return (
        pen.line(`M${x} 0 L${x} ${y}`, "leaf", 1.4, { bare: true }) +
        pen.mark(petals, index % 2 ? "petal-yellow" : "petal") +
        pen.mark(circlePath(x, y, 1.8), "orange")
      );
    })
    .join("");
}

function table(pen: Pen): string {
  return (
    pen.line(`M-50 0 L-46 -26 M50 0 L46 -26`, "wood", 4) +
    pen.shape(`M-60 -30 L60 -30 L56 -24 L-56 -24Z`, "wood-light") +
    pen.shape(`M-40 -30 Q-30 -44 -20 -30Z`, "earth") +
    pen.circle(6, -34, 6, "red") +
    pen.circle(16, -33, 5, "gold") +
    pen.shape(`M28 -30 L32 -44 L40 -44 L44 -30Z`, "earth")
  );
}

function pit(pen: Pen): string {
  return pen.ellipse(0, -6, 46, 12, "stone") + pen.ellipse(0, -6, 38, 8, "ink", { bare: true });
}

/** A band of rolling waves to lay in front of anything in the sea. */
function waves(pen: Pen): string {
  const crest = Array.from(
    { length: 9 },
    (_, index) => `Q${-200 + index * 50 + 25} -34 ${-200 + (index + 1) * 50} -18`,
  ).join(" ");
  return (
    pen.shape(`M-200 -18 ${crest} L250 30 L-200 30Z`, "water") +
    pen.stroke(`M-200 -18 ${crest}`, "foam", 3, 0.8)
  );
}

function crossHill(pen: Pen): string {
  return (
    pen.shape(`M-110 0 Q-60 -60 0 -64 Q60 -60 110 0Z`, "hill-mid") +
    [-40, 0, 40]
      .map((x, index) => {
        const top = index === 1 ? -130 : -110;
        return pen.line(`M${x} -58 L${x} ${top} M${x - 14} ${top + 16} L${x + 14} ${top + 16}`, "bark", 4);
      })
      .join("")
  );
}

export const THING_PARTS: Record<Kind, { width: number; draw: (pen: Pen) => string }> = {
  ark: { width: 340, draw: ark },
  boat: { width: 150, draw: boat },
  ...buildings,
  palm: { width: 120, draw: palm },
  sycamore: { width: 170, draw: sycamore },
  "olive-tree": { width: 100, draw: oliveTree },
  "fruit-tree": { width: 110, draw: fruitTree },
  "tomb-open": { width: 220, draw: (pen) => tomb(pen, true) },
  "tomb-closed": { width: 220, draw: (pen) => tomb(pen, false) },
  "round-stone": { width: 70, draw: (pen) => pen.circle(0, -33, 33, "stone") },
  manger: { width: 50, draw: (pen) => manger(pen, false) },
  "manger-with-baby": { width: 50, draw: (pen) => manger(pen, true) },
  altar: { width: 70, draw: (pen) => altar(pen, false) },
  "altar-with-fire": { width: 70, draw: (pen) => altar(pen, true) },
  campfire: {
    width: 40,
    draw: (pen) => pen.line(`M-14 -2 L14 -8 M-14 -8 L14 -2`, "wood", 4) + flames(pen, 0, -6, 0.6),
  },
  "burning-bush": { width: 70, draw: burningBush },
  lampstand: { width: 30, draw: lampstand },
  coat: { width: 60, draw: (pen) => coatShape(pen, 0, -60, 1) },
  throne: { width: 70, draw: throne },
  barley: { width: 110, draw: barley },
  rock: { width: 80, draw: rock },
  bush: { width: 50, draw: bush },
  flowers: { width: 70, draw: flowers },
  table: { width: 120, draw: table },
  pit: { width: 92, draw: pit },
  waves: { width: 450, draw: waves },
  "cross-hill": { width: 220, draw: crossHill },
};
