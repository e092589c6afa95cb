// People: a friendly robed figure in one of a dozen poses, drawn in units where an adult is 100 tall,
// standing on (0, 0) and facing right (the painter mirrors it to face left).
import type { ColourName } from "../palette";
import { circlePath, ellipsePath, type Pen } from "../pen";
import type { ClothColour, ScenePerson } from "../scene-schema";
import { drawHeld } from "./held";

type Point = [number, number];

type PoseShape = {
  /** How far the whole body sinks (kneeling, sitting). */
  drop: number;
  /** Degrees the body leans forward (running). */
  lean: number;
  hands: [back: Point, front: Point];
  feet: [Point, Point];
  /** Elbows bent outwards by this much (praying). */
  elbow: number;
  /** Legs folded forward under the robe: a knee for kneeling, a lap for sitting. */
  fold?: "knee" | "lap";
};

const POSE_SHAPES: Record<Exclude<ScenePerson["pose"], "baby" | "lying">, PoseShape> = {
  standing: {
    drop: 0,
    lean: 0,
    hands: [
      [-14, -44],
      [14, -44],
    ],
    feet: [
      [-6, -1],
      [6, -1],
    ],
    elbow: 2,
  },
  walking: {
    drop: 0,
    lean: 3,
    hands: [
      [-16, -48],
      [17, -50],
    ],
    feet: [
      [-9, -1],
      [10, -1.5],
    ],
    elbow: 2,
  },
  running: {
    drop: 0,
    lean: 10,
    hands: [
      [-21, -60],
      [22, -64],
    ],
    feet: [
      [-14, -4],
      [15, -1],
    ],
    elbow: 4,
  },
  kneeling: {
    drop: 24,
    lean: 4,
    hands: [
      [4, -50],
      [20, -44],
    ],
    feet: [
      [-12, -1],
      [-4, -1],
    ],
    elbow: 3,
    fold: "knee",
  },
  "kneeling-in-prayer": {
    drop: 24,
    lean: 0,
    hands: [
      [1.5, -62],
      [3.5, -63],
    ],
    feet: [
      [-12, -1],
      [-4, -1],
    ],
    elbow: 6,
    fold: "knee",
  },
  "arms-open": {
    drop: 0,
    lean: 0,
    hands: [
      [-31, -72],
      [31, -72],
    ],
    feet: [
      [-6, -1],
      [6, -1],
    ],
    elbow: -3,
  },
  "arms-raised": {
    drop: 0,
    lean: 0,
    hands: [
      [-19, -106],
      [19, -106],
    ],
    feet: [
      [-6, -1],
      [6, -1],
    ],
    elbow: -3,
  },
  praying: {
    drop: 0,
    lean: 0,
    hands: [
      [1.5, -62],
      [3.5, -63],
    ],
    feet: [
      [-6, -1],
      [6, -1],
    ],
    elbow: 6,
  },
  sitting: {
    drop: 26,
    lean: 0,
    hands: [
      [10, -38],
      [16, -40],
    ],
    feet: [
      [14, -1],
      [20, -1],
    ],
    elbow: 3,
    fold: "lap",
  },
  reaching: {
    drop: 0,
    lean: 2,
    hands: [
      [-14, -46],
      [20, -100],
    ],
    feet: [
      [-6, -1],
      [7, -1],
    ],
    elbow: -2,
  },
  slinging: {
    drop: 0,
    lean: 2,
    hands: [
      [22, -66],
      [6, -108],
    ],
    feet: [
      [-10, -1],
      [9, -1],
    ],
    elbow: 3,
  },
};

const SKIN: Record<ScenePerson["skin"], ColourName> = {
  light: "skin-light",
  olive: "skin-olive",
  tan: "skin-tan",
  brown: "skin-brown",
  dark: "skin-dark",
};
const HAIR: Record<ScenePerson["hair"], ColourName> = {
  black: "hair-black",
  brown: "hair-brown",
  grey: "hair-grey",
  white: "hair-white",
};
const STRIPES: ColourName[] = ["red", "orange", "gold", "green", "blue", "purple"];

/** Cloth colour names map to palette colours; a coat of many colours is red beneath its stripes. */
export const clothColour = (colour: ClothColour): ColourName => (colour === "many-colours" ? "red" : colour);

