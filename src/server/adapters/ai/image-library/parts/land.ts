// Settings: the land (or hall, or den) a scene stands in, drawn in picture pixels (1024 square), in three
// bands from far to near so that people and things can stand between them.
import type { ColourName } from "../palette";
import { circlePath, type Pen } from "../pen";
import type { Random } from "../random";
import type { Depth, Setting } from "../scene-schema";

export const SIZE = 1024;

export type Land = {
  indoors: boolean;
  horizon: number;
  /** Where things at each depth stand. */
  ground: Record<Depth, number>;
  /** The land drawn before the parts of each depth. */
  layers: Record<Depth, string>;
};

type Point = [number, number];

/** A wavy ridge through jittered points, closed down to the bottom of the picture. */
export function ridge(random: Random, base: number, amplitude: number, steps: number): string {
  const points = Array.from(
    { length: steps + 1 },
    (_, step): Point => [-64 + (step * (SIZE + 128)) / steps, base + random.between(-amplitude, amplitude)],
  );
  const [first, ...rest] = points as [Point, ...Point[]];
  const curves = rest.map(([x, y], index) => {
    const next = rest[index + 1];
    return next ? `Q${x} ${y} ${(x + next[0]) / 2} ${(y + next[1]) / 2}` : `L${x} ${y}`;
  });
  return `M${first[0]} ${first[1]} ${curves.join(" ")} L${SIZE + 64} ${SIZE + 64} L-64 ${SIZE + 64}Z`;
}

const rect = (top: number) => `M-64 ${top}H${SIZE + 64}V${SIZE + 64}H-64Z`;

/** Little lines of foam on water between two heights. */
function ripples(pen: Pen, random: Random, top: number, bottom: number, count: number): string {
  const marks = Array.from({ length: count }, () => {
    const y = random.between(top, bottom);
    const x = random.between(0, SIZE);
    const w = 14 + ((y - top) / (bottom - top)) * 40;
    return `M${x - w} ${y} Q${x} ${y - w * 0.25} ${x + w} ${y}`;
  });
  return pen.stroke(marks.join(""), "foam", 3, 0.55);
}

function grassTufts(pen: Pen, random: Random, top: number, colour: ColourName): string {
  const marks = Array.from({ length: 18 }, () => {
    const [x, y] = [random.between(0, SIZE), random.between(top + 30, SIZE - 10)];
    return `M${x - 6} ${y} L${x - 2} ${y - 14} M${x} ${y} L${x + 1} ${y - 18} M${x + 6} ${y} L${x + 4} ${y - 13}`;
  });
  return pen.stroke(marks.join(""), colour, 2.4, 0.6);
}

function outdoors(
  pen: Pen,
  random: Random,
  colours: { far: ColourName; mid: ColourName; near: ColourName },
  heights = { far: 560, mid: 690, near: 840 },
): Land {
  return {
    indoors: false,
    horizon: heights.far,
    ground: { far: heights.far + 50, mid: heights.mid + 50, near: heights.near + 110 },
    layers: {
      far: pen.shape(ridge(random, heights.far, 40, 5), colours.far),
      mid: pen.shape(ridge(random, heights.mid, 24, 4), colours.mid),
      near: pen.shape(ridge(random, heights.near, 18, 4), colours.near),
    },
  };
}

function sea(pen: Pen, random: Random, shore: boolean): Land {
  const horizon = 560;
  const water =
    pen.shape(rect(horizon), "water") +
    pen.mark(rect(horizon + 180), "water-deep", 0.35) +
    ripples(pen, random, horizon + 20, SIZE, 26);
  const beach = shore
    ? pen.shape(
        `M${SIZE * 0.42} ${SIZE + 64} Q${SIZE * 0.55} 820 ${SIZE + 64} 760 L${SIZE + 64} ${SIZE + 64}Z`,
        "sand",
      ) + pen.stroke(`M${SIZE * 0.44} ${SIZE} Q${SIZE * 0.56} 826 ${SIZE + 64} 768`, "foam", 6, 0.8)
    : "";
  return {
    indoors: false,
    horizon,
    ground: { far: horizon + 40, mid: 740, near: 930 },
    layers: {
      far: pen.shape(ridge(random, horizon - 16, 14, 6), "hill-far", { opacity: 0.7 }) + water,
      mid: "",
      near: beach,
    },
  };
}

function partedSea(pen: Pen, random: Random): Land {
  const horizon = 560;
  // Walls of water stand on either side of a dry path that runs to the far shore.
  const wall = (side: 1 | -1) => {
    const inner = SIZE / 2 + side * 120;
    const outer = side === 1 ? SIZE + 64 : -64;
    return `M${SIZE / 2 + side * 40} ${horizon} Q${inner} ${horizon + 40} ${SIZE / 2 + side * 170} ${SIZE + 64} L${outer} ${SIZE + 64} L${outer} 300 Q${SIZE / 2 + side * 250} 320 ${SIZE / 2 + side * 40} ${horizon}Z`;
  };
  const spray = (side: 1 | -1) =>
    pen.stroke(
      `M${SIZE / 2 + side * 40} ${horizon} Q${SIZE / 2 + side * 250} 320 ${side === 1 ? SIZE + 64 : -64} 300`,
      "foam",
      8,
      0.8,
    );
  return {
    indoors: false,
    horizon,
    ground: { far: horizon + 40, mid: 760, near: 950 },
    layers: {
      far:
        pen.shape(ridge(random, horizon - 20, 20, 5), "hill-far") +
        pen.shape(
          `M${SIZE / 2 - 40} ${horizon} L${SIZE / 2 + 40} ${horizon} L${SIZE / 2 + 200} ${SIZE + 64} L${SIZE / 2 - 200} ${SIZE + 64}Z`,
          "sand",
        ),
      mid:
        pen.shape(wall(-1), "water") +
        pen.shape(wall(1), "water") +
        // Deep water standing up: darker than the open sea.
        pen.mark(wall(-1), "water-deep", 0.3) +
        pen.mark(wall(1), "water-deep", 0.3) +
        ripples(pen, random, 420, SIZE, 10) +
        spray(-1) +
        spray(1),
      near: "",
    },
  };
}

