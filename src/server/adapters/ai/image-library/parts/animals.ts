// Animals, friendly and calm, in the same units as people (an adult is 100 tall), standing on (0, 0) and
// facing right.
import type { ColourName } from "../palette";
import { circlePath, ellipsePath, type Pen } from "../pen";
import type { SceneAnimal } from "../scene-schema";

type Kind = SceneAnimal["kind"];

/** A friendly eye (a dot, or a big shining one in the cartoon style) and, when given, a small smile. */
function eye(pen: Pen, x: number, y: number, r: number, smile?: [x: number, y: number, w: number]): string {
  const big = pen.look.eyes === "big";
  const dot = big
    ? pen.mark(circlePath(x, y, r * 1.7), "eyewhite") +
      pen.mark(circlePath(x + r * 0.3, y, r * 1.1), "ink") +
      pen.mark(circlePath(x + r * 0.7, y - r * 0.5, r * 0.4), "eyewhite")
    : pen.mark(circlePath(x, y, r), "ink");
  if (!smile) return dot;
  const [sx, sy, w] = smile;
  return (
    dot +
    pen.stroke(`M${sx - w} ${sy} Q${sx} ${sy + w * 0.8} ${sx + w} ${sy}`, "ink", Math.max(0.6, w * 0.35))
  );
}

const legs = (pen: Pen, xs: number[], top: number, width: number, colour: ColourName, hoof?: ColourName) =>
  xs
    .map(
      (x) =>
        pen.line(`M${x} ${top} L${x} -1.5`, colour, width) +
        (hoof ? pen.line(`M${x} -2 L${x} -0.5`, hoof, width, { bare: true }) : ""),
    )
    .join("");

function lion(pen: Pen): string {
  // Lying down, paws forward, head up: a lion at peace.
  const mane = [0, 45, 90, 135, 180, 225, 270, 315]
    .map((degrees) => {
      const radians = (degrees * Math.PI) / 180;
      return circlePath(30 + Math.cos(radians) * 12, -31 + Math.sin(radians) * 12, 8);
    })
    .join("");
  return (
    pen.stroke(`M-30 -12 Q-44 -14 -46 -4`, "lion", 3) +
    pen.circle(-46, -4, 3.4, "mane") +
    pen.ellipse(-2, -13, 32, 13, "lion") +
    pen.circle(-18, -15, 13, "lion") +
    pen.ellipse(30, -3.5, 9, 3.6, "lion") +
    pen.ellipse(16, -3.5, 9, 3.6, "lion") +
    pen.shape(mane, "mane", { compound: true }) +
    pen.circle(20, -43, 4, "lion") +
    pen.circle(40, -43, 4, "lion") +
    pen.circle(30, -31, 11, "lion") +
    pen.ellipse(30, -26.5, 5.5, 4, "cream") +
    pen.mark(`M27.8 -29.5 L32.2 -29.5 L30 -27Z`, "ink") +
    eye(pen, 25.5, -34, 1.3) +
    eye(pen, 34.5, -34, 1.3, [30, -25.5, 2.4])
  );
}

function sheep(pen: Pen, wool: ColourName = "wool"): string {
  const fleece = [
    [-10, -22, 8],
    [-2, -26, 8.5],
    [7, -23, 8],
    [-6, -15, 8],
    [4, -15, 8],
  ]
    .map(([x, y, r]) => circlePath(x as number, y as number, r as number))
    .join("");
  return (
    legs(pen, [-9, -3, 4, 9], -12, 2.6, "stone-dark") +
    pen.shape(fleece, wool, { compound: true }) +
    pen.ellipse(16, -24, 5.5, 7, "stone-dark") +
    pen.ellipse(12.5, -28, 3.8, 1.8, "stone-dark") +
    pen.circle(16, -31, 4, wool) +
    eye(pen, 18, -25, 0.9, [17.5, -20.5, 1.3])
  );
}

function goat(pen: Pen): string {
  return (
    legs(pen, [-10, -4, 6, 11], -20, 2.6, "goat", "stone-dark") +
    pen.ellipse(0, -24, 15, 8, "goat") +
    pen.shape(`M12 -26 L18 -36 L24 -34 L20 -24Z`, "goat") +
    pen.stroke(`M19 -38 Q16 -46 12 -44`, "stone-dark", 1.6) +
    pen.ellipse(22, -36, 5, 4.2, "goat") +
    pen.shape(`M22 -32 L24 -26 L20 -31Z`, "stone") +
    eye(pen, 23, -37, 0.9, [24, -33.5, 1.2])
  );
}

