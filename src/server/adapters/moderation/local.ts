import { DataSet, englishDataset, englishRecommendedTransformers, pattern, RegExpMatcher } from "obscenity";
import type { ModerationCategory } from "../../../core/schemas/moderation";
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
      .addPattern(pattern`|kill ur self`),
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

/** "f u c k", "s.h.i.t", "b-i-t-c-h": single letters with separators, joined back into a word. */
const SPACED_LETTERS = /(?<![a-z])(?:[a-z][\s.\-_*]{1,2}){2,}[a-z](?![a-z])/gi;

function hasBadWord(text: string): boolean {
  // Usernames join words with underscores, which the list does not treat as a word boundary.
  const variants = [text, text.replace(/_/g, " ")];
  const joined = text.match(SPACED_LETTERS)?.map((run) => run.replace(/[^a-z]/gi, ""));
  if (joined?.length) variants.push(joined.join(" "));
  return variants.some((variant) => wordMatcher.hasMatch(variant));
}

// ---------------------------------------------------------------------------------------------------------
// Personal information. Patterns run on a normalised copy: lower case, compatibility forms folded (full-width
// digits), apostrophes dropped ("let's" → "lets"), dashes unified and whitespace collapsed.
// ---------------------------------------------------------------------------------------------------------

function normalise(text: string): string {
  return text
    .normalize("NFKC")
    .toLowerCase()
    .replace(/['’‘`´]/g, "")
    .replace(/[‐‑‒–—―]/g, "-")
    .replace(/\s+/g, " ")
    .trim();
}

const YOU = "(?:you|u|ya)";
const YOUR = "(?:your|ur|yr|yer)";

// --- phone ---------------------------------------------------------------------------------------------

/**
 * Digit groups joined by spaces, dots, dashes, slashes or brackets ("+44 7700 900123", "(555) 123-4567",
 * "555.123.4567"). A colon or comma ends a run, so verse references ("John 3:16", "Genesis 1:1-3"), times
 * and counts ("5,000") never join into one. A run glued to letters before it is part of a word or a code.
 */
const DIGIT_RUN = /(?<![a-z\d])\+?\(?\d(?:[\d.\-/() ]{0,40}\d)?(?!\d)/g;

const DIGIT_WORDS: Record<string, string> = {
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
};
const SPELLED_RUN =
  /(?<![a-z])(?:(?:zero|oh|one|two|three|four|five|six|seven|eight|nine|\d{1,4})(?:[ .,-]{1,3}|$)){4,}/g;

/** 1 2 3 4 5 6 7, 10 11 12 13, 1234567: counting, not a number to call. */
function isCounting(groups: string[]): boolean {
  const numbers = (groups.length === 1 ? [...(groups[0] ?? "")] : groups).map(Number);
  if (numbers.length < 3) return false;
  const step = (numbers[1] ?? 0) - (numbers[0] ?? 0);
  if (step !== 1 && step !== -1) return false;
  return numbers.every((value, index) => index === 0 || value - (numbers[index - 1] ?? 0) === step);
}

function looksLikePhone(run: string): boolean {
  const groups = run.match(/\d+/g) ?? [];
  const digits = groups.join("");
  if (digits.length < 7) return false;
  // A round figure ("1000000", "1 000 000"), a decimal ("3.14159265"), a date ("25/12/2026", "2026-05-01"),
  // years side by side, a time range ("10.30-12.00").
  if (/^\d0+$/.test(digits) || /^\d{1,3}\.\d{5,}$/.test(run)) return false;
  if (/^\d{1,4}[./-]\d{1,2}[./-]\d{1,4}$/.test(run)) return false;
  if (groups.length > 1 && groups.every((group) => /^(?:19|20)\d\d$/.test(group))) return false;
  if (/^\d{1,2}[.:]\d\d ?- ?\d{1,2}[.:]\d\d$/.test(run)) return false;
  return !isCounting(groups);
}

function spelledDigits(run: string): string | null {
  const tokens = run.split(/[ .,-]+/).filter(Boolean);
  if (!tokens.some((token) => token in DIGIT_WORDS)) return null;
  const groups = tokens.map((token) => DIGIT_WORDS[token] ?? token);
  return isCounting(groups) ? null : groups.join("");
}

const PHONE_PHRASES = [
  new RegExp(
    String.raw`\b(?:whats|what is|send me|give me|can i have|can i get|i need|dm me|text me) ${YOUR} (?:phone |cell |mobile )?(?:number|num|digits)\b`,
  ),
  new RegExp(String.raw`\b(?:my|${YOUR}) (?:phone|cell|cellphone|mobile|telephone) ?(?:number|num|no|#)`),
];

/** "3:16-18" and "10:30" as a whole, so that what follows them ("3:16-18 20-21") is not read on from their middle. */
const REFERENCE_OR_TIME = /\d+:\d+(?:-\d+(?::\d+)?)?/g;

function hasPhone(text: string): boolean {
  for (const run of text.replace(REFERENCE_OR_TIME, ",").match(DIGIT_RUN) ?? [])
    if (looksLikePhone(run.trim())) return true;
  for (const run of text.match(SPELLED_RUN) ?? []) {
    const digits = spelledDigits(run);
    if (digits && digits.length >= 7) return true;
  }
  return PHONE_PHRASES.some((phrase) => phrase.test(text));
}

// --- email ---------------------------------------------------------------------------------------------

const AT = String.raw`(?: ?@ ?| ?[(\[{<] ?at ?[)\]}>] ?| at )`;
const DOT = String.raw`(?:\.| ?[(\[{<] ?dot ?[)\]}>] ?| dot )`;
const TLD = "(?:com|net|org|edu|gov|co|uk|io|me|us|ca|au|nz|ie|de|fr|info|biz)";
const MAIL_HOSTS = "(?:gmail|googlemail|yahoo|ymail|hotmail|outlook|icloud|aol|protonmail|proton)";

const EMAIL_PATTERNS = [
  /[a-z0-9._%+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}/,
  new RegExp(
    String.raw`\b[a-z0-9._%+-]{1,64}${AT}[a-z0-9-]{1,63}(?:${DOT}[a-z0-9-]{1,63}){0,3}${DOT}${TLD}\b`,
  ),
  new RegExp(String.raw`\b[a-z0-9._%+-]{1,64}${AT}${MAIL_HOSTS}\b`),
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
 * follow counts in ordinary sentences ("a 10 minute drive", "5000 people on the road").
 */
const NOT_A_STREET_NAME = new Set(
  (
    "a an the and or of to in on at by for with from into onto down up over near my your our their his her its " +
    "this that these those is was are were be been more other another different best better only same whole " +
    "long short hard narrow wide right wrong every each minute minutes min mins hour hours hr hrs mile miles km " +
    "second seconds day days week weeks month months year years time times people men women kids steps"
  ).split(" "),
);
const STREET_WORD = new RegExp(`^${STREET_WORDS}$`);
const HOUSE_AND_STREET = new RegExp(
  String.raw`(?<![a-z\d])(\d{1,5}[a-z]?) ((?:[a-z]+ ){1,3})(?:${STREET_WORDS}\b|st\b(?! [a-z]))`,
  "g",
);

function hasHouseAndStreet(text: string): boolean {
  for (const match of text.matchAll(HOUSE_AND_STREET)) {
    const name = (match[2] ?? "").trim().split(" ");
    if (name.every((word) => !NOT_A_STREET_NAME.has(word) && !STREET_WORD.test(word))) return true;
  }
  return false;
}

const ADDRESS_PATTERNS = [
  /\b(?:apt|apartment)\.? ?(?:#|no\.?|number)? ?\d+[a-z]?\b/,
  /\b(?:i|we) live at (?!home\b)/,
  /\b(?:i|we) live (?:on|in) [a-z]+(?: [a-z]+)? (?:street|road|avenue|lane|drive|court|crescent|terrace)\b/,
  /\bmy (?:home |house |street |full )?address\b/,
  /\bmy (?:house|home|flat) (?:is at|is on|number is)\b/,
  /\bmy (?:postcode|post code|zip|zip code|zipcode) is\b/,
  /\bzip(?: ?code)?:? ?\d{5}\b/,
];
/** A UK postcode as it is written, in capitals ("SW1A 1AA"); lower case it is too like other words. */
const POSTCODE = /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}\b/;

// --- social --------------------------------------------------------------------------------------------

/** Apps where a child can be messaged; every name here read after "my" or "@someone on" is an account. */
const MESSAGING =
  "(?:instagram|insta|ig|snapchat|snap|sc|tiktok|tik tok|discord|whatsapp|whats app|telegram|kik|facebook|fb|messenger|twitter|youtube|yt|twitch|wechat|skype|bereal|reddit|tumblr|pinterest|omegle)";
/** Games with friend lists: "my roblox is fun" is not an account, "my roblox username is" is. */
const GAMES = "(?:roblox|fortnite|minecraft|xbox|xbox live|psn|playstation|steam|nintendo)";
/** Names that are also everyday words ("my x is 5", "my signal is weak") only count after "add me on". */
const EVERYDAY_NAMES = "(?:x|threads|signal|facetime)";
const ACCOUNT_WORDS =
  "(?:name|username|user name|user|handle|account|acc|id|tag|gamertag|code|profile|friend code)";
/** What follows "my insta is" when it is about the app, not an account to find ("my discord is down"). */
const NOT_A_HANDLE =
  "(?:private|public|down|broken|blocked|banned|not|gone|deleted|hacked|new|old|boring|fun|cool|so|too|really|very|full|off|on|a|the)";
const SOCIAL_SITES =
  "(?:instagram|snapchat|tiktok|discord|discordapp|facebook|fb|twitter|x|youtube|youtu|twitch|roblox|kik|telegram|t|wa|m|threads|reddit|tumblr|pinterest)";

const SOCIAL_PATTERNS = [
  new RegExp(
    String.raw`\b(?:add|follow|friend|dm|pm|message|msg|text|find|hmu|hit me up|talk to me|chat with me|call me|facetime|sub|subscribe)(?: me| to me| to my)? (?:on|at|in|via|over|@) (?:${MESSAGING}|${GAMES}|${EVERYDAY_NAMES})\b`,
  ),
  new RegExp(
    String.raw`\b(?:my|${YOUR}) ${MESSAGING}(?: ${ACCOUNT_WORDS})? ?(?:is\b(?! ${NOT_A_HANDLE}\b)|:|=|@)`,
  ),
  new RegExp(String.raw`\b(?:my|${YOUR}) ${GAMES} ${ACCOUNT_WORDS} ?(?:is\b|:|=|@)`),
  new RegExp(
    String.raw`\b(?:whats|what is|send me|give me) ${YOUR} (?:${MESSAGING}|${GAMES} ${ACCOUNT_WORDS})\b`,
  ),
  new RegExp(String.raw`@[\w.]{2,30} (?:on|at|in) ${MESSAGING}\b`),
  new RegExp(String.raw`\b${MESSAGING} ?[:=-]? ?@[\w.]{2,30}`),
  new RegExp(String.raw`\b${SOCIAL_SITES}(?:\.| dot )(?:com|gg|me|be|tv)\b`),
  /\b[\w.]{2,32}#\d{4}\b/,
];

// --- meeting up ------------------------------------------------------------------------------------------

const MEETUP_PATTERNS = [
  /\bmeet me (?:at|in|by|after|before|outside|behind|near|tonight|today|tomorrow|later|there|irl|on|this|next|round|around|somewhere|alone)\b/,
  new RegExp(
    String.raw`\b(?:lets|let us|wanna|want to|we should|should we|can we|could we|we could|shall we|${YOU} wanna|${YOU} want to) (?:meet up|meetup|hang out|hangout|meet (?:irl|in person|at|after|tomorrow|tonight|today|somewhere|sometime|outside))\b`,
  ),
  /\b(?:meet|meet up|hang out) (?:irl|in real life|in person|offline)\b/,
  /\bcome (?:over |round |around )?to my (?:house|place|home|flat|apartment|room)\b/,
  /\bcome over (?:to mine|tonight|today|tomorrow|after school|later)\b/,
  new RegExp(String.raw`\bcan i come (?:over|to ${YOUR} (?:house|place|home))\b`),
  new RegExp(String.raw`\bwhere (?:do|d) ${YOU} live\b`),
  new RegExp(String.raw`\bwhere(?:s| is) ${YOUR} (?:house|home)\b`),
  new RegExp(
    String.raw`\b(?:whats|what is|send me|give me) ${YOUR} (?:address|addy|postcode|post code|zip ?code)\b`,
  ),
  new RegExp(
    String.raw`\b(?:what|which) (?:school|town|city|street|road|area|state|county|neighbou?rhood) (?:do|d) ${YOU} (?:go to|goto|live)\b`,
  ),
  new RegExp(String.raw`\b(?:are|r) ${YOU} home alone\b`),
  new RegExp(String.raw`\b(?:dont|do not) tell ${YOUR} (?:parents|mum|mom|dad|family|leader)`),
];

const CHECKS: [ModerationCategory, (text: string, original: string) => boolean][] = [
  ["phone", (text) => hasPhone(text)],
  ["email", (text) => EMAIL_PATTERNS.some((pattern) => pattern.test(text))],
  [
    "address",
    (text, original) =>
      hasHouseAndStreet(text) ||
      ADDRESS_PATTERNS.some((pattern) => pattern.test(text)) ||
      POSTCODE.test(original),
  ],
  ["social", (text) => SOCIAL_PATTERNS.some((pattern) => pattern.test(text))],
  ["meetup", (text) => MEETUP_PATTERNS.some((pattern) => pattern.test(text))],
  ["language", (_text, original) => hasBadWord(original)],
];

/** The verdict on one text, synchronously; the first category that applies names the refusal. */
export function checkLocally(text: string): ModerationVerdict {
  const normalised = normalise(text);
  for (const [category, applies] of CHECKS) {
    if (applies(normalised, text)) return { allowed: false, category };
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