function road(pen: Pen, random: Random): Land {
  const land = outdoors(pen, random, { far: "desert-far", mid: "desert-mid", near: "sand" });
  const path = `M${SIZE * 0.52} 640 Q${SIZE * 0.3} 760 ${SIZE * 0.46} 860 Q${SIZE * 0.62} 960 ${SIZE * 0.5} ${SIZE + 64} L${SIZE * 0.86} ${SIZE + 64} Q${SIZE * 0.86} 940 ${SIZE * 0.6} 860 Q${SIZE * 0.4} 760 ${SIZE * 0.56} 640Z`;
  land.layers.near += pen.shape(path, "earth", { opacity: 0.55 });
  return land;
}

function palaceHall(pen: Pen): Land {
  const columns = [90, 300, 724, 934]
    .map((x) => pen.shape(`M${x - 26} 700 L${x - 26} 90 L${x + 26} 90 L${x + 26} 700Z`, "cream"))
    .join("");
  const arch = pen.mark(`M360 700 L360 330 Q512 170 664 330 L664 700Z`, "curtain", 0.35);
  const curtains = [
    `M-10 -10 L180 -10 Q120 300 150 560 Q60 520 -10 600Z`,
    `M${SIZE + 10} -10 L${SIZE - 180} -10 Q${SIZE - 120} 300 ${SIZE - 150} 560 Q${SIZE - 60} 520 ${SIZE + 10} 600Z`,
  ];
  const tiles = Array.from(
    { length: 7 },
    (_, index) => `M${-200 + index * 240} ${SIZE} L${400 + index * 40} 700`,
  ).join("");
  return {
    indoors: true,
    horizon: 700,
    ground: { far: 720, mid: 820, near: 960 },
    layers: {
      far:
        pen.shape(rect(-64), "hall-wall") +
        arch +
        columns +
        pen.shape(rect(700), "hall-floor") +
        pen.stroke(`${tiles}M-64 800H1088M-64 920H1088`, "stone-dark", 3, 0.4) +
        curtains.map((d) => pen.shape(d, "curtain")).join("") +
        pen.mark(`M0 0H${SIZE}V40H0Z`, "metal-gold", 0.8),
      mid: "",
      near: "",
    },
  };
}

function den(pen: Pen, random: Random): Land {
  const stones = Array.from({ length: 26 }, () =>
    circlePath(random.between(0, SIZE), random.between(60, 680), random.between(22, 50)),
  ).join("");
  return {
    indoors: true,
    horizon: 700,
    ground: { far: 730, mid: 830, near: 960 },
    layers: {
      far:
        pen.shape(rect(-64), "stone-dark") +
        pen.mark(stones, "rock", 0.45) +
        pen.mark(`M380 -10 L644 -10 L760 ${SIZE} L264 ${SIZE}Z`, "glow", 0.22) +
        pen.shape(`M360 -10 Q512 110 664 -10Z`, "sky-day") +
        pen.shape(rect(690), "sand"),
      mid: "",
      near: pen.mark(`M-64 ${SIZE} Q512 880 ${SIZE + 64} ${SIZE}Z`, "earth", 0.3),
    },
  };
}

function mountain(pen: Pen, random: Random): Land {
  const land = outdoors(
    pen,
    random,
    { far: "hill-far", mid: "rock", near: "grass" },
    { far: 600, mid: 720, near: 850 },
  );
  land.layers.far =
    pen.shape(
      `M-64 640 Q200 560 380 330 Q512 200 640 330 Q820 540 ${SIZE + 64} 620 L${SIZE + 64} ${SIZE + 64} L-64 ${SIZE + 64}Z`,
      "rock",
    ) + pen.shape(ridge(random, 620, 20, 5), "hill-far");
  land.ground.far = 560;
  return land;
}

export function drawLand(pen: Pen, random: Random, setting: Setting): Land {
  switch (setting) {
    case "hills":
      return outdoors(pen, random, { far: "hill-far", mid: "hill-mid", near: "grass" });
    case "garden": {
      const land = outdoors(pen, random, { far: "grass-far", mid: "leaf-light", near: "grass" });
      land.layers.near += grassTufts(pen, random, 840, "leaf");
      return land;
    }
    case "field": {
      const land = outdoors(pen, random, { far: "hill-far", mid: "barley", near: "straw" });
      land.layers.near += grassTufts(pen, random, 840, "barley");
      return land;
    }
    case "desert":
      return outdoors(pen, random, { far: "desert-far", mid: "desert-mid", near: "sand" });
    case "city":
      return outdoors(pen, random, { far: "hill-far", mid: "desert-mid", near: "earth" });
    case "road":
      return road(pen, random);
    case "sea":
      return sea(pen, random, false);
    case "shore":
      return sea(pen, random, true);
    case "parted-sea":
      return partedSea(pen, random);
    case "palace-hall":
      return palaceHall(pen);
    case "den":
      return den(pen, random);
    case "mountain":
      return mountain(pen, random);
  }
}
