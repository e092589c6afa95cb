// Why this exists (issue 17, item 6): the word list and the personal-information patterns read Latin letters
// and ASCII digits, and a child — or someone pretending to be one — can write the same thing in characters
// that look or count the same and match nothing: "٥٥٥١٢٣٤٥٦٧", "➎➎➎➊➋➌➍", "5️⃣5️⃣5️⃣", "f\u200buck",
// "my іnstagram" with a Cyrillic і. So before the checks the text is folded to what a reader sees: NFKC, every
// script's digits and enclosed or keycap digits to 0–9, invisible characters and marks removed, look-alike
// letters to Latin ones, repeated separators collapsed. The checks (local/) then read this copy and the
// original, and a text is refused if either is.
//
// The tables are small and written here rather than taken from a confusables package (the registry's
// "unhomoglyph" and "confusables" were looked at): the Unicode skeleton they apply maps digits to letters
// ("0" → "O", "1" → "l") and "m" to "rn", which would hide the very phone numbers this is for, and its targets
// are not always ASCII ("τ" → "ᴛ"). Digits need no table at all (\p{Nd} and their place in their run).

/** Zero-width and format characters, combining marks (accents, keycaps, variation selectors), fillers and control characters. */
const INVISIBLE = /[\p{Cf}\p{M}\u115f\u1160\u3164\uffa0]|(?!\s)\p{Cc}/gu;

/** Decimal digits other than 0–9 (Arabic-Indic, Devanagari, Bengali, Thai, ...); fullwidth and mathematical ones are NFKC's. */
const OTHER_DIGIT = /[^\P{Nd}0-9]/u;
const OTHER_DIGITS = /[^\P{Nd}0-9]/gu;
const IS_DIGIT = /\p{Nd}/u;
/**
 * Unicode encodes every script's decimal digits as runs of ten, zero to nine, so a digit's value is its
 * distance from the start of its run: found by stepping back while the characters are still digits (some
 * blocks hold several runs back to back, hence the remainder). No table, so new scripts fold too.
 */
const digitValues = new Map<string, string>();
function digitValue(digit: string): string {
  let value = digitValues.get(digit);
  if (value === undefined) {
    const codePoint = digit.codePointAt(0) ?? 0;
    let start = codePoint;
    while (start > 0 && IS_DIGIT.test(String.fromCodePoint(start - 1))) start -= 1;
    value = String((codePoint - start) % 10);
    digitValues.set(digit, value);
  }
  return value;
}

/** Numbers drawn in circles and squares that NFKC leaves alone: ❶, ➀, ➊, ⓫, ⓵, ⓿, 🔟 … */
const ENCLOSED_NUMBER = /[\u2776-\u2793\u24eb-\u24ff\u3248-\u324f\u{1f10b}\u{1f10c}\u{1f51f}]/gu;
function enclosedNumber(char: string): string {
  const c = char.codePointAt(0) ?? 0;
  if (c >= 0x2776 && c <= 0x2793) return String(((c - 0x2776) % 10) + 1); // ❶–❿, ➀–➉, ➊–➓
  if (c >= 0x24eb && c <= 0x24f4) return String(c - 0x24eb + 11); // ⓫–⓴
  if (c >= 0x24f5 && c <= 0x24fe) return String(c - 0x24f5 + 1); // ⓵–⓾
  if (c >= 0x3248 && c <= 0x324f) return String((c - 0x3248 + 1) * 10); // ㉈–㉏
  if (c === 0x1f51f) return "10"; // 🔟
  return "0"; // ⓿, 🄋, 🄌
}

/** Letters drawn as regional indicators (🇫🇺…) and as negative circled or squared capitals (🅕, 🆄…). */
const ENCLOSED_LETTER = /[\u{1f1e6}-\u{1f1ff}\u{1f150}-\u{1f169}\u{1f170}-\u{1f189}]/gu;
function enclosedLetter(char: string): string {
  const c = char.codePointAt(0) ?? 0;
  const base = c >= 0x1f1e6 ? 0x1f1e6 : c >= 0x1f170 ? 0x1f170 : 0x1f150;
  return String.fromCharCode(0x41 + c - base);
}

/**
 * Letters of other alphabets that pass for Latin ones, as pairs "look-alike, Latin". Lower and upper case are
 * listed apart because they differ (Cyrillic н looks like h, Н like H; Greek η like n, Η like H). Letters
 * with accents need no entry: their marks are removed first.
 */