/** The robe's half-width at height y (it widens from the shoulders to the hem). */
const robeHalfWidth = (y: number, drop: number) => 11.5 + (4.5 * (-70 + drop - y)) / (-67 + drop);

/** A person in scene units (adult 100 tall), feet on (0, 0), facing right. */
export function drawPerson(pen: Pen, person: ScenePerson): string {
  if (person.pose === "baby") return drawBaby(pen, person);
  if (person.pose === "lying")
    // Laid on their back along the ground, head to the left: the standing figure turned a quarter.
    return `<g transform="translate(44 -15) rotate(-90)">${drawFigure(pen, person, POSE_SHAPES.standing)}</g>`;
  return drawFigure(pen, person, POSE_SHAPES[person.pose]);
}

function drawFigure(pen: Pen, person: ScenePerson, pose: PoseShape): string {
  const d = pose.drop;
  const skin = SKIN[person.skin];
  const cloth = clothColour(person.clothes);
  const sash = person.sash ? clothColour(person.sash) : undefined;
  // A hood is undyed cloth unless the scene says otherwise; a veil matches the robe, as Mary's blue.
  const veiled = person.head === "veil" || person.head === "queen-crown";
  const headCloth = clothColour(
    person.headColour ?? (veiled ? person.clothes : person.clothes === "cream" ? "white" : "cream"),
  );
  const parts: string[] = [];
  const shoulderY = -73 + d;

  if (person.wings) {
    const wing = `M-3 ${-70 + d} Q-26 ${-112 + d} -40 ${-82 + d} Q-36 ${-66 + d} -24 ${-58 + d} Q-18 ${-50 + d} -6 ${-48 + d}Z`;
    parts.push(pen.shape(wing, "feather"), `<g transform="scale(-1 1)">${pen.shape(wing, "feather")}</g>`);
  }
  if (person.halo) parts.push(pen.circle(0, -87 + d, 13.5, "glow", { bare: true, opacity: 0.55 }));
  // A child's head is bigger for its body: the same head, grown a fifth about its middle.
  const head = (markup: string) =>
    person.age === "child"
      ? `<g transform="translate(0 ${-87 + d}) scale(1.2) translate(0 ${87 - d})">${markup}</g>`
      : markup;
  parts.push(head(headBack(pen, person, headCloth, d)));

  // Feet (sandals), then the robe over them.
  for (const [fx, fy] of pose.feet) parts.push(pen.ellipse(fx + 1.5, fy, 5, 2.6, "wood"));
  const hem = pose.fold === "lap" ? -28 : -3;
  const robe = `M-6 ${-78 + d} Q-11 ${-77 + d} -11.5 ${-70 + d} L-16 ${hem} Q0 ${hem + 3} 16 ${hem} L11.5 ${-70 + d} Q11 ${-77 + d} 6 ${-78 + d}Z`;
  if (pose.fold === "knee") parts.push(pen.shape(`M-4 -20 Q6 -30 22 -22 Q27 -12 22 -1 L-4 -1Z`, cloth));
  if (pose.fold === "lap")
    parts.push(pen.shape(`M-10 -44 Q10 -46 24 -40 Q28 -33 24 -28 L20 -2 L10 -2 L12 -26 L-12 -26Z`, cloth));
  parts.push(pen.shape(robe, cloth));
  if (person.clothes === "many-colours") parts.push(robeStripes(pen, d, hem));
  if (sash) {
    const [top, bottom] = [-52 + d * 0.7, -46 + d * 0.7];
    const [wt, wb] = [robeHalfWidth(top, d), robeHalfWidth(bottom, d)];
    parts.push(
      pen.shape(`M${-wt} ${top} L${wt} ${top} L${wb} ${bottom} L${-wb} ${bottom}Z`, sash),
      pen.shape(
        `M${wt - 5} ${bottom} L${wt - 1} ${bottom + 14} L${wt - 5} ${bottom + 13} L${wt - 8} ${bottom}Z`,
        sash,
      ),
    );
  }

  // The head: neck, face, hair and covering, then the face itself.
  parts.push(pen.shape(`M-3 ${-80 + d} L3 ${-80 + d} L3 ${-75 + d} L-3 ${-75 + d}Z`, skin));
  const headParts = [pen.circle(0, -87 + d, 8.5, skin), headFront(pen, person, headCloth, d)];
  if (person.beard || person.age === "elder")
    headParts.push(
      pen.shape(
        `M-7.4 ${-86 + d} Q-8.5 ${-73 + d} 0 ${-72 + d} Q8.5 ${-73 + d} 7.4 ${-86 + d} Q4 ${-81 + d} 0 ${-81.5 + d} Q-4 ${-81 + d} -7.4 ${-86 + d}Z`,
        person.age === "elder" ? "hair-white" : HAIR[person.hair],
      ),
    );
  headParts.push(face(pen, person, 1.2, -87 + d));
  parts.push(head(headParts.join("")));

  // Arms (sleeves), what the front hand holds, then the hands.
  const [back, front] = pose.hands.map(([x, y]): Point => [x, y + d]) as [Point, Point];
  const shoulders: [Point, Point] = [
    [-9, shoulderY + 3],
    [9, shoulderY + 3],
  ];
  const arm = (from: Point, to: Point, side: number) => {
    const [mx, my] = [
      (from[0] + to[0]) / 2 + side * pose.elbow,
      (from[1] + to[1]) / 2 + Math.abs(pose.elbow),
    ];
    return pen.line(`M${from[0]} ${from[1]} Q${mx} ${my} ${to[0]} ${to[1]}`, cloth, 6.5);
  };
  const held = person.holds ? drawHeld(pen, person.holds, front, back) : { behind: "", inFront: "" };
  parts.push(held.behind);
  parts.push(arm(shoulders[0], back, -1), arm(shoulders[1], front, 1));
  parts.push(pen.circle(back[0], back[1], 3.3, skin), pen.circle(front[0], front[1], 3.3, skin));
  parts.push(held.inFront);

  const body = parts.join("");
  const scale = person.age === "child" ? 0.68 : 1;
  const lean = pose.lean ? ` rotate(${pose.lean})` : "";
  return scale === 1 && !lean ? body : `<g transform="scale(${scale})${lean}">${body}</g>`;
}

