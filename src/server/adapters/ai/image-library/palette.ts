// The named colours every part is painted with, as natural base tones; each style turns them into its own
// palette (darker and warmer for classic, pastel for watercolour, jewel tones for glass...).

export type Hsl = [hue: number, saturation: number, lightness: number];

const BASE = {
  // Skin, from light to dark.
  "skin-light": [28, 62, 80],
  "skin-olive": [30, 48, 66],
  "skin-tan": [27, 52, 57],
  "skin-brown": [24, 45, 42],
  "skin-dark": [20, 42, 28],
  // Hair.
  "hair-black": [20, 20, 14],
  "hair-brown": [24, 45, 26],
  "hair-grey": [30, 6, 62],
  "hair-white": [40, 20, 90],
  // Cloth.
  red: [2, 68, 48],
  crimson: [348, 62, 38],
  orange: [26, 85, 54],
  gold: [44, 85, 55],
  green: [112, 38, 40],
  teal: [178, 48, 38],
  blue: [214, 58, 46],
  navy: [226, 48, 28],
  purple: [280, 40, 42],
  brown: [28, 42, 38],
  grey: [210, 8, 55],
  white: [40, 30, 93],
  cream: [40, 50, 82],
  // Metal, fire and light.
  "metal-gold": [46, 90, 55],
  "metal-grey": [210, 12, 62],
  fire: [28, 100, 55],
  flame: [48, 100, 62],
  glow: [50, 100, 82],
  // Nature.
  wood: [26, 45, 32],
  "wood-light": [32, 48, 52],
  bark: [24, 30, 28],
  leaf: [110, 45, 36],
  "leaf-light": [92, 50, 48],
  olive: [78, 25, 42],
  straw: [45, 70, 66],
  barley: [42, 75, 60],
  stone: [35, 12, 62],
  "stone-dark": [30, 10, 40],
  rock: [28, 18, 48],
  sand: [40, 55, 72],
  earth: [30, 38, 44],
  grass: [95, 45, 42],
  "grass-far": [105, 30, 55],
  "hill-far": [250, 20, 66],
  "hill-mid": [100, 30, 50],
  "desert-far": [28, 40, 70],
  "desert-mid": [34, 52, 64],
  water: [200, 62, 46],
  "water-deep": [210, 58, 32],
  foam: [195, 60, 92],
  mud: [30, 30, 30],
  petal: [340, 75, 72],
  "petal-yellow": [50, 90, 62],
  // Animals.
  lion: [38, 70, 56],
  mane: [26, 65, 38],
  wool: [45, 30, 92],
  "donkey-grey": [30, 8, 55],
  camel: [34, 45, 58],
  elephant: [215, 8, 58],
  giraffe: [40, 80, 60],
  spots: [24, 55, 35],
  "fish-blue": [195, 60, 55],
  "fish-orange": [24, 85, 58],
  "whale-blue": [210, 40, 42],
  "whale-belly": [200, 30, 78],
  cattle: [24, 50, 40],
  feather: [0, 0, 96],
  raven: [240, 12, 18],
  "bird-blue": [205, 70, 55],
  pig: [350, 55, 78],
  horse: [22, 45, 36],
  goat: [30, 12, 75],
  // Small marks: eyes and mouths, cheeks, the whites of eyes.
  ink: [20, 30, 12],
  blush: [352, 70, 72],
  eyewhite: [0, 0, 100],
  // Skies, top and horizon for each time of day.
  "sky-day": [205, 70, 62],
  "sky-day-low": [195, 65, 84],
  "sky-dawn": [220, 45, 60],
  "sky-dawn-low": [30, 85, 78],
  "sky-dusk": [255, 35, 38],
  "sky-dusk-low": [22, 85, 64],
  "sky-night": [232, 50, 13],
  "sky-night-low": [225, 40, 28],
  "sky-storm": [215, 16, 40],
  "sky-storm-low": [210, 14, 58],
  "hall-wall": [32, 35, 58],
  "hall-floor": [28, 30, 40],
  curtain: [350, 55, 38],
  cloud: [210, 30, 96],
  "cloud-storm": [215, 12, 46],
  sun: [46, 100, 60],
  moon: [50, 40, 88],
  star: [52, 100, 86],
  ray: [48, 100, 80],
} satisfies Record<string, Hsl>;

export type ColourName = keyof typeof BASE;

export const colourNames = Object.keys(BASE) as ColourName[];

export function baseColour(name: ColourName): Hsl {
  return BASE[name] as Hsl;
}

/** hsl() as hex, which every SVG renderer reads. */
export function hsl(hue: number, saturation: number, lightness: number): string {
  const h = (((hue % 360) + 360) % 360) / 360;
  const s = Math.min(Math.max(saturation, 0), 100) / 100;
  const l = Math.min(Math.max(lightness, 0), 100) / 100;
  const q = l < 0.5 ? l * (1 + s) : l + s - l * s;
  const p = 2 * l - q;
  const channel = (offset: number) => {
    const t = (h + offset + 1) % 1;
    const value =
      t < 1 / 6 ? p + (q - p) * 6 * t : t < 1 / 2 ? q : t < 2 / 3 ? p + (q - p) * (2 / 3 - t) * 6 : p;
    return Math.round(value * 255)
      .toString(16)
      .padStart(2, "0");
  };
  return `#${channel(1 / 3)}${channel(0)}${channel(-1 / 3)}`;
}

/** The same colour lighter (amount > 0) or darker (amount < 0), in lightness points. */
export const shift = ([h, s, l]: Hsl, amount: number): Hsl => [h, s, Math.min(100, Math.max(0, l + amount))];

/** A top-to-bottom gradient through evenly spaced stops, for a look's defs. */
export const linearGradient = (id: string, colours: string[]) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1">${colours
    .map((colour, index) => `<stop offset="${index / (colours.length - 1)}" stop-color="${colour}"/>`)
    .join("")}</linearGradient>`;