function donkey(pen: Pen, coat: ColourName = "donkey-grey", big = 1): string {
  const s = big;
  return (
    `<g transform="scale(${s})">` +
    pen.stroke(`M-22 -38 Q-28 -30 -27 -22`, coat, 2) +
    legs(pen, [-17, -10, 11, 17], -32, 4.6, coat, "ink") +
    pen.ellipse(0, -38, 24, 12, coat) +
    pen.shape(`M-8 -49 L10 -49 L12 -32 L-10 -32Z`, "red") +
    pen.shape(`M14 -42 Q18 -52 24 -58 L32 -54 Q26 -46 22 -36Z`, coat) +
    pen.shape(`M22 -62 Q17 -76 21 -78 Q25 -72 26 -62Z`, coat) +
    pen.shape(`M26 -62 Q26 -77 30 -77 Q31 -70 29 -61Z`, coat) +
    pen.shape(`M21 -62 Q30 -66 38 -56 Q41 -50 36 -48 Q30 -48 24 -54Z`, coat) +
    pen.ellipse(37.5, -51, 3.6, 3.2, "cream") +
    pen.stroke(`M15 -52 Q20 -60 24 -63`, "ink", 1.6, 0.6) +
    eye(pen, 29, -58, 1, [34.5, -49.5, 1.4]) +
    "</g>"
  );
}

function camel(pen: Pen): string {
  return (
    pen.stroke(`M-24 -56 Q-30 -48 -28 -40`, "camel", 2) +
    legs(pen, [-18, -10, 12, 19], -50, 4.2, "camel") +
    pen.shape(
      `M-26 -50 Q-26 -62 -14 -66 Q-6 -84 4 -66 Q12 -60 20 -56 Q26 -50 22 -42 L-22 -42 Q-27 -44 -26 -50Z`,
      "camel",
    ) +
    pen.shape(`M16 -56 Q26 -60 28 -76 Q30 -86 36 -86 L40 -80 Q34 -78 34 -70 Q32 -54 22 -46Z`, "camel") +
    pen.ellipse(40, -82, 7, 4.5, "camel") +
    pen.shape(`M-8 -66 L8 -66 L10 -54 L-10 -54Z`, "teal") +
    eye(pen, 39, -84, 0.9, [43.5, -80.5, 1.3])
  );
}

function elephant(pen: Pen): string {
  return (
    pen.stroke(`M-34 -52 Q-40 -44 -38 -36`, "elephant", 2) +
    legs(pen, [-24, -12, 12, 24], -40, 10, "elephant") +
    pen.ellipse(0, -50, 36, 26, "elephant") +
    pen.shape(`M42 -50 Q52 -30 48 -14 Q47 -8 52 -8 L53 -4 Q42 -2 42 -12 Q44 -30 34 -40Z`, "elephant") +
    pen.circle(34, -56, 17, "elephant") +
    pen.shape(`M22 -70 Q8 -66 10 -50 Q12 -38 26 -42Z`, "elephant", { opacity: 1 }) +
    pen.shape(`M42 -44 Q48 -40 52 -44 L46 -40Z`, "white") +
    eye(pen, 40, -60, 1.3, [43, -50, 1.6])
  );
}

function giraffe(pen: Pen): string {
  const spots = [
    [-10, -74, 4],
    [2, -70, 4.5],
    [-18, -68, 3.5],
    [12, -76, 3.5],
    [-4, -80, 3],
    [24, -92, 2.8],
    [28, -106, 2.6],
    [31, -118, 2.4],
  ]
    .map(([x, y, r]) => circlePath(x as number, y as number, r as number))
    .join("");
  return (
    pen.stroke(`M-26 -74 Q-32 -64 -30 -56`, "giraffe", 1.8) +
    legs(pen, [-18, -10, 12, 18], -66, 4, "giraffe", "spots") +
    pen.shape(`M12 -76 Q24 -96 30 -126 L38 -128 Q34 -96 22 -66Z`, "giraffe") +
    pen.ellipse(0, -72, 26, 12, "giraffe") +
    pen.mark(spots, "spots") +
    pen.line(`M33 -134 L32 -142 M38 -134 L38 -142`, "spots", 1.8) +
    pen.ellipse(40, -130, 8.5, 5, "giraffe") +
    eye(pen, 37, -132, 1, [44, -127.5, 1.4])
  );
}

function cattle(pen: Pen): string {
  return (
    pen.stroke(`M-26 -40 Q-30 -30 -28 -22`, "cattle", 1.8) +
    legs(pen, [-18, -10, 12, 18], -30, 5, "cattle", "ink") +
    pen.ellipse(0, -38, 27, 14, "cattle") +
    pen.mark(ellipsePath(-8, -42, 7, 5), "cream", 0.8) +
    pen.line(`M27 -52 Q24 -58 28 -60 M37 -52 Q40 -58 36 -60`, "cream", 2) +
    pen.ellipse(32, -40, 9, 11, "cattle") +
    pen.ellipse(33, -33, 7, 5, "pig") +
    pen.ellipse(22, -48, 4, 2.4, "cattle") +
    eye(pen, 29, -44, 1, [33, -31.5, 1.6]) +
    eye(pen, 36, -44, 1)
  );
}

