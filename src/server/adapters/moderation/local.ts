import { DataSet, englishDataset, englishRecommendedTransformers, pattern, RegExpMatcher } from "obscenity";
import type { ModerationCategory } from "../../../core/schemas/moderation";
import { collapseSeparators, normaliseForModeration } from "./normalise";
import type { ModerationVerdict, TextModerator } from "./types";

// The embedded default (issue 6): a maintained word list and personal-information patterns, with no
// service to call. Children retell Bible stories here, so the list is tuned to let the Bible's own words
// through and the patterns to let verse references, times, counts and @mentions through.

// ---------------------------------------------------------------------------------------------------------
// Words: obscenity's English list (kept up to date by its maintainers), with its leetspeak and look-alike
// handling, and these changes for a Bible app:
//
// - "hell" and "damn(ed)" are not on the list at all, and stay off: "the gates of hell", "damned".
// - A standalone "ass" passes: it is the donkey of the older translations Balaam rode ("the ass spoke",
//   "saddled his ass"), and the list's own rule for it also caught "Assyria", "Asshur" and "Assos". Its
//   insulting compounds and phrases are listed instead.
// - Bible words the list catches by accident are whitelisted: Shittim (where the spies set out for Jericho),
//   the shittah tree, cumin (Matthew 23:23), the cock crowing at Peter's denial.
// - Story words that merely sound adult are not on the list and pass: breast, virgin, circumcision, harlot,
//   prostitute, naked, eunuch, concubine, adultery.
// - "sex" and "rape" stay blocked even though Bible questions can need them: in a group chat of
//   seven-year-olds they are not kind, clean words, and a child who needs help is answered anyway (the Q&A
//   route lets questions for a trusted adult through).
// ---------------------------------------------------------------------------------------------------------

// Patterns are matched after repeated letters are squeezed ("fuuuck" → "fuck"), except s, b, e, o, l and g,
// which may stay doubled: so "goddamn" is written "godamn", while "kill" keeps its two l's.
const words = new DataSet<{ originalWord: string }>()
  .addAll(englishDataset)
  .removePhrasesIf((phrase) => phrase.metadata?.originalWord === "ass")
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: "ass" })
      .addPattern(pattern`|asshole`)
      .addPattern(pattern`|ass hole`)
      .addPattern(pattern`|asswipe`)
      .addPattern(pattern`|asshat`)
      .addPattern(pattern`|asskiss`)
      .addPattern(pattern`dumbass`)
      .addPattern(pattern`jackass`)
      .addPattern(pattern`smartass`)
      .addPattern(pattern`fatass`)
      .addPattern(pattern`badass`)
      .addPattern(pattern`|kiss my ass`)
      .addPattern(pattern`|kick your ass`)
      .addPattern(pattern`|up your ass`),
  )
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: "goddamn" })
      .addPattern(pattern`|godam`)
      .addPattern(pattern`|god dam|`)
      .addPattern(pattern`|god damn`)
      .addPattern(pattern`|god damit`),
  )
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: "wtf" })
      .addPattern(pattern`|wtf|`)
      .addPattern(pattern`|stfu|`)
      .addPattern(pattern`|omfg|`),
  )
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: "kys" })
      .addPattern(pattern`|kys|`)
      .addPattern(pattern`|kill yourself`)
      .addPattern(pattern`|kill urself`)
      .addPattern(pattern`|kill ur self`)
      .addPattern(pattern`|go die|`)
      .addPattern(pattern`|godie|`)
      .addPattern(pattern`|go die in`)
      .addPattern(pattern`|hope you die`)
      .addPattern(pattern`|hope u die`)
      .addPattern(pattern`|you should die`)
      .addPattern(pattern`|u should die`)
      .addPattern(pattern`|drop dead|`)
      .addPattern(pattern`|die in a hole`)
      .addPattern(pattern`|unalive yourself`)
      .addPattern(pattern`|unalive urself`)
      .addPattern(pattern`|unalive ur self`)
      .addPattern(pattern`|hang yourself`)
      .addPattern(pattern`|hang urself`)
      .addPattern(pattern`|neck yourself`)
      .addPattern(pattern`|end yourself`)
      .addPattern(pattern`|drink bleach`),
  )
  .addPhrase((phrase) =>
    phrase
      // Spellings the list's own patterns miss: "phuck", "fuq", "pr0n" (read as "pron"), "biatch".
      .setMetadata({ originalWord: "respellings" })
      .addPattern(pattern`|phuck`)
      .addPattern(pattern`|phuk`)
      .addPattern(pattern`|phuq`)
      .addPattern(pattern`|fuq`)
      .addPattern(pattern`|fcuk`)
      .addPattern(pattern`|pron|`)
      .addPattern(pattern`|prons|`)
      .addPattern(pattern`|shyt`)
      .addPattern(pattern`|biatch`)
      .addPattern(pattern`|azhole`)
      .addPattern(pattern`|btch`),
  )
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: "nudes" })
      .addPattern(pattern`|nudes|`)
      .addPattern(pattern`|horny|`)
      .addPattern(pattern`|boner`)
      .addPattern(pattern`|milf|`)
      .addPattern(pattern`|thot|`)
      .addPattern(pattern`|sext|`)
      .addPattern(pattern`|sexts|`)
      .addPattern(pattern`|sexting`)
      .addPattern(pattern`|nudez|`)
      .addPattern(pattern`|nudz|`)
      .addPattern(pattern`|noods|`)
      .addPattern(pattern`|noodz|`)
      .addPattern(pattern`|newds|`)
      .addPattern(pattern`|onlyfans`),
  )
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: "slurs" })
      .addPattern(pattern`|spic|`)
      .addPattern(pattern`|spics|`)
      .addPattern(pattern`|gook`)
      .addPattern(pattern`|wetback`)
      .addPattern(pattern`|raghead`)
      .addPattern(pattern`|towelhead`)
      .addPattern(pattern`|beaner`)
      .addPattern(pattern`|coon|`)
      .addPattern(pattern`|coons|`)
      .addPattern(pattern`|paki|`)
      .addPattern(pattern`|pakis|`),
  )
  .addPhrase((phrase) =>
    phrase
      .setMetadata({ originalWord: "bible words" })
      .addWhitelistedTerm("shittim")
      .addWhitelistedTerm("shittah")
      .addWhitelistedTerm("cumin")
      .addWhitelistedTerm("cock crow")
      .addWhitelistedTerm("cock-crow")
      .addWhitelistedTerm("cock crew")
      .addWhitelistedTerm("rapeseed")
      .addWhitelistedTerm("tit for tat"),
  );