function robeStripes(pen: Pen, d: number, hem: number): string {
  const top = -70 + d;
  const step = (hem - top) / STRIPES.length;
  return STRIPES.map((colour, index) => {
    const [y0, y1] = [top + index * step, top + (index + 1) * step];
    const [w0, w1] = [robeHalfWidth(y0, d), robeHalfWidth(y1, d)];
    return pen.shape(`M${-w0} ${y0} L${w0} ${y0} L${w1} ${y1} L${-w1} ${y1}Z`, colour, { bare: true });
  }).join("");
}

/** What hangs behind the head: a hood or veil falling to the shoulders, or long hair. */
function headBack(pen: Pen, person: ScenePerson, headCloth: ColourName, d: number): string {
  switch (person.head) {
    case "hood":
    case "turban":
      return person.head === "hood"
        ? pen.shape(`M-13 ${-68 + d} Q-14 ${-99 + d} 0 ${-99.5 + d} Q14 ${-99 + d} 13 ${-68 + d}Z`, headCloth)
        : "";
    case "veil":
    case "queen-crown":
      return pen.shape(
        `M-14 ${-56 + d} Q-15 ${-100 + d} 0 ${-100 + d} Q15 ${-100 + d} 14 ${-56 + d} Q0 ${-60 + d} -14 ${-56 + d}Z`,
        headCloth,
      );
    default:
      return "";
  }
}

