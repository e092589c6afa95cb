import { YOUR } from "./pronouns";

/**
 * Between the digit groups of a number: up to three characters that are neither letters, digits nor commas
 * (spaces, dots, dashes, underscores, bars, slashes, stars, brackets, emoji, a colon that is not a verse or a
 * time), or a word said between groups ("5 5 5 then 1 2 3"). A comma ends a run, so lists and counts ("5,000",
 * "verses 12, 15") never join into one; verse references and times are taken out first.
 */
const FILLER_WORDS = "then|and|dash|hyphen|space|dot|point|comma|next|plus|slash|underscore";
const FILLER = `(?<![a-z])(?:${FILLER_WORDS})(?![a-z])`;
const GAP = String.raw`(?:[^\p{L}\p{N},]{1,3}|[^\p{L}\p{N},]{0,3}${FILLER}[^\p{L}\p{N},]{0,3})`;
const DIGIT_RUN = new RegExp(String.raw`\+?\d+(?:${GAP}\d+)*`, "gu");
/**
 * "555,123,4567", "5, 5, 5, 1, 2, 3, 4": digits joined by commas as well. Such a run counts only when its groups
 * are long or all single digits, so that lists ("verses 12, 15, 18", "scores 10, 8, 9") pass; a number written
 * in thousands ("5,000", "1,000,000") is a number, not a part of one.
 */
const COMMA_RUN = /\d+(?:(?:, ?|[ .-])\d+)*,(?: ?\d+(?:[ .-]\d+)*)+/g;
const THOUSANDS = /(?<![\d,])\d{1,3}(?:,\d{3})+(?![\d,])/g;
/**
 * "3:16", "3:16-18", "1:1-2:3", "119.105", "10:30", "7:30-8:30": a verse or a time as a whole, so that digits
 * around them are not read on. No book has more than 150 chapters or a chapter more than 176 verses, so
 * "555:123 4567" is not one.
 */
const REFERENCE_OR_TIME = /(?<![\d:.])(\d{1,3})[:.](\d{1,3})(?:-(\d{1,3})(?:[:.](\d{1,3}))?)?(?![\d:]|\.\d)/g;
const isVerseOrTime = (chapter: string, verse: string) => Number(chapter) <= 150 && Number(verse) <= 176;
function withoutReferencesOrTimes(text: string): string {
  return text.replace(REFERENCE_OR_TIME, (whole, chapter, verse, toChapter, toVerse) =>
    isVerseOrTime(chapter, verse) && (toVerse === undefined || isVerseOrTime(toChapter, toVerse))
      ? ","
      : whole,
  );
}

/** 1 2 3 4 5 6 7, 10 11 12 13, 1234567, 10 9 8 … 1: counting, not a number to call. */
function isCounting(groups: string[]): boolean {
  const numbers = (groups.length === 1 ? [...(groups[0] ?? "")] : groups).map(Number);
  if (numbers.length < 3) return false;
  const step = (numbers[1] ?? 0) - (numbers[0] ?? 0);
  if (step !== 1 && step !== -1) return false;
  return numbers.every((value, index) => index === 0 || value - (numbers[index - 1] ?? 0) === step);
}

/** "5 10 15 20 25 30", "1-12 and 13-24", "pages 100-120, 130-150": small numbers going up, a list. */
function isRisingList(groups: string[]): boolean {
  return (
    groups.length >= 3 &&
    groups.every(
      (group, index) =>
        group.length <= 3 &&
        !group.startsWith("0") &&
        (index === 0 || Number(group) > Number(groups[index - 1])),
    )
  );
}

function looksLikePhone(run: string): boolean {
  const groups = run.match(/\d+/g) ?? [];
  const digits = groups.join("");
  if (digits.length < 7) return false;
  // Round figures ("1000000", "1000 2000 3000"), a decimal ("3.14159265"), a date ("25/12/2026",
  // "2026-05-01"), years side by side, a time range ("10.30-12.00").
  if (/^\d0+$/.test(digits) || groups.every((group) => /^\d0{2,}$/.test(group))) return false;
  if (/^\d{1,3}\.\d{5,}$/.test(run)) return false;
  if (/^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/.test(run)) return false;
  if (groups.length > 1 && groups.every((group) => /^(?:1[5-9]|20)\d\d$/.test(group))) return false;
  if (/^\d{1,2}[.:]\d\d ?- ?\d{1,2}[.:]\d\d$/.test(run)) return false;
  return !isCounting(groups) && !isRisingList(groups);
}