const LOOK_ALIKES = [
  // Cyrillic
  "аa вb гr дd еe жx иu йu кk лn мm нh оo пn рp сc тt уy хx цu шw щw ъb ьb яr ѕs іi јj һh ԁd ԛq ԝw ӏl үy ұy ғf қk ңh ҳx ҫc ӧo",
  "АA ВB ГR ДD ЕE ЖX ИN ЙN КK ЛN МM НH ОO ПN РP СC ТT УY ХX ЦU ШW ЩW ЪB ЬB ЯR ЅS ІI ЈJ ҺH ԀD ԚQ ԜW ӀI ҮY ҰY ҒF ҚK ҢH ҲX",
  // Greek
  "αa βb γy δd εe ζz ηn ιi κk μu νv οo πn ρp σo ςc τt υu χx ωw ϲc ϳj",
  "ΑA ΒB ΕE ΖZ ΗH ΙI ΚK ΜM ΝN ΟO ΡP ΤT ΥY ΧX ϹC ϺM",
  // Armenian
  "աw հh ոn ռn սu ցg զq օo ԼL ՍU ՕO",
  // Cherokee capitals, which many fonts draw as Latin ones (their small forms are added below)
  "ᎪA ᏴB ᏟC ᎠD ᎬE ᏀG ᎻH ᎥI ᎫJ ᏦK ᏞL ᎷM ᏢP ᎡR ᏚS ᎢT ᏙV ᎳW ᏃZ",
  // Latin small capitals, IPA and letters whose stroke is not a combining mark
  "ᴀa ʙb ᴄc ᴅd ᴇe ꜰf ɢg ʜh ɪi ᴊj ᴋk ʟl ᴍm ɴn ᴏo ᴘp ꞯq ʀr ꜱs ᴛt ᴜu ᴠv ᴡw ʏy ᴢz ɑa ɡg ıi ȷj ɩi ʋu ɯw ƒf ƙk ɓb ɗd ʂs",
  "øo ØO łl ŁL đd ĐD ħh ĦH ŧt ŦT ƀb ɨi ʉu ðd þp",
]
  .join(" ")
  .split(" ");
const LOOK_ALIKE = new Map(LOOK_ALIKES.map((pair) => [pair.slice(0, -1), pair.slice(-1)]));
// The small forms of the capitals listed (Cherokee ꭺ, Armenian լ): the same letter, lower case.
for (const [char, latin] of [...LOOK_ALIKE]) {
  const small = char.toLowerCase();
  if (small !== char && !LOOK_ALIKE.has(small)) LOOK_ALIKE.set(small, latin.toLowerCase());
}
const LOOK_ALIKE_CHARS = new RegExp(`[${[...LOOK_ALIKE.keys()].join("")}]`, "gu");

/** Chinese and Japanese numerals written as characters: 五五五一二三四 is a phone number too. */
const CJK_DIGITS = "〇一二三四五六七八九";
const CJK_DIGIT = /[〇一二三四五六七八九]/gu;

/** Nothing to fold: ASCII, or the typographic punctuation of a story (curly quotes, dashes, ellipses). */
const PLAIN = /^[\t\n\r -~\u00a0\u2010-\u2023\u2027]*$/;

/**
 * What a reader sees, in characters the checks read, case kept: NFKC (fullwidth, mathematical and circled
 * forms, ligatures), invisible characters and marks removed, every digit folded to 0–9, look-alike letters to
 * Latin ones.
 */
export function foldUnicode(text: string): string {
  if (PLAIN.test(text)) return text;
  let folded = text
    .normalize("NFKC")
    .normalize("NFD")
    .replace(INVISIBLE, "")
    .replace(/\u2800/g, " ")
    .normalize("NFC");
  if (OTHER_DIGIT.test(folded)) folded = folded.replace(OTHER_DIGITS, digitValue);
  return folded
    .replace(ENCLOSED_NUMBER, enclosedNumber)
    .replace(ENCLOSED_LETTER, enclosedLetter)
    .replace(CJK_DIGIT, (digit) => String(CJK_DIGITS.indexOf(digit)))
    .replace(LOOK_ALIKE_CHARS, (char) => LOOK_ALIKE.get(char) ?? char);
}

/** Runs of white space become one space; a separator repeated ("555---123", "kid @@ mail", "...") becomes one. */
export function collapseSeparators(text: string): string {
  return text.replace(/([^\p{L}\p{N}\s])(?:\s*\1)+/gu, "$1").replace(/\s+/g, " ");
}

/** The copy of a text that the checks read besides the original. */
export function normaliseForModeration(text: string): string {
  return collapseSeparators(foldUnicode(text));
}