const wordMatcher = new RegExpMatcher({ ...words.build(), ...englishRecommendedTransformers });

/** "f u c k", "s.h.i.t", "b-i-t-c-h", "f|u|c|k", "(f)(u)(c)(k)": single letters with separators, joined back into a word. */
const SPACED_LETTERS = /(?<![\p{L}\p{N}])(?:[a-z][^\p{L}\p{N}]{1,3}){2,}[a-z](?![\p{L}\p{N}])/giu;
/**
 * A number on its own is not leetspeak: the list reads 7 as t and 1 as i, so "chapter 717" was "chapter tit".
 * Digits inside a word ("sh1t", "b00bs") still are.
 */
const STANDALONE_NUMBER = /(?<![\p{L}\p{N}_])\p{N}+(?![\p{L}\p{N}_])/gu;
/** "c*nt", "sh#t", "a**hole": letters hidden behind stars inside a word. Each is tried as a vowel or an s. */
const MASK = /(?<=\p{L})[*#%]+(?=\p{L})/u;
const MASKS = /(?<=\p{L})[*#%]+(?=\p{L})/gu;

function hasBadWord(text: string): boolean {
  const plain = text.replace(STANDALONE_NUMBER, " ");
  // Usernames join words with underscores, which the list does not treat as a word boundary.
  const variants = [plain];
  if (plain.includes("_")) variants.push(plain.replace(/_/g, " "));
  const joined = plain.match(SPACED_LETTERS)?.map((run) => run.replace(/[^a-z]/gi, ""));
  if (joined?.length) variants.push(joined.join(" "));
  if (MASK.test(plain))
    for (const letter of "uioaes") variants.push(plain.replace(MASKS, (mask) => letter.repeat(mask.length)));
  return variants.some((variant) => wordMatcher.hasMatch(variant));
}

// ---------------------------------------------------------------------------------------------------------
// Personal information. Patterns run on a lower-case form of the original and of its Unicode-normalised copy
// (normalise.ts): compatibility forms folded, apostrophes dropped ("let's" → "lets"), dashes unified, repeated
// separators and white space collapsed; and on that form again with single spaced-out characters joined
// ("k i d @ g m a i l" → "kid@gmail").
// ---------------------------------------------------------------------------------------------------------

function patternForm(text: string): string {
  return collapseSeparators(
    text
      .normalize("NFKC")
      .toLowerCase()
      .replace(/['’‘`´]/g, "")
      .replace(/[‐‑‒–—―]/g, "-"),
  ).trim();
}

/** Two or more single characters in a row, each on its own between spaces, with a letter among them. */
const SPACED_CHARACTERS = /(?<![^ ])[^ ](?: [^ ])+(?![^ ])/g;
function joinSpacedCharacters(text: string): string {
  return text.replace(SPACED_CHARACTERS, (run) => (/[a-z]/.test(run) ? run.replace(/ /g, "") : run));
}

const YOU = "(?:you|u|ya)";
const YOUR = "(?:your|ur|yr|yer)";

// --- phone ---------------------------------------------------------------------------------------------

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

function hasPhone(text: string): boolean {
  const withoutReferences = withoutReferencesOrTimes(text);
  for (const run of withoutReferences.match(DIGIT_RUN) ?? []) if (looksLikePhone(run.trim())) return true;
  for (const run of withoutReferences.replace(THOUSANDS, "#").match(COMMA_RUN) ?? []) {
    const groups = run.match(/\d+/g) ?? [];
    const shaped = groups.some((group) => group.length >= 3) || groups.every((group) => group.length === 1);
    if (shaped && looksLikePhone(run)) return true;
  }
  return hasSpelledPhone(withoutReferences) || PHONE_PHRASES.some((phrase) => phrase.test(text));
}

// --- email ---------------------------------------------------------------------------------------------

/** "@", "at", "(at)", "[a]", "at sign", "arroba"; "dot", "d0t", "(.)", "period", "point", "punto". */
const AT_WORD = "(?:at|@t|4t|at sign|at symbol|arroba)";
const AT = String.raw`(?: ?@ ?| ?[(\[{<] ?(?:at|@|a) ?[)\]}>] ?| ${AT_WORD} )`;
const DOT_WORD = "(?:dot|d0t|dott|dawt|period|point|punto)";
const DOT = String.raw`(?:[.·•∙。]| ?[(\[{<] ?(?:${DOT_WORD}|\.) ?[)\]}>] ?| ${DOT_WORD} ?)`;
const TLD =
  "(?:com|net|org|edu|gov|co|uk|io|me|us|ca|au|nz|ie|de|fr|es|nl|ru|ch|se|pl|br|mx|jp|kr|cn|tv|gg|xyz|app|dev|info|biz|c0m)";
/** After a dot with spaces around it only these count: "joe. me too" is a sentence, "kid @ example . com" is not. */
const SPACED_DOT_TLD = "(?:com|net|org|edu|gov|uk|info|biz|c0m)";
const MAIL_HOSTS =
  "(?:g[ .-]?mail|google ?mail|yahoo|y[ .-]?mail|hot[ .-]?mail|out[ .-]?look|i[ .-]?cloud|aol|proton[ .-]?mail|proton)";

// Each address starts where a run of address characters starts: tried from every letter of a long run, the
// pattern would cost the square of its length.
const EMAIL_PATTERNS = [
  /(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/,
  new RegExp(String.raw`(?<![a-z0-9._%+-])[a-z0-9._%+-]+@[a-z0-9-]+ ?[,;·•∙。] ?${TLD}\b`),
  new RegExp(
    String.raw`\b[a-z0-9._%+-]{1,64}${AT}[a-z0-9-]{1,63}(?:${DOT}[a-z0-9-]{1,63}){0,3}${DOT}${TLD}\b`,
  ),
  new RegExp(
    String.raw`\b[a-z0-9._%+-]{1,64}${AT}[a-z0-9-]{1,63}(?: ?\. ?[a-z0-9-]{1,63}){0,2} ?\. ?${SPACED_DOT_TLD}\b`,
  ),
  // "kid at g mail dot com": the host split in words, and "dot" said.
  new RegExp(
    String.raw`\b[a-z0-9._%+-]{1,64}${AT}[a-z0-9-]{1,20}(?: [a-z0-9-]{1,20}){1,2} ${DOT_WORD} ${TLD}\b`,
  ),
  new RegExp(String.raw`\b[a-z0-9._%+-]{1,64}${AT}${MAIL_HOSTS}\b`),
  // "kidATgmailDOTcom", "kidatgmail": all in one word.
  /[a-z0-9](?:@|at)(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|protonmail)/,
  new RegExp(String.raw`[a-z0-9](?:@|at)[a-z0-9-]{2,30}${DOT_WORD}${TLD}\b`),
  new RegExp(
    String.raw`\b(?:whats|what is|send me|give me|can i have|can i get) ${YOUR} (?:email|e-mail|gmail)\b`,
  ),
  /\bmy (?:email|e-mail|gmail)(?: address)? is\b/,
  /\bemail me (?:at|on)\b/,
];

// --- address -------------------------------------------------------------------------------------------

const STREET_WORDS =
  "(?:street|avenue|ave|road|rd|lane|ln|drive|boulevard|blvd|court|crescent|terrace|parkway|pkwy|highway|hwy)";
/**
 * Words that never stand between a house number and its street: little words, and the units and nouns that
 * follow counts in ordinary sentences ("a 10 minute drive", "5000 people on the road", "a one way street").
 */
const NOT_A_STREET_NAME = new Set(
  (
    "a an the and or of to in on at by for with from into onto down up over near my your our their his her its " +
    "this that these those is was are were be been more other another different best better only same whole " +
    "long short hard narrow wide right wrong every each minute minutes min mins hour hours hr hrs mile miles km " +
    "second seconds day days week weeks month months year years time times people men women kids steps way"
  ).split(" "),
);
const STREET_WORD = new RegExp(`^${STREET_WORDS}$`);
const NUMBER_NAMES =
  "(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundred)";
/** A house number in digits, or in words of two or more ("forty two", "one hundred", "twenty-one"). */
const HOUSE_NUMBER = String.raw`(?:\d{1,5}[a-z]?|${NUMBER_NAMES}(?:[ -](?:and )?${NUMBER_NAMES}){1,3})`;
const HOUSE_AND_STREET = new RegExp(
  String.raw`(?<![a-z\d])${HOUSE_NUMBER} ((?:[a-z]+ ){1,3})(?:${STREET_WORDS}\b|st\b(?! [a-z]))`,
  "g",
);

/** "twelve oak lane", "I live at seven elm street": one number word, where a house number is expected. */
const WORDED_HOUSE_AND_STREET = new RegExp(
  String.raw`(?:^|\b(?:at|on|is|to|address|number|no) #?)${NUMBER_NAMES} ((?:[a-z]+ ){1,3})(?:${STREET_WORDS}\b|st\b(?! [a-z]))`,
  "g",
);

function hasHouseAndStreet(text: string): boolean {
  for (const match of [...text.matchAll(HOUSE_AND_STREET), ...text.matchAll(WORDED_HOUSE_AND_STREET)]) {
    const name = (match[1] ?? "").trim().split(" ");
    if (name.every((word) => !NOT_A_STREET_NAME.has(word) && !STREET_WORD.test(word))) return true;
  }
  return false;
}

const STATES =
  "(?:alabama|alaska|arizona|arkansas|california|colorado|connecticut|delaware|florida|georgia|hawaii|idaho|illinois|indiana|iowa|kansas|kentucky|louisiana|maine|maryland|massachusetts|michigan|minnesota|mississippi|missouri|montana|nebraska|nevada|new hampshire|new jersey|new mexico|new york|north carolina|north dakota|ohio|oklahoma|oregon|pennsylvania|rhode island|south carolina|south dakota|tennessee|texas|utah|vermont|virginia|washington|west virginia|wisconsin|wyoming)";
/** State codes that are not also English words, so that lower case "springfield il 62704" still reads as one. */
const STATE_CODES_LOWER =
  "(?:ak|al|az|ar|ca|ct|dc|fl|ga|ia|il|ks|ky|md|mi|mn|ms|mt|nc|nd|nh|nj|nm|nv|ny|ri|sc|sd|tn|tx|ut|va|vt|wi|wv|wy)";
const STATE_CODES =
  "(?:AL|AK|AZ|AR|CA|CO|CT|DE|DC|FL|GA|HI|ID|IL|IN|IA|KS|KY|LA|ME|MD|MA|MI|MN|MS|MO|MT|NE|NV|NH|NJ|NM|NY|NC|ND|OH|OK|OR|PA|RI|SC|SD|TN|TX|UT|VT|VA|WA|WV|WI|WY)";
const ORDINAL =
  "(?:\\d{1,3}(?:st|nd|rd|th)|first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)";
const CORNER = "(?:corner|intersection|junction|crossroads?)";

const ADDRESS_PATTERNS = [
  /\b(?:apt|apartment)\.? ?(?:#|no\.?|number)? ?\d+[a-z]?\b/,
  /\b(?:i|we) live at (?!home\b)/,
  new RegExp(String.raw`\b(?:i|we) live on (?:number |no |#)?(?:\d|${NUMBER_NAMES}\b)`),
  /\b(?:i|we) live (?:on|in) [a-z]+(?: [a-z]+)? (?:street|road|avenue|lane|drive|court|crescent|terrace)\b/,
  /\bmy (?:home |house |street |full )?address\b/,
  /\bmy (?:house|home|flat) (?:is at|is on|number is)\b/,
  /\bmy (?:house|home|flat|door|apartment) (?:number|#)/,
  /\bmy (?:postcode|post code|zip|zip code|zipcode) is\b/,
  /\bpost ?code:? [a-z]{1,2}\d/,
  /\bzip(?: ?code)?:? ?\d{5}\b/,
  // A US town, state and ZIP code: "springfield il 62704", "ohio 43004".
  new RegExp(String.raw`\b${STATES},? \d{5}(?:-\d{4})?\b`),
  new RegExp(String.raw`\b[a-z]{2,},? ${STATE_CODES_LOWER} \d{5}(?:-\d{4})?\b`),
  new RegExp(String.raw`\b[a-z]{2,}, ${STATE_CODES.toLowerCase()} \d{5}(?:-\d{4})?\b`),
  // A UK postcode in lower case, but not a count and an ordinal ("ps5 2nd").
  /\b[a-z]{1,2}\d[a-z\d]? \d(?!(?:st|nd|rd|th)\b)[abd-hjlnp-uw-z]{2}\b/,
  // "corner of 5th and main", "corner of oak street and 3rd".
  new RegExp(
    String.raw`\b${CORNER} of (?:${ORDINAL}(?: ${STREET_WORDS})?|[a-z]+ (?:${STREET_WORDS}|st)) (?:and|&|n|\+|x|/) [a-z0-9]+`,
  ),
  new RegExp(String.raw`\b${CORNER} of [a-z]+(?: (?:${STREET_WORDS}|st))? (?:and|&|n|\+|x|/) ${ORDINAL}\b`),
  /\bmy school(?:s| is)? (?:is )?(?:called|named|name is)\b/,
  /\b(?:i|we) (?:go to|attend) (?!(?:a|the|my|our|sunday|bible|christian|church|catholic|public|private|home|middle|high|elementary|primary|secondary|junior|senior|grammar|boarding|summer|big|new|same|different)\b)[a-z]+(?: [a-z]+)? (?:elementary|primary|middle school|high school|academy|prep)\b/,
];
/** As written, in capitals: a UK postcode ("SW1A 1AA"; in lower case it is too like other words), "Springfield IL 62704", "the corner of Main and Elm". */
const CASED_ADDRESS_PATTERNS = [
  /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}\b/,
  new RegExp(String.raw`\b[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?,? ${STATE_CODES} \d{5}(?:-\d{4})?\b`),
  /\b[Cc]orner of [A-Z][a-z]+(?: (?:St|Street|Ave|Avenue|Rd|Road))? (?:and|&) [A-Z][a-z]+/,
];

// --- social --------------------------------------------------------------------------------------------

/** App names as the lists below give them, and also spelled with look-alike signs ("sn@p", "1nsta", "$napchat"). */
const SIGNS_FOR: Record<string, string> = {
  a: "[a@4]",
  e: "[e3]",
  i: "[i1!|]",
  o: "[o0]",
  s: "[s5$]",
  t: "[t7]",
  l: "[l1|]",
  b: "[b8]",
  g: "[g9]",
};
const anyName = (names: string[]) =>
  `(?:${names.map((name) => (name.length < 4 ? name : [...name].map((char) => SIGNS_FOR[char] ?? char).join(""))).join("|")})`;

/** Apps where a child can be messaged; every name here read after "my" or "@someone on" is an account. */
const MESSAGING_APPS = [
  "instagram",
  "insta",
  "ig",
  "snapchat",
  "snap",
  "snap chat",
  "sc",
  "tiktok",
  "tik tok",
  "discord",
  "whatsapp",
  "whats app",
  "telegram",
  "kik",
  "facebook",
  "fb",
  "messenger",
  "imessage",
  "twitter",
  "youtube",
  "yt",
  "twitch",
  "wechat",
  "skype",
  "bereal",
  "reddit",
  "tumblr",
  "pinterest",
  "omegle",
  "yubo",
  "viber",
  "kakaotalk",
  "bluesky",
  "bsky",
  "mastodon",
  "tellonym",
  "wizz",
];
/** The apps for talking one to one, that an adult asks a child to move to ("do you have snapchat?"). */
const PRIVATE_APPS = [
  "instagram",
  "insta",
  "ig",
  "snapchat",
  "snap",
  "sc",
  "tiktok",
  "discord",
  "whatsapp",
  "telegram",
  "kik",
  "messenger",
  "imessage",
  "facetime",
  "wechat",
  "skype",
  "yubo",
  "viber",
  "wizz",
];
/** Games with friend lists: "my roblox is fun" is not an account, "my roblox username is" or "my roblox is kid_99" is. */
const GAME_NAMES = [
  "roblox",
  "fortnite",
  "minecraft",
  "xbox",
  "xbox live",
  "psn",
  "playstation",
  "steam",
  "nintendo",
  "epic games",
  "epic",
  "vrchat",
  "rec room",
  "among us",
  "brawl stars",
  "clash royale",
  "clash of clans",
  "call of duty",
  "cod",
  "valorant",
  "genshin",
  "animal jam",
  "zepeto",
  "habbo",
];
const MESSAGING = anyName(MESSAGING_APPS);
const PRIVATE = anyName(PRIVATE_APPS);
const GAMES = anyName(GAME_NAMES);
/** Names that are also everyday words ("my x is 5", "my signal is weak") only count after "add me on". */
const EVERYDAY_NAMES = "(?:x|threads|signal|facetime|line|zoom|teams)";
const ACCOUNT_WORDS =
  "(?:name|username|user name|user|handle|account|acc|id|tag|gamertag|code|profile|friend code|channel|page|server)";
/** What follows "my insta is" when it is about the app, not an account to find ("my discord is down"). */
const NOT_A_HANDLE =
  "(?:private|public|down|broken|blocked|banned|not|gone|deleted|hacked|new|old|boring|fun|cool|so|too|really|very|full|off|on|a|the)";
/** A word that reads as a user name: letters with digits, an underscore or a dot inside ("kid99", "kid_99", "kid.99"). */
const HANDLE_LIKE = String.raw`@?(?!(?:2day|2nite|2night|2morrow|2moro|4ever|4eva|b4|l8r|l8er|gr8|w8|m8|h8|2gether)\b)(?=[a-z0-9_.]*[a-z])(?=[a-z0-9_.]*(?:[0-9_]|\.[a-z0-9]))[a-z0-9_.]{3,30}`;
/** After "I'm", words that say how one is on an app, not who ("I'm always on tiktok", "I'm banned on roblox"). */
const NOT_A_NAME = String.raw`(?:(?:not|never|always|also|still|so|too|very|really|just|only|banned|blocked|new|bored|stuck|famous|addicted|obsessed|busy|online|offline|live|active|a|an|the|my|your|it|this|that|there|here|on|off|back|big|popular|verified|good|bad|better|best|sure|gonna|now|sorry|scared|happy|sad|no|all|kinda|pretty|quite|allowed|grounded|muted|level|lvl|rank|top|number|kind|nice|mean|funny|known|friendly|safe|careful|quiet|shy|private|public|cool|awesome|fine|ok|okay|there|everywhere)\b|[a-z]+(?:ing|ly|ed)\b|\d+\b)`;
const SOCIAL_SITES =
  "(?:instagram|snapchat|tiktok|discord|discordapp|facebook|fb|twitter|x|youtube|youtu|twitch|roblox|kik|telegram|t|wa|m|threads|reddit|tumblr|pinterest)";

const SOCIAL_PATTERNS = [
  // "add me on tiktok", "look me up on insta", "hmu on whatsapp"
  new RegExp(
    String.raw`\b(?:add|follow|friend|dm|pm|message|msg|text|find|hmu|hit me up|talk to me|chat with me|call me|facetime|sub|subscribe|look me up|look for me|search for me|search me up|search me|catch me|reach me|ping me|snap me|join me|play with me|vc|video call)(?: me| to me| to my| me up| me back| with me)? (?:on|at|in|via|over|@|thru|through) (?:${MESSAGING}|${GAMES}|${EVERYDAY_NAMES})\b`,
  ),
  // "add kid99 on snap", "look up kid_99 on youtube"
  new RegExp(
    String.raw`\b(?:add|follow|friend|dm|pm|message|msg|ping|sub to|subscribe to|look up|search up|search for|search|find|look for)(?: me)? ${HANDLE_LIKE} (?:on|at|in|via|@) (?:${MESSAGING}|${GAMES})\b`,
  ),
  new RegExp(
    String.raw`\b(?:add|follow|friend|dm|pm|message|msg|ping) (?!(?:me|us|him|her|them|it|the|a|an|my|your|ur|this|that|people|everyone|friends)\b)@?[a-z0-9_.]{2,30} (?:on|at|via|@) (?:${MESSAGING}|${GAMES})\b`,
  ),
  // "I'm kid99 on tiktok", "i go by kiddo on discord"
  new RegExp(
    String.raw`\b(?:im|i am|iam|i m|its|it is|i go by|im called|i am called|my name is|my names|username|user name|username is|handle is)(?: is)? (?!${NOT_A_NAME})@?[a-z0-9_.]{2,30} (?:on|in|at) (?:${MESSAGING}|${GAMES})\b`,
  ),
  new RegExp(String.raw`(?:@[\w.]{2,30}|(?<![\w.@])${HANDLE_LIKE}) (?:on|at|in) ${MESSAGING}\b`),
  // "my insta is kid99", "my snap: kidd99", "my yt channel is …"
  new RegExp(
    String.raw`\b(?:my|${YOUR}) ${MESSAGING}(?: ${ACCOUNT_WORDS})? ?(?:is\b(?! ${NOT_A_HANDLE}\b)|:|=|@|- )`,
  ),
  new RegExp(String.raw`\b(?:my|${YOUR}) ${GAMES} ${ACCOUNT_WORDS} ?(?:is\b|:|=|@)`),
  new RegExp(String.raw`\b(?:my|${YOUR}) ${GAMES} ?(?:is|:|=|-) ${HANDLE_LIKE}`),
  // "sub to my youtube", "check out my tiktok"
  new RegExp(String.raw`\b(?:sub|subscribe|follow|check out|go to|watch|join)(?: to)? my ${MESSAGING}\b`),
  // "follow me @kid99", "kidd99 is my snap", "I have snapchat, add me"
  /\b(?:follow|add|dm|message|find) me @[\w.]{2,30}/,
  new RegExp(String.raw`(?:@[\w.]{2,30}|(?<![\w.@])${HANDLE_LIKE}) (?:is|=) my ${MESSAGING}\b`),
  new RegExp(
    String.raw`\b(?:add|follow|dm|message|msg|text|hmu|hit me up)(?: me)\b.{0,30}\b${PRIVATE}\b|\b${PRIVATE}\b.{0,30}\b(?:add|follow|dm|message|msg|text|hmu|hit me up)(?: me)\b`,
  ),
  // "whats your snap", "do you have snapchat?", "r u on discord"
  new RegExp(
    String.raw`\b(?:whats|what is|send me|give me|can i have|can i get|drop|drop me) ${YOUR} (?:${MESSAGING}|${GAMES} ${ACCOUNT_WORDS})\b`,
  ),
  new RegExp(String.raw`\b(?:do|d|did|have|got) ${YOU} (?:have |got |use |get |on )?(?:a |an )?${PRIVATE}\b`),
  new RegExp(String.raw`\b(?:are|r) ${YOU} on ${PRIVATE}\b`),
  // "insta: @kid", "discord: kid99", "ig kid.99", "snap me", "dm me"
  new RegExp(String.raw`\b${MESSAGING} ?[:=-]? ?@[\w.]{2,30}`),
  new RegExp(String.raw`\b${MESSAGING}(?: ${ACCOUNT_WORDS})? ?(?:[:=]|->|→|=>) ?@?[a-z0-9_.]{2,30}`),
  new RegExp(String.raw`\b${MESSAGING} ?(?:[:=-]|->|→|=>)? ?${HANDLE_LIKE}`),
  /\b(?:sub|subscribe|follow) (?:to )?my (?:channel|page|account|profile)\b/,
  /\bmy (?:yt |youtube )?channel(?: name)? (?:is|:|=)|\bmy gamertag\b/,
  new RegExp(String.raw`\b(?:${PRIVATE}|dm|pm|inbox|ft) me\b`),
  new RegExp(String.raw`\b${SOCIAL_SITES}(?:\.| dot )(?:com|gg|me|be|tv)\b`),
  /\blinktr\.?ee\b/,
  /\bmy @ ?(?:is|:|=)/,
  new RegExp(String.raw`\b(?:whats|what is) ${YOUR} (?:@|handle|gamertag)`),
  /\b[\w.]{2,32}#\d{4}\b/,
];

// --- meeting up and grooming -----------------------------------------------------------------------------

/** The grown-ups and family a child is told to keep things from. */
const TRUSTED =
  "(?:parents|parent|mum|mom|mommy|mummy|mama|dad|daddy|papa|family|folks|leader|leaders|teacher|teachers|pastor|grandma|grandpa|nan|nana|gran|granny|grandparents|sister|brother|sis|bro|guardian|carer|aunt|auntie|uncle|grown ?ups|adults)";
const ADULTS_AT_HOME = "(?:parents|mum|mom|mommy|mummy|dad|daddy|family|folks)";
/** Places to meet away from church and home: "let's hang at the mall", "see you at the park". */
const PLACES =
  "(?:park|mall|playground|beach|pool|swimming pool|cinema|movies|movie theater|movie theatre|arcade|skatepark|skate park|bus stop|bus station|train station|station|shop|shops|store|mcdonalds|mcds|maccies|starbucks|library|woods|forest|river|lake|field|fields|car park|parking lot|bridge|gas station|corner shop|alley|gym|rec center|rec centre|leisure centre|bowling alley|ice rink|funfair|fair|carnival|zoo|cafe|diner|food court|underpass|barn|garage|treehouse|tree house|basement|shed|hotel|motel|my place|my house|my home|my room|my flat|my apartment|my car|(?:your|ur|yr) (?:place|house|home|room|flat))";
const SUGGEST = `(?:lets|let us|wanna|want to|we should|should we|can we|could we|we could|shall we|we can|${YOU} wanna|${YOU} want to|do ${YOU} want to|how about we|why dont we)`;

const MEETUP_PATTERNS = [
  /\bmeet me (?:at|in|by|after|before|outside|behind|near|tonight|today|tomorrow|later|there|irl|on|this|next|round|around|somewhere|alone)\b/,
  new RegExp(
    String.raw`\b(?:${SUGGEST}|${YOU} wanna) (?:meet up|meetup|hang out|hangout|link up|get together|meet (?:irl|in person|at|after|tomorrow|tonight|today|somewhere|sometime|outside|up|later))\b`,
  ),
  new RegExp(
    String.raw`\b${SUGGEST} (?:hang|chill|kick it|link)(?: out| up)? (?:at|sometime|later|tonight|tomorrow|today|after school|this weekend|on the weekend|irl|in person|together)\b`,
  ),
  new RegExp(
    String.raw`\b${SUGGEST} (?:meet|meet up|hang|hang out|chill|link up|get together|kick it|go|come|come over|head)(?: out| up| over| together)? (?:at|in|by|near|behind|outside|to|round|around|down to|over to|inside) (?:the |my |your |ur |a |that |this )?${PLACES}\b`,
  ),
  new RegExp(
    String.raw`\bcome (?:and )?(?:meet|meet up|hang|hang out|chill|link up|kick it)(?: with me)? (?:at|in|by|near|behind|outside|round|around) (?:the |my |your |ur |a |that |this )?${PLACES}\b`,
  ),
  new RegExp(
    String.raw`\bsee ${YOU} (?:at|in|by|near|behind|outside|down at|round) (?:the |my |your |ur )?${PLACES}\b`,
  ),
  /\b(?:meet|meet up|hang out) (?:irl|in real life|in person|offline)\b/,
  new RegExp(String.raw`\b${SUGGEST} meet(?: up)? ?(?:\?|$)`),
  new RegExp(
    String.raw`\b(?:see|meet|hang out with|hang with|visit|hug|kiss|touch|hold|play with|chill with) (?:${YOU}|me) (?:irl|in real life|in person|face to face|offline)\b`,
  ),
  new RegExp(
    String.raw`(?:^|[.!?,] )meet (?:up )?(?:at|in|by|near|behind|outside) (?:the |my |your |ur )?${PLACES}\b`,
  ),
  /\bcome (?:over |round |around )?to my (?:house|place|home|flat|apartment|room)\b/,
  /\bcome over (?:to mine|tonight|today|tomorrow|after school|later)\b/,
  new RegExp(String.raw`\b(?:${SUGGEST}|(?:can|could|will|would) ${YOU}) come (?:over|round|to my)\b`),
  new RegExp(String.raw`\bcan i come (?:over|to ${YOUR} (?:house|place|home))\b`),
  new RegExp(String.raw`\bwhere (?:do|d) ${YOU} live\b`),
  new RegExp(String.raw`\bwhere(?:s| is) ${YOUR} (?:house|home)\b`),
  new RegExp(
    String.raw`\b(?:whats|what is|send me|give me) ${YOUR} (?:home |house |full |real )?(?:address|addy|postcode|post code|zip ?code|zip)\b`,
  ),
  new RegExp(
    String.raw`\b(?:what|which) (?:school|town|city|street|road|area|state|county|neighbou?rhood) (?:do|d) ${YOU} (?:go to|goto|live)\b`,
  ),
  new RegExp(
    String.raw`\bwhere (?:do|d) ${YOU} go to school\b|\b(?:what|which) school (?:are|r) ${YOU} (?:at|in)\b`,
  ),
  // Being alone, and when the grown-ups are out.
  new RegExp(
    String.raw`\b(?:are|r) ${YOU} (?:home |at home |all )?(?:alone|by yourself|by urself|on your own|on ur own)\b(?! in (?:this|the|our) (?:group|chat|class))`,
  ),
  new RegExp(
    String.raw`\b(?:is|are|r) ${YOUR} ${ADULTS_AT_HOME} (?:home|around|away|gone|asleep|at work|there|awake|nearby|watching|in the room|with ${YOU})\b`,
  ),
  new RegExp(
    String.raw`\bwhen (?:are|r|do|does|will|is) ${YOUR} ${ADULTS_AT_HOME} (?:go out|going out|leave|leaving|go to sleep|go to bed|asleep|sleep|away|gone|at work|get home|come home|working|out)\b`,
  ),
  new RegExp(
    String.raw`\bwhat time (?:do|does|will|are|is) ${YOUR} ${ADULTS_AT_HOME} (?:get home|come home|leave|go out|go to (?:sleep|bed|work))\b`,
  ),
  new RegExp(String.raw`\b(?:is anyone|is anybody|who else is|anyone else) (?:else )?(?:home|with ${YOU})\b`),
  new RegExp(
    String.raw`\b(?:send|share|give|drop|turn on)(?: me)? ${YOUR} (?:location|loc|live location|pin|coordinates)\b`,
  ),
  new RegExp(
    String.raw`\b(?:ill|i will|i can|i could|let me|can i|i wanna|want me to) (?:pick ${YOU} up|drive ${YOU}|give ${YOU} a (?:ride|lift)|come (?:get|pick up) ${YOU}|walk ${YOU} home)\b`,
  ),
  /\bsecret (?:boyfriend|girlfriend|bf|gf|relationship|friendship)\b/,
  /\bcome (?:alone|by yourself|by urself|on your own|on ur own)\b/,
  new RegExp(
    String.raw`\b(?:dont|do not) bring (?:anyone|anybody|${YOUR} ${TRUSTED}|a friend|friends|${YOUR} friends)\b`,
  ),
  // Secrets from the grown-ups.
  new RegExp(
    String.raw`\b(?:dont|do not|never|dont ever|dont you|dont you dare|${YOU} dont (?:have|need) to|no need to|better not|${YOU} shouldnt|${YOU} cant|${YOU} mustnt) (?:tell|show|say (?:anything |this |it )?to|mention (?:this |it |me |us )?to|ask|let) (?:${YOUR} |the |any )?${TRUSTED}\b`,
  ),
  /\b(?:dont|do not|never) tell (?:anyone|anybody|no one|nobody) about (?:us|me|this chat|our|what we)\b/,
  new RegExp(
    String.raw`\b(?:secret|secrets|hide (?:it|this|that|them)|hidden|keep (?:it|this|that) (?:quiet|hidden)) from (?:${YOUR} |the |all the )?(?:${TRUSTED}|everyone|everybody|anyone|anybody)\b`,
  ),
  /\bkeep (?:this|it|that|us|our chat|our talks?|what we [a-z]+) (?:a |our )?secret\b(?!.{0,40}\b(?:surprise|party|gift|present|until|till|birthday)\b)/,
  new RegExp(String.raw`\b(?:can|could|will) ${YOU} keep a secret\b`),
  /\b(?:dont|do not|never) tell (?:anyone|anybody|no one|nobody)(?: that)? (?:we|i|you|u) (?:talked|talk|met|meet|chat|chatted|spoke|are talking|were talking)\b/,
  /\bour (?:little |lil |special )?secret\b(?! (?:handshake|code|club|garden|agent|recipe|santa|base|hideout|mission|word|password|plan|ingredient)\b)/,
  new RegExp(
    String.raw`\b(?:keep|keeping) (?:it|this|that|everything|things|us|what we [a-z]+) (?:just )?between (?:us|${YOU} and (?:me|i)|(?:me|i) and ${YOU}|the two of us|ourselves)\b`,
  ),
  new RegExp(String.raw`\bbetween ${YOU} and (?:me|i)\b|\b(?:just|stays?|stay|remains?) between us\b`),
  /\bdelete (?:this|these|our|the|my|ur|your) (?:chat|chats|messages?|convo|conversation|texts?|dms?|pics?|photos?) (?:after|so|before|when|once)\b/,
  new RegExp(String.raw`\b(?:delete|erase) (?:it|this|them) (?:after|once|when) ${YOU} (?:read|see|look)`),
  /\b(?:nobody|no one|noone|no1|no body) (?:else )?(?:needs|has|have|gets|is going|is gonna|will|would|should|must|has got) (?:to )?(?:ever )?(?:know|find out)\b/,
  // Pictures, cameras and calls.
  new RegExp(
    String.raw`\b(?:send|show|give|snap|dm|text|share|shoot)(?: me| us) (?:a |an |some |${YOUR} |more |another |any )?(?:pic|pics|picture|pictures|photo|photos|pix|selfie|selfies|vid|vids|video|videos|snaps?)\b(?! of (?:the|this|that|it|its|my|our|his|her|their)\b)`,
  ),
  /\b(?:send|sending|snap) (?:a |some |ur |your |more |any )?(?:pics|pix|selfies|photos|pictures|pic|selfie)\b(?! of (?:the|this|that|it|its|my|our|his|her|their)\b)/,
  new RegExp(
    String.raw`\b(?:can|could|may) i (?:have|get|see) (?:a |an |some |${YOUR} |more |another )?(?:pic|pics|picture|pictures|photo|photos|selfie|selfies)\b(?! of (?:the|this|that|it|its|my|our|his|her|their|${YOUR} (?:drawing|craft|art|painting|project|work|dog|cat|pet))\b)`,
  ),
  new RegExp(String.raw`\bshow me ${YOUR} (?:face|body|room|self|feet|legs)\b`),
  new RegExp(String.raw`\b(?:turn on|switch on|put on|open) ${YOUR} (?:camera|cam|webcam|video)\b`),
  new RegExp(
    String.raw`\b${SUGGEST} (?:video call|video chat|vc|facetime|face time|call|voice call|voice chat)\b`,
  ),
  // Flattery and gifts, the way in.
  new RegExp(
    String.raw`\b(?:youre|you are|ur|u r|your|u are) (?:so |very |really |rly |such )?(?:mature|grown up|grownup) for ${YOUR} age\b`,
  ),
  new RegExp(
    String.raw`\b(?:ill|i will|i can|i could|i would|i wanna|i want to|let me) (?:give|send|buy|get|gift) ${YOU} (?:some |free |a |lots of |loads of )?(?:robux|vbucks|v bucks|v-bucks|gift ?cards?|money|cash|presents?|a gift|gifts|skins?|nitro|gems|minecoins)\b`,
  ),
];

// ---------------------------------------------------------------------------------------------------------

/** The forms of one text that the checks read: as written and normalised, and lower-case pattern forms of both. */
type Views = { cased: string[]; lower: string[] };

function viewsOf(text: string): Views {
  const normalised = normaliseForModeration(text);
  // When normalising only collapsed white space or repeated separators (a story paragraph, most chat), the
  // pattern forms are the same and the word list, which reads through separators itself, reads the text once.
  const cased = normalised === collapseSeparators(text) ? [text] : [text, normalised];
  const lower = [...new Set(cased.map(patternForm))];
  for (const form of [...lower]) {
    const joined = joinSpacedCharacters(form);
    if (!lower.includes(joined)) lower.push(joined);
  }
  return { cased, lower };
}

const some = (patterns: RegExp[], texts: string[]) =>
  texts.some((text) => patterns.some((pattern) => pattern.test(text)));

const CHECKS: [ModerationCategory, (views: Views) => boolean][] = [
  ["phone", ({ lower }) => lower.some(hasPhone)],
  ["email", ({ lower }) => some(EMAIL_PATTERNS, lower)],
  [
    "address",
    ({ lower, cased }) =>
      lower.some(hasHouseAndStreet) || some(ADDRESS_PATTERNS, lower) || some(CASED_ADDRESS_PATTERNS, cased),
  ],
  ["social", ({ lower }) => some(SOCIAL_PATTERNS, lower)],
  ["meetup", ({ lower }) => some(MEETUP_PATTERNS, lower)],
  ["language", ({ cased }) => cased.some(hasBadWord)],
];

/**
 * The verdict on one text, synchronously: the checks read it as written and as normalised (normalise.ts), and
 * refuse it if either is refused; the first category that applies names the refusal.
 */
export function checkLocally(text: string): ModerationVerdict {
  const views = viewsOf(text);
  for (const [category, applies] of CHECKS) {
    if (applies(views)) return { allowed: false, category };
  }
  return { allowed: true };
}

/** The embedded default: no network, no account, the same answer every time. */
export function createLocalModerator(): TextModerator {
  return {
    provider: "local",
    check: async (text) => checkLocally(text),
  };
}