/** Digits in words, in English and in the languages children learn at school: "five", "fivefivefive", "f1ve", "cinco". */
const NUMBER_WORDS: Record<string, string> = {
  zero: "0",
  oh: "0",
  one: "1",
  two: "2",
  three: "3",
  four: "4",
  five: "5",
  six: "6",
  seven: "7",
  eight: "8",
  nine: "9",
  cero: "0",
  uno: "1",
  dos: "2",
  tres: "3",
  cuatro: "4",
  cinco: "5",
  seis: "6",
  siete: "7",
  ocho: "8",
  nueve: "9",
  un: "1",
  deux: "2",
  trois: "3",
  quatre: "4",
  cinq: "5",
  sept: "7",
  huit: "8",
  neuf: "9",
  eins: "1",
  zwei: "2",
  drei: "3",
  vier: "4",
  funf: "5",
  fuenf: "5",
  sechs: "6",
  sieben: "7",
  acht: "8",
  neun: "9",
  due: "2",
  tre: "3",
  quattro: "4",
  cinque: "5",
  sei: "6",
  sette: "7",
  otto: "8",
  nove: "9",
};
const NUMBER_WORD_ALTERNATIVES = Object.keys(NUMBER_WORDS)
  .sort((a, b) => b.length - a.length)
  .join("|");
/** A token made only of digit words and digits, written together or not ("fivefivefive", "5five5"). */
const ONLY_NUMBER_WORDS = new RegExp(`^(?:\\d|${NUMBER_WORD_ALTERNATIVES})+$`);
const NUMBER_WORD = new RegExp(`\\d|${NUMBER_WORD_ALTERNATIVES}`, "g");
/** The same words with doubled letters written once, to read stretched ones: "fiveeee", "thre", "sevvven". */
const squeeze = (word: string) => word.replace(/([a-z])\1+/g, "$1");
const SQUEEZED_NUMBER_WORDS = new Map(
  Object.entries(NUMBER_WORDS).map(([word, digit]) => [squeeze(word), digit]),
);
const SQUEEZED_ALTERNATIVES = [...SQUEEZED_NUMBER_WORDS.keys()].sort((a, b) => b.length - a.length).join("|");
const ONLY_SQUEEZED_NUMBER_WORDS = new RegExp(`^(?:\\d|${SQUEEZED_ALTERNATIVES})+$`);
const SQUEEZED_NUMBER_WORD = new RegExp(`\\d|${SQUEEZED_ALTERNATIVES}`, "g");
/** Digits and signs that stand for letters in a word: "f1ve", "s3v3n", "tw0", "$ix". */
const LEET_LETTERS: Record<string, string> = {
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "6": "g",
  "7": "t",
  "8": "b",
  "9": "g",
  "!": "i",
  "|": "i",
  $: "s",
  "@": "a",
};
const LEET_SIGN = /[0-9!|$@]/g;
const FILLER_WORD = new RegExp(`^(?:${FILLER_WORDS})$`);
/** "double five", "triple seven": how British numbers are read out. */
const REPEATS = new Map([
  ["double", 2],
  ["triple", 3],
]);
/** A word or a number; signs count as letters inside or before one ("f!ve", "$ix"), not after ("five!"). */
const TOKEN = /[a-z0-9!|$@]*[a-z0-9]/g;

type NumberToken = { digits: string[]; spelled: boolean; leet: boolean };

