// Lumi, the mascot: the web's SVG files are the ones this module draws, and they are pictures only.
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { LUMI_EXPRESSIONS, lumiSvg } from "./lumi";

const folder = fileURLToPath(new URL("../../../../web/assets/lumi/", import.meta.url));

describe("Lumi", () => {
  it.each(LUMI_EXPRESSIONS)(
    "%s: the web's file is the drawn one, small, square, shapes only",
    async (expression) => {
      const svg = lumiSvg(expression);
      // `npm run illustrations:sheet` writes the files; a change here without running it fails this line.
      expect(await readFile(`${folder}${expression}.svg`, "utf8")).toBe(svg);
      expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 128 128"/);
      expect(svg).not.toMatch(/<text|<tspan|<script|<image|href=/);
      expect(svg.length).toBeLessThan(4000);
      expect(await sharp(Buffer.from(svg)).metadata()).toMatchObject({ width: 128, height: 128 });
    },
  );

  it("has a different face for each mood", () => {
    expect(new Set(LUMI_EXPRESSIONS.map(lumiSvg)).size).toBe(LUMI_EXPRESSIONS.length);
  });
});
