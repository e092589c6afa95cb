// Lumi, Lamplight's mascot: a little clay oil lamp with a friendly face and a flame for hair. One source for
// the web's SVG files (src/web/assets/lumi/, written by `npm run illustrations:sheet`) and for the server.
// Shapes only, no text: the page gives each picture its alt text.

export const LUMI_EXPRESSIONS = ["happy", "cheering", "thinking", "sleepy"] as const;
export type Expression = (typeof LUMI_EXPRESSIONS)[number];

const CLAY = "#d9793f";
const CLAY_DARK = "#a8522a";
const CLAY_LIGHT = "#f0a468";
const FLAME = "#ffb429";
const FLAME_CORE = "#fff1b0";
const INK = "#3a2218";
const BLUSH = "#f47c7c";

/** The flame: taller and brighter when cheering, low and soft when sleepy. */
function flame(expression: Expression): string {
  const height = { happy: 34, cheering: 44, thinking: 32, sleepy: 20 }[expression];
  const top = 50 - height;
  return (
    `<circle cx="64" cy="${52 - height / 2}" r="${height * 0.6}" fill="${FLAME}" opacity="0.22"/>` +
    `<path d="M64 ${top} C76 ${top + height * 0.45} 76 50 64 54 C52 50 52 ${top + height * 0.45} 64 ${top}Z" fill="${FLAME}"/>` +
    `<path d="M64 ${top + height * 0.4} C70 ${top + height * 0.65} 69 52 64 53 C59 52 58 ${top + height * 0.65} 64 ${top + height * 0.4}Z" fill="${FLAME_CORE}"/>`
  );
}

function eyes(expression: Expression): string {
  switch (expression) {
    case "sleepy":
      return `<path d="M45 80 Q50 84 55 80 M73 80 Q78 84 83 80" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`;
    case "cheering":
      return `<path d="M44 82 Q50 74 56 82 M72 82 Q78 74 84 82" fill="none" stroke="${INK}" stroke-width="3.4" stroke-linecap="round"/>`;
    case "thinking":
      return `<circle cx="51" cy="79" r="5" fill="#fff"/><circle cx="77" cy="79" r="5" fill="#fff"/><circle cx="53" cy="76.5" r="3" fill="${INK}"/><circle cx="79" cy="76.5" r="3" fill="${INK}"/>`;
    default:
      return `<circle cx="50" cy="80" r="5.5" fill="${INK}"/><circle cx="78" cy="80" r="5.5" fill="${INK}"/><circle cx="52" cy="78" r="1.8" fill="#fff"/><circle cx="80" cy="78" r="1.8" fill="#fff"/>`;
  }
}

function mouth(expression: Expression): string {
  switch (expression) {
    case "cheering":
      return `<path d="M54 89 Q64 104 74 89Z" fill="${INK}"/><path d="M59 95 Q64 99 69 95 Q64 93 59 95Z" fill="${BLUSH}"/>`;
    case "thinking":
      return `<path d="M58 93 Q64 90 70 92" fill="none" stroke="${INK}" stroke-width="3" stroke-linecap="round"/>`;
    case "sleepy":
      return `<ellipse cx="64" cy="93" rx="3.5" ry="3" fill="${INK}"/>`;
    default:
      return `<path d="M55 90 Q64 99 73 90" fill="none" stroke="${INK}" stroke-width="3.4" stroke-linecap="round"/>`;
  }
}

/** Little arms (and, for some moods, something around Lumi: sparkles, a thought, sleep bubbles). */
function extras(expression: Expression): string {
  const arm = (d: string) =>
    `<path d="${d}" fill="none" stroke="${CLAY_DARK}" stroke-width="6" stroke-linecap="round"/>`;
  const sparkle = (x: number, y: number, r: number) =>
    `<path d="M${x} ${y - r} Q${x + r * 0.2} ${y - r * 0.2} ${x + r} ${y} Q${x + r * 0.2} ${y + r * 0.2} ${x} ${y + r} Q${x - r * 0.2} ${y + r * 0.2} ${x - r} ${y} Q${x - r * 0.2} ${y - r * 0.2} ${x} ${y - r}Z" fill="${FLAME}"/>`;
  switch (expression) {
    case "cheering":
      return (
        arm("M15 80 Q4 72 5 52 M113 80 Q124 72 123 52") +
        sparkle(20, 30, 7) +
        sparkle(108, 30, 7) +
        sparkle(96, 12, 5)
      );
    case "thinking":
      return (
        arm("M16 86 Q8 96 14 104 M112 84 Q118 100 84 101") +
        `<circle cx="100" cy="40" r="4" fill="${FLAME_CORE}" stroke="${CLAY_DARK}" stroke-width="2"/><circle cx="110" cy="26" r="6" fill="${FLAME_CORE}" stroke="${CLAY_DARK}" stroke-width="2"/>`
      );
    case "sleepy":
      return (
        arm("M17 88 Q8 96 12 106 M111 88 Q120 96 116 106") +
        `<circle cx="96" cy="50" r="3.5" fill="none" stroke="${CLAY_DARK}" stroke-width="2"/><circle cx="106" cy="38" r="5" fill="none" stroke="${CLAY_DARK}" stroke-width="2"/>`
      );
    default:
      return arm("M16 84 Q6 92 10 104 M112 82 Q122 76 120 62");
  }
}

/** Lumi in one mood, as a standalone 128×128 SVG document. */
export function lumiSvg(expression: Expression): string {
  // Drawn back to front: glow and flame, the lamp's body, the arms and what is around Lumi, then the face.
  const body =
    `<path d="M12 76 Q14 60 30 56 L98 56 Q114 60 116 76 Q112 108 64 112 Q16 108 12 76Z" fill="${CLAY}"/>` +
    `<path d="M30 56 Q64 48 98 56 Q92 64 64 64 Q36 64 30 56Z" fill="${CLAY_LIGHT}"/>` +
    `<ellipse cx="64" cy="56" rx="9" ry="4" fill="${CLAY_DARK}"/>` +
    `<path d="M20 98 Q64 122 108 98 Q100 112 64 114 Q28 112 20 98Z" fill="${CLAY_DARK}" opacity="0.5"/>`;
  const cheeks = `<ellipse cx="40" cy="90" rx="6" ry="3.5" fill="${BLUSH}" opacity="0.7"/><ellipse cx="88" cy="90" rx="6" ry="3.5" fill="${BLUSH}" opacity="0.7"/>`;
  // A title names the picture wherever the file is shown on its own; pages that show it give it their own alt.
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 128 128" width="128" height="128"><title>Lumi the lamp, ${expression}</title>${flame(expression)}${body}${extras(expression)}${eyes(expression)}${cheeks}${mouth(expression)}</svg>\n`;
}