function readNumberToken(token: string): NumberToken | null {
  if (/^\d+$/.test(token)) return { digits: [token], spelled: false, leet: false };
  if (ONLY_NUMBER_WORDS.test(token))
    return {
      digits: (token.match(NUMBER_WORD) ?? []).map((word) => NUMBER_WORDS[word] ?? word),
      spelled: true,
      leet: false,
    };
  if (!/[a-z]/.test(token)) return null;
  const leet = /[0-9!|$@]/.test(token);
  const letters = squeeze(leet ? token.replace(LEET_SIGN, (sign) => LEET_LETTERS[sign] ?? sign) : token);
  if ((!leet && letters === token) || !ONLY_SQUEEZED_NUMBER_WORDS.test(letters)) return null;
  const digits = (letters.match(SQUEEZED_NUMBER_WORD) ?? []).map(
    (word) => SQUEEZED_NUMBER_WORDS.get(word) ?? word,
  );
  return { digits, spelled: true, leet };
}

/**
 * A run of digit words with digits among them, apart by at most three other characters or one filler word:
 * refused when it spells seven digits or more that are not counting ("five five five one two three four",
 * "fivefivefive…"), or when its words are disguised ("f1ve f1ve f1ve": nobody writes a number so but to hide it).
 * Story numbers pass: "five loaves and two fish", "seventy times seven", "one two three four five six seven".
 */
function hasSpelledPhone(text: string): boolean {
  let digits: string[] = [];
  let spelled = 0;
  let leet = 0;
  let end = -1;
  let afterFiller = false;
  let repeat = 1;
  const spellsPhone = () => {
    if (spelled === 0) return false;
    if (leet > 0 && digits.length >= 3) return true;
    const all = digits.join("");
    return all.length >= 7 && !/^\d0+$/.test(all) && !isCounting(digits) && !isRisingList(digits);
  };
  const reset = () => {
    digits = [];
    spelled = 0;
    leet = 0;
    afterFiller = false;
    repeat = 1;
  };
  for (const match of text.matchAll(TOKEN)) {
    const token = match[0];
    const start = match.index;
    if (digits.length > 0 && start - end > 3) {
      if (spellsPhone()) return true;
      reset();
    }
    const number = readNumberToken(token);
    if (number) {
      const [first, ...rest] = number.digits;
      digits.push(...Array<string>(repeat).fill(first ?? ""), ...rest);
      repeat = 1;
      if (number.spelled) spelled += 1;
      if (number.leet) leet += 1;
      afterFiller = false;
    } else if (digits.length > 0 && !afterFiller && FILLER_WORD.test(token)) {
      afterFiller = true;
    } else if (REPEATS.has(token)) {
      repeat = REPEATS.get(token) ?? 1;
      spelled += 1;
    } else {
      if (spellsPhone()) return true;
      reset();
    }
    end = start + token.length;
  }
  return spellsPhone();
}

const PHONE_PHRASES = [
  new RegExp(
    String.raw`\b(?:whats|what is|send me|give me|can i have|can i get|i need|dm me|text me) ${YOUR} (?:phone |cell |mobile )?(?:number|num|digits)\b`,
  ),
  new RegExp(String.raw`\b(?:my|${YOUR}) (?:phone|cell|cellphone|mobile|telephone) ?(?:number|num|no|#)`),
  new RegExp(
    String.raw`\bmy (?:number|num|digits) (?:is|:) ?\+?\(?(?:\d{3}|(?:(?:${NUMBER_WORD_ALTERNATIVES})[ -]?){3})`,
  ),
  /\b(?:text|call|ring|phone|sms|whatsapp) me (?:at|on) \+?\(?\d/,
];

export function hasPhone(text: string): boolean {
  const withoutReferences = withoutReferencesOrTimes(text);
  for (const run of withoutReferences.match(DIGIT_RUN) ?? []) if (looksLikePhone(run.trim())) return true;
  for (const run of withoutReferences.replace(THOUSANDS, "#").match(COMMA_RUN) ?? []) {
    const groups = run.match(/\d+/g) ?? [];
    const shaped = groups.some((group) => group.length >= 3) || groups.every((group) => group.length === 1);
    if (shaped && looksLikePhone(run)) return true;
  }
  return hasSpelledPhone(withoutReferences) || PHONE_PHRASES.some((phrase) => phrase.test(text));
}
