// The pen every part draws with: it turns a shape and a colour name into SVG in the style's manner
// (its palette, outline, washes and shading), so the parts themselves never know the style.
import type { Look } from "./look";
import { baseColour, type ColourName, type Hsl, hsl, shift } from "./palette";

type ShapeOptions = {
  /** No outline even when the style draws outlines (small marks, light, water highlights). */
  bare?: boolean;
  /** Overlapping pieces in one path (a cloud of circles): one outline round the whole. */
  compound?: boolean;
  /** No shading gradient: flat colour even in a shaded style (eyes, stripes). */
  flat?: boolean;
  opacity?: number;
};

export class Pen {
  private readonly colours = new Map<ColourName, Hsl>();
  private readonly gradients = new Map<string, string>();
  /** Pixels per drawing unit where the pen now draws, so that outlines keep one width at every scale. */
  unit = 1;
  /** How heavy outlines are at the current depth (far parts get thinner ones). */
  weight = 1;

  constructor(readonly look: Look) {}

  tone(name: ColourName): Hsl {
    let colour = this.colours.get(name);
    if (!colour) {
      colour = this.look.tone(name, baseColour(name));
      this.colours.set(name, colour);
    }
    return colour;
  }

  hex(name: ColourName, lighter = 0): string {
    return hsl(...shift(this.tone(name), lighter));
  }

  /** The fill for a colour: flat, or a top-lit gradient in shaded styles. */
  paint(name: ColourName, flat = false): string {
    const shading = this.look.shading;
    if (!shading || flat) return this.hex(name);
    const id = `shade-${name}`;
    if (!this.gradients.has(id)) {
      const colour = this.tone(name);
      this.gradients.set(
        id,
        `<linearGradient id="${id}" x1="0" y1="0" x2="0.25" y2="1"><stop offset="0" stop-color="${hsl(...shift(colour, shading.light))}"/><stop offset="1" stop-color="${hsl(...shift(colour, -shading.dark))}"/></linearGradient>`,
      );
    }
    return `url(#${id})`;
  }

  private outline(options: ShapeOptions): string {
    const outline = this.look.outline;
    if (!outline || options.bare) return "";
    const width = (outline.width * this.weight * (options.compound ? 2 : 1)) / this.unit;
    return ` stroke="${outline.color}" stroke-width="${round(width)}"${outline.opacity === undefined ? "" : ` stroke-opacity="${outline.opacity}"`} stroke-linejoin="round"${options.compound ? ` paint-order="stroke"` : ""}`;
  }

  private opacity(options: ShapeOptions): string {
    const opacity = options.opacity ?? this.look.opacity;
    return opacity === undefined ? "" : ` fill-opacity="${opacity}"`;
  }

  shape(d: string, colour: ColourName, options: ShapeOptions = {}): string {
    return `<path d="${d}" fill="${this.paint(colour, options.flat)}"${this.opacity(options)}${this.outline(options)}/>`;
  }

  circle(cx: number, cy: number, r: number, colour: ColourName, options: ShapeOptions = {}): string {
    return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${this.paint(colour, options.flat)}"${this.opacity(options)}${this.outline(options)}/>`;
  }

  ellipse(
    cx: number,
    cy: number,
    rx: number,
    ry: number,
    colour: ColourName,
    options: ShapeOptions = {},
  ): string {
    return `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(rx)}" ry="${round(ry)}" fill="${this.paint(colour, options.flat)}"${this.opacity(options)}${this.outline(options)}/>`;
  }

  /** A stroked line (an arm, a staff, a rope); in outlined styles a wider line of ink runs beneath it. */
  line(
    d: string,
    colour: ColourName,
    width: number,
    options: { bare?: boolean; opacity?: number } = {},
  ): string {
    const outline = this.look.outline;
    const opacity = options.opacity === undefined ? "" : ` stroke-opacity="${options.opacity}"`;
    const ink =
      outline && !options.bare && (outline.opacity ?? 1) === 1
        ? `<path d="${d}" fill="none" stroke="${outline.color}" stroke-width="${round(width + (outline.width * this.weight * 2) / this.unit)}" stroke-linecap="round" stroke-linejoin="round"/>`
        : "";
    return `${ink}<path d="${d}" fill="none" stroke="${this.hex(colour)}" stroke-width="${round(width)}" stroke-linecap="round" stroke-linejoin="round"${opacity}/>`;
  }

  /** A small mark that is never outlined, washed or shaded: eyes, mouths, sparkles. */
  mark(d: string, colour: ColourName, opacity?: number): string {
    return `<path d="${d}" fill="${this.hex(colour)}"${opacity === undefined ? "" : ` fill-opacity="${opacity}"`}/>`;
  }

  /** A thin stroke that is never outlined: a smile, a stripe, a crease. */
  stroke(d: string, colour: ColourName, width: number, opacity?: number): string {
    return `<path d="${d}" fill="none" stroke="${this.hex(colour)}" stroke-width="${round(width)}" stroke-linecap="round" stroke-linejoin="round"${opacity === undefined ? "" : ` stroke-opacity="${opacity}"`}/>`;
  }

  /** Draws inside a moved, scaled and maybe mirrored group, with outlines kept at their width on the page. */
  group(x: number, y: number, scale: number, mirrored: boolean, draw: () => string, rotate = 0): string {
    const [unit, previous] = [scale, this.unit];
    this.unit = unit;
    try {
      const turn = rotate ? ` rotate(${round(rotate)})` : "";
      return `<g transform="translate(${round(x)} ${round(y)})${turn} scale(${round(mirrored ? -scale : scale, 3)} ${round(scale, 3)})">${draw()}</g>`;
    } finally {
      this.unit = previous;
    }
  }

  /** The gradients the pen made while drawing, for the picture's defs. */
  defs(): string {
    return [...this.gradients.values()].join("");
  }
}

export const round = (value: number, digits = 1) => {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
};

/** A circle as path data, to join with other pieces in one compound path. */
export const circlePath = (cx: number, cy: number, r: number) =>
  `M${round(cx - r)} ${round(cy)}a${round(r)} ${round(r)} 0 1 0 ${round(2 * r)} 0a${round(r)} ${round(r)} 0 1 0 ${round(-2 * r)} 0Z`;

/** An ellipse as path data. */
export const ellipsePath = (cx: number, cy: number, rx: number, ry: number) =>
  `M${round(cx - rx)} ${round(cy)}a${round(rx)} ${round(ry)} 0 1 0 ${round(2 * rx)} 0a${round(rx)} ${round(ry)} 0 1 0 ${round(-2 * rx)} 0Z`;