function pig(pen: Pen): string {
  return (
    pen.stroke(`M-18 -18 q-5 -3 -3 -6 q3 -2 2 2`, "pig", 1.4) +
    legs(pen, [-10, -4, 6, 11], -8, 4, "pig") +
    pen.ellipse(0, -16, 19, 12, "pig") +
    pen.shape(`M8 -24 L11 -32 L15 -25Z`, "pig") +
    pen.ellipse(19.5, -15, 4, 4.8, "petal") +
    pen.mark(circlePath(18.8, -15, 0.7) + circlePath(20.6, -15, 0.7), "ink") +
    eye(pen, 13, -20, 0.9, [14, -10, 1.2])
  );
}

function horse(pen: Pen): string {
  return (
    pen.stroke(`M-24 -50 Q-30 -36 -28 -26`, "mane", 3) +
    legs(pen, [-18, -11, 12, 18], -42, 4.6, "horse", "ink") +
    pen.ellipse(0, -48, 25, 12, "horse") +
    pen.shape(`M14 -52 Q20 -66 26 -74 L34 -70 Q28 -60 22 -44Z`, "horse") +
    pen.shape(`M24 -76 Q34 -80 42 -68 Q44 -62 38 -61 Q32 -62 26 -68Z`, "horse") +
    pen.stroke(`M16 -60 Q20 -72 26 -78`, "mane", 3) +
    pen.shape(`M27 -76 L28 -84 L31 -77Z`, "horse") +
    eye(pen, 31, -72, 1, [38, -63, 1.3])
  );
}

/** A bird in flight, wings up; the dove carries its olive leaf. */
function flyingBird(pen: Pen, colour: ColourName, size: number, leaf: boolean): string {
  const s = size / 10;
  return (
    `<g transform="scale(${s})">` +
    pen.shape(`M-2 -8 Q-10 -22 -18 -22 Q-10 -12 -6 -6Z`, colour) +
    pen.ellipse(0, -6, 9, 4, colour) +
    pen.shape(`M-8 -6 L-14 -10 L-14 -2Z`, colour) +
    pen.circle(8, -9, 3.6, colour) +
    pen.mark(`M11 -9.5 L15 -8.5 L11 -7.5Z`, "orange") +
    pen.shape(`M0 -8 Q4 -24 14 -26 Q8 -14 4 -6Z`, colour) +
    (leaf ? pen.mark(`M14 -8.5 Q18 -12 21 -9 Q17 -6 14 -8.5Z`, "leaf") : "") +
    eye(pen, 8.6, -10, 0.7) +
    "</g>"
  );
}

function fish(pen: Pen, colour: ColourName): string {
  return (
    pen.shape(`M-10 -6 L-16 -12 L-16 0Z`, colour) +
    pen.ellipse(0, -6, 11, 6, colour) +
    pen.stroke(`M-2 -11 Q0 -6 -2 -1`, "ink", 0.6, 0.4) +
    eye(pen, 6, -7.5, 0.9, [8, -4.5, 1])
  );
}

/** The great fish: a huge friendly whale-like fish, its back above the water. */
function greatFish(pen: Pen): string {
  return (
    pen.shape(`M-62 -30 L-86 -58 Q-80 -34 -92 -12 Z`, "whale-blue") +
    pen.shape(`M-66 -26 Q-40 -66 10 -68 Q58 -68 66 -34 Q70 -8 50 -2 L-40 -2 Q-60 -8 -66 -26Z`, "whale-blue") +
    pen.shape(`M-40 -4 Q0 -24 60 -20 Q64 -6 50 -2 L-36 -2Z`, "whale-belly") +
    pen.stroke(`M10 -16 Q36 -22 60 -18`, "ink", 1.2, 0.5) +
    pen.shape(`M0 -62 Q8 -76 20 -68Z`, "whale-blue") +
    pen.stroke(`M30 -74 Q26 -88 18 -92 M32 -74 Q32 -90 40 -94 M31 -74 L31 -92`, "foam", 2) +
    eye(pen, 40, -42, 3, [50, -26, 5])
  );
}

export const ANIMAL_PARTS: Record<Kind, { width: number; draw: (pen: Pen) => string }> = {
  lion: { width: 90, draw: lion },
  sheep: { width: 36, draw: (pen) => sheep(pen) },
  goat: { width: 40, draw: goat },
  donkey: { width: 66, draw: (pen) => donkey(pen) },
  horse: { width: 70, draw: horse },
  camel: { width: 70, draw: camel },
  elephant: { width: 90, draw: elephant },
  giraffe: { width: 64, draw: giraffe },
  cattle: { width: 64, draw: cattle },
  pig: { width: 42, draw: pig },
  dove: { width: 30, draw: (pen) => flyingBird(pen, "feather", 12, true) },
  raven: { width: 30, draw: (pen) => flyingBird(pen, "raven", 13, false) },
  bird: { width: 24, draw: (pen) => flyingBird(pen, "bird-blue", 9, false) },
  fish: { width: 30, draw: (pen) => fish(pen, "fish-orange") },
  "great-fish": { width: 170, draw: greatFish },
};
