// `node scripts/make-app-icons.mjs`: draws the installed app's icons (src/web/public/icons/) from the favicon's
// lamp, once; the PNGs are committed. The maskable one keeps the lamp inside the middle 80 % (the safe zone a
// phone's mask never cuts) on a full-bleed background.
import { mkdirSync } from "node:fs";
import sharp from "sharp";

const out = new URL("../src/web/public/icons/", import.meta.url);
mkdirSync(out, { recursive: true });

const lamp = (scale, offset) =>
  `<g transform="translate(${offset} ${offset}) scale(${scale})"><path d="M32 12c6 8 10 13 10 20a10 10 0 0 1-20 0c0-7 4-12 10-20z" fill="#fbbf24"/><rect x="24" y="46" width="16" height="6" rx="2" fill="#fde68a"/></g>`;

/** The favicon as it is: rounded square, lamp at full size. */
const rounded = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#312e81"/>${lamp(1, 0)}</svg>`;
/** Full-bleed square; the lamp shrunk to 70 % about the centre, well inside the safe zone. */
const maskable = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="#312e81"/>${lamp(0.7, 32 * 0.3)}</svg>`;

const draw = (svg, size, name) =>
  sharp(Buffer.from(svg), { density: (72 * size) / 64 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
    .toFile(new URL(name, out).pathname);

await Promise.all([
  draw(rounded, 192, "icon-192.png"),
  draw(rounded, 512, "icon-512.png"),
  draw(maskable, 512, "icon-maskable-512.png"),
  draw(rounded, 180, "apple-touch-icon.png"),
]);
console.log("icons written to src/web/public/icons/");