/** What sits on the head in front: hair, a band, a crown, a turban or a helmet. */
function headFront(pen: Pen, person: ScenePerson, headCloth: ColourName, d: number): string {
  const hair = pen.shape(
    `M-8.8 ${-85 + d} Q-10 ${-97.5 + d} 0 ${-96.5 + d} Q10 ${-97.5 + d} 8.8 ${-85 + d} Q6 ${-91.5 + d} 0 ${-92 + d} Q-6 ${-91.5 + d} -8.8 ${-85 + d}Z`,
    person.age === "elder" ? "hair-white" : HAIR[person.hair],
  );
  const band = (colour: ColourName) =>
    pen.line(`M-8.6 ${-91 + d} Q0 ${-95.5 + d} 8.6 ${-91 + d}`, colour, 2.4);
  const crown = (small: boolean) => {
    const [h, w] = small ? [6, 6] : [9, 7.5];
    const base = -93 + d;
    return (
      pen.shape(
        `M${-w} ${base} L${-w - 0.6} ${base - h} L${-w / 2} ${base - h * 0.55} L0 ${base - h * 1.15} L${w / 2} ${base - h * 0.55} L${w + 0.6} ${base - h} L${w} ${base}Z`,
        "metal-gold",
      ) + pen.mark(circlePath(0, base - h * 0.35, 1.2), "red")
    );
  };
  switch (person.head) {
    case "hood":
      return band(person.sash && person.sash !== "gold" ? clothColour(person.sash) : "brown");
    case "veil":
      return pen.stroke(
        `M-8.5 ${-86 + d} Q-9.5 ${-97 + d} 0 ${-96.8 + d} Q9.5 ${-97 + d} 8.5 ${-86 + d}`,
        headCloth,
        2.4,
      );
    case "queen-crown":
      return hair + crown(true);
    case "crown":
      return hair + crown(false);
    case "turban":
      return pen.shape(
        `M-10 ${-88 + d} Q-12 ${-101 + d} 0 ${-102 + d} Q12 ${-101 + d} 10 ${-88 + d} Q0 ${-93 + d} -10 ${-88 + d}Z`,
        headCloth,
      );
    case "headband":
      return hair + band(headCloth);
    case "helmet":
      return pen.shape(
        `M-10 ${-84 + d} Q-11 ${-101 + d} 0 ${-101 + d} Q11 ${-101 + d} 10 ${-84 + d} L7.5 ${-84 + d} Q7 ${-92 + d} 0 ${-92.5 + d} Q-7 ${-92 + d} -7.5 ${-84 + d}Z`,
        "metal-grey",
      );
    default:
      return hair;
  }
}

/** Eyes, cheeks and mouth on a head of radius about 8.5 at (0, cy); `turn` moves them towards the facing side. */
export function face(pen: Pen, person: Pick<ScenePerson, "expression">, turn: number, cy: number): string {
  const big = pen.look.eyes === "big";
  const eyes = [-3.1 + turn, 3.1 + turn].map((ex) => {
    if (person.expression === "calm")
      return pen.stroke(`M${ex - 1.5} ${cy} Q${ex} ${cy + 1.3} ${ex + 1.5} ${cy}`, "ink", 0.9);
    if (!big) return pen.mark(ellipsePath(ex, cy, 1.05, 1.35), "ink");
    return (
      pen.mark(ellipsePath(ex, cy - 0.3, 2.2, 2.6), "eyewhite") +
      pen.mark(circlePath(ex + 0.4, cy, 1.45), "ink") +
      pen.mark(circlePath(ex + 0.9, cy - 0.6, 0.5), "eyewhite")
    );
  });
  const my = cy + 4.6;
  const mouth =
    person.expression === "joy"
      ? pen.mark(`M${turn - 3.2} ${my - 0.5} Q${turn} ${my + 4.5} ${turn + 3.2} ${my - 0.5}Z`, "ink")
      : person.expression === "sad"
        ? pen.stroke(`M${turn - 2.2} ${my + 1} Q${turn} ${my - 0.6} ${turn + 2.2} ${my + 1}`, "ink", 0.9)
        : pen.stroke(
            `M${turn - 2.8} ${my - 0.4} Q${turn} ${my + 2.2} ${turn + 2.8} ${my - 0.4}`,
            "ink",
            0.95,
          );
  const cheeks = [-5.4 + turn, 5.4 + turn].map((x) =>
    pen.mark(ellipsePath(x, cy + 2.6, 1.6, 1), "blush", 0.6),
  );
  return eyes.join("") + cheeks.join("") + mouth;
}

/** A baby wrapped in cloth, lying with its head to the left: about 30 units long. */
function drawBaby(pen: Pen, person: ScenePerson): string {
  const skin = SKIN[person.skin];
  return (
    pen.shape(`M-6 -3 Q-8 -15 4 -15 Q18 -15 19 -8 Q20 -1 8 -1 Q-4 -1 -6 -3Z`, "cream") +
    pen.stroke(`M4 -14 Q7 -8 4 -2 M10 -14.5 Q13 -8 10 -1.5`, "stone", 0.8, 0.7) +
    pen.circle(-8, -9, 6.5, skin) +
    `<g transform="translate(-8 -9) scale(0.76)">${face(pen, { expression: person.expression === "calm" ? "calm" : "smile" }, 0, 0)}</g>`
  );
}
