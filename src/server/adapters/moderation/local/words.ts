import { DataSet, englishDataset, englishRecommendedTransformers, pattern, RegExpMatcher } from "obscenity";

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

export const wordMatcher = new RegExpMatcher({ ...words.build(), ...englishRecommendedTransformers });

/** What `hasMatch` itself uses, from obscenity 0.4's RegExpMatcher (private there, so checked before use). */
type MatcherInternals = {
  blacklistedTerms: { regExp: RegExp }[];
  blacklistMatcherTransformers: unknown;
  applyTransformers(input: string, transformers: unknown): [number[], string];
};

function internalsOf(matcher: RegExpMatcher): MatcherInternals | undefined {
  const candidate = matcher as unknown as Partial<MatcherInternals>;
  const terms = candidate.blacklistedTerms;
  if (!Array.isArray(terms) || terms.length === 0) return undefined;
  if (!terms.every((term) => term?.regExp instanceof RegExp && term.regExp.flags === terms[0]?.regExp.flags))
    return undefined;
  if (typeof candidate.applyTransformers !== "function" || !candidate.blacklistMatcherTransformers)
    return undefined;
  return candidate as MatcherInternals;
}

/**
 * Whether any of the list's patterns matches `text` at all, tried at once. obscenity's `hasMatch` tries its
 * 195 patterns one after another, each through `matchAll` (a copy of the pattern and an iterator for each):
 * 15 of the 17 µs a short text took, and a story's output is checked word by word as it streams, a few hundred
 * times. Almost no text matches any pattern; only one that does goes on to `hasMatch`, which then decides
 * with the whitelisted terms. The alternation matches wherever one of its patterns does, on the very text
 * `hasMatch` reads (the matcher's own transformers), so it never lets through what `hasMatch` would refuse.
 * Should an obscenity release change what this reads, every text goes straight to `hasMatch`.
 */
function anyPatternFor(matcher: RegExpMatcher): ((text: string) => boolean) | undefined {
  const internals = internalsOf(matcher);
  const flags = internals?.blacklistedTerms[0]?.regExp.flags.replace("g", "") ?? "";
  // Flags that change where a pattern may match (sticky, say) would make the alternation miss matches.
  if (!internals || !/^[imsu]*$/.test(flags)) return undefined;
  let any: RegExp;
  try {
    any = new RegExp(internals.blacklistedTerms.map(({ regExp }) => `(?:${regExp.source})`).join("|"), flags);
  } catch {
    return undefined;
  }
  const anyPattern = (text: string) => {
    const result: unknown = internals.applyTransformers(text, internals.blacklistMatcherTransformers);
    const transformed = Array.isArray(result) ? result[1] : undefined;
    // Anything but the transformed text means the internals changed: the full check decides.
    return typeof transformed !== "string" || any.test(transformed);
  };
  // It must refuse what the list refuses, on a word the list has always had.
  if (!anyPattern("fuck") || !matcher.hasMatch("fuck")) return undefined;
  return anyPattern;
}

const anyPattern = anyPatternFor(wordMatcher);
/** For the test that keeps this quick check from silently falling away. */
export const WORD_LIST_QUICK_CHECK = anyPattern !== undefined;

/** The same answer as `wordMatcher.hasMatch(text)`, sooner. */
export function matchesWordList(text: string): boolean {
  if (anyPattern && !anyPattern(text)) return false;
  return wordMatcher.hasMatch(text);
}

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

export function hasBadWord(text: string): boolean {
  const plain = text.replace(STANDALONE_NUMBER, " ");
  // Usernames join words with underscores, which the list does not treat as a word boundary.
  const variants = [plain];
  if (plain.includes("_")) variants.push(plain.replace(/_/g, " "));
  const joined = plain.match(SPACED_LETTERS)?.map((run) => run.replace(/[^a-z]/gi, ""));
  if (joined?.length) variants.push(joined.join(" "));
  if (MASK.test(plain))
    for (const letter of "uioaes") variants.push(plain.replace(MASKS, (mask) => letter.repeat(mask.length)));
  return variants.some(matchesWordList);
}
