import { describe, expect, it } from "vitest";
import { collapseSeparators, foldUnicode, normaliseForModeration } from "./normalise";

describe("the moderation normaliser", () => {
  it("folds every decimal digit Unicode knows, in every script, to 0–9 in order", () => {
    const isDigit = /\p{Nd}/u;
    let runs = 0;
    for (let codePoint = 0x80; codePoint <= 0x10ffff; codePoint += 1) {
      const char = String.fromCodePoint(codePoint);
      if (!isDigit.test(char) || isDigit.test(String.fromCodePoint(codePoint - 1))) continue;
      runs += 1;
      const run = Array.from({ length: 10 }, (_, offset) => String.fromCodePoint(codePoint + offset)).join(
        "",
      );
      expect(foldUnicode(run), `digits from U+${codePoint.toString(16)}`).toBe("0123456789");
    }
    expect(runs).toBeGreaterThan(50);
  });

  it.each([
    ["٥٥٥-١٢٣", "555-123"],
    ["५५५ १२३", "555 123"],
    ["𝟓５⁵₅", "5555"],
    ["➎❺➄⑤⓹⑸⒌", "55555(5)5."],
    ["⓫⓿🔟", "11010"],
    ["5️⃣5⃣#️⃣", "55#"],
    ["五〇一", "501"],
    ["f\u200bu\u200cc\u200dk\u2060\ufeff\u00ad", "fuck"],
    ["f̶ù̈c̸k", "fuck"],
    ["my іnstagram", "my instagram"],
    ["ΡΑΝ ρσ", "PAN po"],
    ["ꜰᴜᴄᴋ ʀᴏʙʟᴏx", "fuck roblox"],
    ["🇫🇺🇨🇰 🅵🆄", "FUCK FU"],
    ["Ꭺꭺ", "Aa"],
    ["Ｈｅｌｌｏ　ｗｏｒｌｄ", "Hello world"],
  ])("folds %j to %j", (text, folded) => {
    expect(foldUnicode(text)).toBe(folded);
  });

  it("leaves plain text and a story's punctuation as they are", () => {
    const story = "“Look now toward the sky,” He said — and Abram believed.";
    expect(foldUnicode(story)).toBe(story);
    expect(foldUnicode("Zoë")).toBe("Zoe");
  });

  it("collapses repeated separators and white space", () => {
    expect(collapseSeparators("555 --- 123...4567!!!\n\n  ok")).toBe("555 - 123.4567! ok");
    expect(normaliseForModeration("kid @@ ｇmail..com")).toBe("kid @ gmail.com");
  });
});
