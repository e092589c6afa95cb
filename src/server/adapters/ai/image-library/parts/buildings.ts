// Buildings: city walls, a city, a palace, a house, tents, a well, a stable and a pillar, in person units.
import type { ColourName } from "../palette";
import type { Pen } from "../pen";

type Part = { width: number; draw: (pen: Pen) => string };

/** A flat-roofed house of the Bible lands: a block with a dark door and a small window. */
function block(pen: Pen, x: number, w: number, h: number, colour: ColourName): string {
  return (
    pen.shape(`M${x - w / 2} 0 L${x - w / 2} ${-h} L${x + w / 2} ${-h} L${x + w / 2} 0Z`, colour) +
    pen.shape(
      `M${x - w / 2 - 2} ${-h} L${x + w / 2 + 2} ${-h} L${x + w / 2 + 2} ${-h - 4} L${x - w / 2 - 2} ${-h - 4}Z`,
      "stone-dark",
    ) +
    pen.mark(`M${x - 5} 0 L${x - 5} -16 Q${x} -22 ${x + 5} -16 L${x + 5} 0Z`, "mud") +
    (h > 34
      ? pen.mark(
          `M${x - w / 4 - 3} ${-h + 10} L${x - w / 4 + 3} ${-h + 10} L${x - w / 4 + 3} ${-h + 18} L${x - w / 4 - 3} ${-h + 18}Z`,
          "mud",
        )
      : "")
  );
}

function wall(pen: Pen): string {
  const battlements = Array.from({ length: 10 }, (_, index) => {
    const x = -110 + index * 24;
    return `M${x} -70 L${x} -80 L${x + 12} -80 L${x + 12} -70Z`;
  }).join("");
  return (
    pen.shape(`M-110 0 L-110 -70 L110 -70 L110 0Z ${battlements}`, "sand") +
    pen.stroke(`M-110 -46 L110 -46 M-110 -22 L110 -22`, "stone-dark", 1.2, 0.35) +
    pen.shape(`M-16 0 L-16 -36 Q0 -52 16 -36 L16 0Z`, "wood")
  );
}

function city(pen: Pen): string {
  return (
    block(pen, -96, 52, 70, "stone") +
    block(pen, -44, 44, 96, "sand") +
    pen.shape(`M-6 0 L-6 -110 L34 -110 L34 0Z`, "stone") +
    pen.shape(`M-10 -110 Q14 -150 38 -110Z`, "metal-gold") +
    block(pen, 66, 56, 80, "sand") +
    block(pen, 114, 40, 56, "stone") +
    // A lower stretch of the city wall runs in front of the houses.
    `<g transform="scale(1.25 0.55)">${wall(pen)}</g>`
  );
}

function palace(pen: Pen): string {
  const columns = [-70, -35, 0, 35, 70]
    .map((x) => pen.shape(`M${x - 7} 0 L${x - 7} -100 L${x + 7} -100 L${x + 7} 0Z`, "cream"))
    .join("");
  return (
    pen.shape(`M-96 0 L-96 -104 L96 -104 L96 0Z`, "stone") +
    columns +
    pen.shape(`M-104 -100 L104 -100 L104 -116 L-104 -116Z`, "cream") +
    pen.shape(`M-100 -116 L0 -160 L100 -116Z`, "metal-gold") +
    pen.shape(`M-106 0 L106 0 L100 -8 L-100 -8Z`, "cream")
  );
}

function house(pen: Pen): string {
  return block(pen, 0, 70, 56, "sand") + pen.shape(`M20 -56 L20 -70 L34 -70 L34 -56Z`, "stone");
}

function tent(pen: Pen): string {
  return (
    pen.shape(`M-50 0 L-36 -50 L0 -60 L36 -50 L50 0Z`, "earth") +
    pen.stroke(`M-30 -4 L-22 -50 M30 -4 L22 -50`, "cream", 2, 0.5) +
    pen.shape(`M-10 0 L0 -40 L10 0Z`, "mud") +
    pen.line(`M-36 -50 L-58 0 M36 -50 L58 0`, "wood-light", 1.2, { bare: true })
  );
}

function well(pen: Pen): string {
  return (
    pen.line(`M-20 -30 L-20 -66 M20 -30 L20 -66 M-24 -64 L24 -64`, "wood", 3) +
    pen.line(`M0 -64 L0 -46`, "stone-dark", 1.2, { bare: true }) +
    pen.shape(`M-4 -46 L4 -46 L5 -38 L-5 -38Z`, "earth") +
    pen.shape(`M-26 0 L-26 -30 L26 -30 L26 0Z`, "stone") +
    pen.ellipse(0, -30, 26, 6, "stone-dark") +
    pen.stroke(`M-26 -18 L26 -18 M-12 -30 L-12 -18 M10 -18 L10 0`, "stone-dark", 1, 0.4)
  );
}

/** An open stable: a roof on posts, straw on the floor, warm light inside. */
function stable(pen: Pen): string {
  return (
    pen.shape(`M-96 0 L-96 -116 L96 -116 L96 0Z`, "wood") +
    pen.mark(`M-84 0 L-84 -106 L84 -106 L84 0Z`, "mud", 0.55) +
    pen.mark(`M-70 0 Q0 -140 70 0Z`, "glow", 0.22) +
    pen.line(`M-92 0 L-92 -118 M92 0 L92 -118`, "bark", 8) +
    pen.shape(`M-120 -110 L0 -160 L120 -110 L112 -104 L0 -146 L-112 -104Z`, "bark") +
    pen.shape(`M-100 0 Q-80 -14 -50 -6 Q0 -12 50 -6 Q80 -14 100 0Z`, "straw")
  );
}

/** A pyramid of Egypt: sunlit and shaded faces of stepped stone. */
function pyramid(pen: Pen): string {
  const steps = Array.from({ length: 5 }, (_, index) => {
    const y = -20 - index * 22;
    const half = 120 - ((index + 1) * 22 * 120) / 130;
    return `M${-half} ${y} L${half * 0.35} ${y}`;
  }).join("");
  return (
    pen.shape(`M-120 0 L0 -130 L40 0Z`, "sand") +
    pen.shape(`M40 0 L0 -130 L120 0Z`, "desert-mid") +
    pen.stroke(steps, "stone-dark", 1.2, 0.3)
  );
}

function pillar(pen: Pen): string {
  return (
    pen.shape(`M-12 0 L-12 -190 L12 -190 L12 0Z`, "cream") +
    pen.stroke(`M-5 -186 L-5 -4 M5 -186 L5 -4`, "stone", 1.4, 0.6) +
    pen.shape(`M-18 -188 L18 -188 L18 -200 L-18 -200Z`, "metal-gold") +
    pen.shape(`M-18 0 L18 0 L18 -8 L-18 -8Z`, "cream")
  );
}

export const buildings = {
  wall: { width: 220, draw: wall },
  city: { width: 280, draw: city },
  palace: { width: 210, draw: palace },
  house: { width: 80, draw: house },
  tent: { width: 110, draw: tent },
  well: { width: 60, draw: well },
  stable: { width: 240, draw: stable },
  pillar: { width: 40, draw: pillar },
  pyramid: { width: 240, draw: pyramid },
} satisfies Record<string, Part>;
