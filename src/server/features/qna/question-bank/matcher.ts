// Which bank entry a child's question means, and whether surely enough to answer with it.
import MiniSearch from "minisearch";
import { withinEdits } from "../library-answers/ranking";
import { normalise, STOP_WORDS, stemOf, tokenize } from "../library-answers/stemming";
import type { BankEntry } from "./bank";
import kidWords from "./lexicon/kid-words.json" with { type: "json" };

// The library's stop words drop "bible", "book", "mean", "tell" and the like because every story has them;
// in the bank they tell questions apart ("Who wrote the Bible?", "What does amen mean?"). Children's
// fillers ("even", "actually", "stuff") say nothing about which question is meant.
const KEEP = new Set(kidWords.keep);
const BANK_STOP_WORDS = new Set([...[...STOP_WORDS].filter((word) => !KEEP.has(word)), ...kidWords.fillers]);

// Children's words and spellings put in the bank's words, on both sides so that they always meet.
// A Map, not the object: a question's word such as "constructor" must not find an inherited property.
const KID_WORDS = new Map<string, string>(Object.entries(kidWords.words));

// Children's sayings for what the bank says in its own words ("holy ghost"): for questions only, so that
// the entry about the name "Holy Ghost" keeps its own word.
const KID_PHRASES: [RegExp, string][] = Object.entries(kidWords.phrases).map(([phrase, meaning]) => [
  new RegExp(`\\b${phrase}\\b`, "g"),
  ` ${meaning} `,
]);

// Sayings whose words mean something else together ("come back to life"), on both sides.
const SAYINGS: [RegExp, string][] = Object.entries(kidWords.sayings).map(([saying, meaning]) => [
  new RegExp(`\\b${saying}\\b`, "g"),
  ` ${meaning} `,
]);

/**
 * The search terms of a text: children's words put in the bank's, stop words dropped, stemmed.
 * `spell` puts a question's misspelt words right first, so that sayings and phrases find them too.
 */
export function bankTermsOf(text: string, asked = false, spell?: (word: string) => string): string[] {
  let normalised = normalise(text);
  if (spell) normalised = normalised.replace(/\p{L}+/gu, spell);
  if (asked) for (const [phrase, meaning] of KID_PHRASES) normalised = normalised.replace(phrase, meaning);
  for (const [saying, meaning] of SAYINGS) normalised = normalised.replace(saying, meaning);
  const terms: string[] = [];
  for (const token of tokenize(normalised)) {
    for (const word of (KID_WORDS.get(token) ?? token).split(" ")) {
      if (BANK_STOP_WORDS.has(word) || word.length < 2) continue;
      terms.push(stemOf(word));
    }
  }
  return terms;
}

/**
 * Calibrated on content/questions/asked.test-data.yaml and the held-out tables: a bank entry answers only
 * when at least this share of the question's weight (each term weighted by how few entries use it) is
 * found in the entry…
 */
const MIN_COVERAGE = 0.4;
// A margin over the runner-up entry was weighed as a looser rule beside these and left out: the questions it
// would let in were as often wrong (an off-topic question, a near-namesake entry) as right.

/** …and its best line and the question overlap at least this much (see `scoreOf`). */
const MIN_SCORE = 0.5;

/**
 * A word no entry uses is a child's aside ("tho", "last week") as often as a sign of another subject, so
 * it costs the question a small fixed share rather than sinking it: a little when the stories use it…
 */
const UNKNOWN_WEIGHT = 0.5;

/** …more when neither the bank nor the stories do ("minecraft", "pancakes"). */
const OFF_SUBJECT_WEIGHT = 1;

/**
 * Unknown words weigh little, so an entry must also be plainly what the question is about: its topic (the
 * words of its id, such as "real" in is-god-real) is among the question's telling words, found with at
 * least half of the question's terms; or two of the question's telling words are found where the entry is
 * asked or few answers tell of them; or nearly all of the question is found. "How do I make pancakes"
 * meets "make" of did-god-make-me-this-way, and that alone must not answer it.
 */
const MIN_TOPIC_WEIGHT = 1.8;
const MIN_TOPICAL_SHARE = 0.5;
const TELLING_CREDIT = 0.55;
const MIN_TELLING_TERMS = 2;
const NEARLY_ALL = 0.8;

/**
 * Below this share the entry answers only when the story library has no story it is sure of: a question
 * the bank holds only part of ("the son who spent all his money") is often a story's.
 */
const FIRM_COVERAGE = 0.5;

// Credit for a question's term found elsewhere than in the entry's best line: another way of asking the
// same question, or only the answers, which touch on many things.
const OTHER_LINE_CREDIT = 0.7;
const ANSWER_CREDIT = 0.4;
// The long answer tells more than the question is about, so a word found only there says less…
const LONG_ANSWER_CREDIT = 0.3;
// …unless few answers tell of it at all ("tree", "fisherman"): then it points at its entry nearly as an
// asked line does.
const RARE_ANSWER_CREDIT = 0.55;
const RARE_IN_ANSWERS = 5;
const PREFIX_CREDIT = 0.8;
const MISSPELLING_CREDIT = 0.8;

/** How much a question's words in the entry's id (its topic) count towards ranking, beside the line's score. */
const TOPIC_BONUS = 0.05;

/**
 * Between entries matched alike, the one whose id the question's own words spell out, little words and all:
 * "what does the holy spirit do" is what-does-the-holy-spirit-do, not what-is-the-holy-spirit, though "do"
 * and "is" are stop words, left out of the terms. Small enough to decide only near-ties.
 */
const WORDING_BONUS = 0.01;

/**
 * Shorter words have too many neighbours one slip away to guess which was meant; a four-letter word is
 * only taken for a longer one it lacks a letter of ("erth", "flod", "cros") or has two letters swapped.
 */
const MIN_SLIP_LENGTH = 4;
const MIN_ANY_SLIP_LENGTH = 5;
const MAX_REMEMBERED_SPELLINGS = 10_000;
const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Every word one typing slip from a word: a letter left out, added, changed, or two swapped. */
function oneSlipFrom(word: string): Set<string> {
  const slips = new Set<string>();
  const any = word.length >= MIN_ANY_SLIP_LENGTH;
  for (let at = 0; at <= word.length; at += 1) {
    const before = word.slice(0, at);
    const after = word.slice(at);
    if (after && any) slips.add(before + after.slice(1));
    if (after.length > 1) slips.add(before + after[1] + after[0] + after.slice(2));
    for (const letter of LETTERS) {
      slips.add(before + letter + after);
      if (after && any) slips.add(before + letter + after.slice(1));
    }
  }
  slips.delete(word);
  return slips;
}

/** Shorter words are stems or whole words already; completing them would match too much. */
const MIN_PREFIX = 5;

// Endings that make a word bigger or smaller without changing what it is about.
const COMPARISON_ENDINGS = ["est", "er", "ly"];

// Words of a child's everyday life ("school", "dinner", "game"): the bank asks about them too ("Can I
// pray for my football game?"), but they alone cannot say a question is about the faith at all.
const EVERYDAY = new Set(kidWords.everyday.map(stemOf));
const EVERYDAY_CREDIT = 0.4;

/** How far a word may be from the bank's word to be taken as a misspelling of it ("lazerus", "bibel"). */
const misspellingLimit = (term: string) => (term.length >= 8 ? 2 : term.length >= 5 ? 1 : 0);

/** Stop words long enough that a misspelling of them can be told apart from another word. */
const LONG_STOP_WORDS = [...BANK_STOP_WORDS].filter((word) => word.length >= 4);

function isMisspeltStopWord(word: string): boolean {
  const limit = misspellingLimit(word);
  // Stemming may have made the slip a stop word itself ("doese" is "does").
  if (BANK_STOP_WORDS.has(word)) return true;
  return limit > 0 && LONG_STOP_WORDS.some((stop) => withinEdits(word, stop, limit));
}

// Questions are capped so that a pasted essay cannot make a lookup slow.
const MAX_QUESTION_CHARS = 400;

/** How many of the best lines MiniSearch finds are weighed closely. */
const CANDIDATE_LINES = 40;

/** One way an entry is asked (its question, an `also` line or its id's words), as terms. */
type LineDoc = { id: number; entry: number; text: string };

/** An entry's answers (short and long), as terms: found by a question whose telling words only they hold. */
type AnswerDoc = { id: number; entry: number; text: string };

/** How many of the best answers MiniSearch finds bring their entry in to be weighed. */
const CANDIDATE_ANSWERS = 12;

/** One term of the question: as typed, or the bank's word it misspells. */
type QueryTerm = { term: string; weight: number; misspelt: boolean };

export type BankMatch = {
  entry: BankEntry | null;
  /** The share (0 to 1) of the question's weight found in the entry. */
  coverage: number;
  /** How closely the question and the entry's best line overlap (0 to 1). */
  score: number;
  /** Whether the entry answers the question. */
  confident: boolean;
  /** Whether it answers it surely enough to be preferred to a story the library is sure of. */
  firm: boolean;
  /** The question's terms, after children's words, stop words, stemming and spelling. */
  terms: string[];
  /** The next best entry, for calibrating. */
  runnerUp: { id: string; score: number } | null;
};

/**
 * `otherTexts`: more of the app's texts on the Bible's subject (the stories), whose words are not taken as
 * off the subject even though no entry uses them.
 */
export function createBankMatcher(entries: BankEntry[], otherTexts: string[] = []) {
  const lines: LineDoc[] = [];
  // The id's little words ("what", "does", "do"), which its terms leave out.
  const idWords = entries.map((entry) => entry.id.split("-").filter((word) => BANK_STOP_WORDS.has(word)));
  const entryTerms = entries.map((entry, index) => {
    const asked = [entry.question, ...entry.also, entry.id.replace(/-/g, " ")].map((line) =>
      bankTermsOf(line),
    );
    for (const terms of asked) lines.push({ id: lines.length, entry: index, text: terms.join(" ") });
    return {
      asked: new Set(asked.flat()),
      answer: new Set(bankTermsOf(entry.short)),
      told: new Set(bankTermsOf(entry.long)),
      topic: new Set(asked.at(-1)),
    };
  });
  const answers: AnswerDoc[] = entryTerms.map(({ answer, told }, entry) => ({
    id: entry,
    entry,
    text: [...new Set([...answer, ...told])].join(" "),
  }));
  const answerIndex = new MiniSearch<AnswerDoc>({
    fields: ["text"],
    idField: "id",
    tokenize: (text) => text.split(" ").filter(Boolean),
    processTerm: (term) => term,
  });
  answerIndex.addAll(answers);
  const lineTerms = lines.map((line) => new Set(line.text.split(" ").filter(Boolean)));
  const linesOf: number[][] = entries.map(() => []);
  for (const line of lines) linesOf[line.entry]?.push(line.id);
  const index = new MiniSearch<LineDoc>({
    fields: ["text"],
    idField: "id",
    // The lines are terms already, made by `bankTermsOf` like the questions.
    tokenize: (text) => text.split(" ").filter(Boolean),
    processTerm: (term) => term,
  });
  index.addAll(lines);

  // How many entries use each term: a rare term ("Cain") says which entry is meant, "God" hardly does.
  const entriesUsing = new Map<string, number>();
  for (const { asked, answer } of entryTerms)
    for (const term of new Set([...asked, ...answer]))
      entriesUsing.set(term, (entriesUsing.get(term) ?? 0) + 1);
  const vocabulary = [...entriesUsing.keys()];
  // How many entries' answers (short or long) tell of each term: "tree" only in Zacchaeus's, "god" in all.
  const answersTelling = new Map<string, number>();
  for (const { answer, told } of entryTerms)
    for (const term of new Set([...answer, ...told]))
      answersTelling.set(term, (answersTelling.get(term) ?? 0) + 1);
  /** A word few answers tell of says which entry is meant nearly as surely as its asked lines do. */
  const answerCredit = (term: string, credit: number) =>
    (answersTelling.get(term) ?? 0) <= RARE_IN_ANSWERS ? Math.max(credit, RARE_ANSWER_CREDIT) : credit;
  const onSubject = new Set(otherTexts.flatMap((text) => bankTermsOf(text)));
  const isOffSubject = (term: string) => !entriesUsing.has(term) && !onSubject.has(term);
  const weightOf = (term: string) => {
    const using = entriesUsing.get(term);
    if (using) return Math.log((entries.length + 1) / (using + 0.5));
    return onSubject.has(term) ? UNKNOWN_WEIGHT : OFF_SUBJECT_WEIGHT;
  };

  /**
   * The bank's word a child's unknown word misspells, if one is close enough; the most used one wins a tie.
   * Done here rather than by MiniSearch's fuzzy search so that a swap of two letters ("bibel") counts as
   * one slip, and so that a word the bank uses is never taken for another.
   */
  function spelling(term: string): string | null {
    const limit = misspellingLimit(term);
    if (limit === 0) return null;
    let best: { word: string; using: number } | null = null;
    for (const word of vocabulary) {
      if (Math.abs(word.length - term.length) > limit || !withinEdits(term, word, limit)) continue;
      const using = entriesUsing.get(word) ?? 0;
      if (!best || using > best.using) best = { word, using };
    }
    return best?.word ?? null;
  }

  // Every word as written in the bank, the stories and the children's words, with how often it is used:
  // a child's word not among them is taken for a slip of the most used one a single typing slip away.
  const wordsWritten = new Map<string, number>();
  const written = [
    ...entries.flatMap((entry) => [entry.question, ...entry.also, entry.short, entry.long]),
    ...otherTexts,
  ];
  for (const text of written)
    for (const word of tokenize(text)) wordsWritten.set(word, (wordsWritten.get(word) ?? 0) + 1);
  for (const word of [...KID_WORDS.keys(), ...BANK_STOP_WORDS, ...KEEP])
    wordsWritten.set(word, (wordsWritten.get(word) ?? 0) + 1);
  // Another form of a written word ("dads", "crawling") is no slip: "dads" is not "adds".
  const stemsWritten = new Set([...wordsWritten.keys()].map(stemOf));
  const spelt = new Map<string, string>();

  /** A question's word, or the written word it misspells by one slip ("beleive", "pased", "disiple"). */
  function spellWord(word: string): string {
    if (word.length < MIN_SLIP_LENGTH || wordsWritten.has(word) || /\d/.test(word)) return word;
    if (stemsWritten.has(stemOf(word))) return word;
    const remembered = spelt.get(word);
    if (remembered !== undefined) return remembered;
    let best = word;
    let bestUses = 0;
    for (const candidate of oneSlipFrom(word)) {
      const uses = wordsWritten.get(candidate) ?? 0;
      if (uses > bestUses) {
        best = candidate;
        bestUses = uses;
      }
    }
    if (spelt.size >= MAX_REMEMBERED_SPELLINGS) spelt.clear();
    spelt.set(word, best);
    return best;
  }

  /** The bank's word for an unknown word that is one of its forms: "strongest" is "strong", "wisest" "wise". */
  function baseForm(term: string): string | null {
    for (const ending of COMPARISON_ENDINGS) {
      if (!term.endsWith(ending) || term.length - ending.length < 3) continue;
      const base = stemOf(term.slice(0, -ending.length).replace(/([b-df-hj-km-np-tv-z])\1$/, "$1"));
      if (entriesUsing.has(base)) return base;
    }
    return null;
  }

  function queryTermsOf(question: string): QueryTerm[] {
    const seen = new Set<string>();
    const terms: QueryTerm[] = [];
    for (const typed of bankTermsOf(question.slice(0, MAX_QUESTION_CHARS), true, spellWord)) {
      if (entriesUsing.has(typed)) {
        if (!seen.has(typed)) terms.push({ term: typed, weight: weightOf(typed), misspelt: false });
        seen.add(typed);
        continue;
      }
      const base = baseForm(typed);
      // A word the stories use is a word, not a slip: "divided" is not "David".
      const corrected = base ?? (onSubject.has(typed) ? null : spelling(typed));
      // A misspelt little word ("happend", "doese") says as little as the word itself.
      if (corrected === null && isMisspeltStopWord(typed)) continue;
      const term = corrected ?? typed;
      if (seen.has(term)) continue;
      seen.add(term);
      terms.push({ term, weight: weightOf(term), misspelt: corrected !== null && base === null });
    }
    return terms;
  }

  /** How closely a term of the question is found in a set of terms: itself, or a word it begins. */
  function closeness(term: string, found: Set<string>): number {
    if (found.has(term)) return 1;
    if (term.length < MIN_PREFIX) return 0;
    for (const word of found) if (word.startsWith(term)) return PREFIX_CREDIT;
    return 0;
  }

  /**
   * How well a line of an entry answers the question: the share of the question's weight found (in the
   * line, or less surely elsewhere in the entry), and the share of the line's weight the question asks.
   */
  function scoreOf(terms: QueryTerm[], line: number) {
    const doc = lines[line] as LineDoc;
    const own = lineTerms[line] as Set<string>;
    const { asked, answer, told, topic } = entryTerms[doc.entry] as (typeof entryTerms)[number];
    let total = 0;
    let found = 0;
    const met = new Set<string>();
    // Telling terms found where the entry is asked (or few answers tell of them), terms found at all, and
    // terms of no subject of the bank or the stories that are not.
    let telling = 0;
    let matched = 0;
    let offSubjectMissed = 0;
    for (const { term, weight, misspelt } of terms) {
      total += weight;
      const inLine = closeness(term, own);
      if (inLine > 0)
        for (const word of own) if (word === term || (inLine < 1 && word.startsWith(term))) met.add(word);
      const credit = Math.max(
        inLine,
        closeness(term, asked) * OTHER_LINE_CREDIT,
        closeness(term, answer) * answerCredit(term, ANSWER_CREDIT),
        closeness(term, told) * answerCredit(term, LONG_ANSWER_CREDIT),
      );
      if (credit >= TELLING_CREDIT && !EVERYDAY.has(term)) telling += 1;
      if (credit > 0) matched += 1;
      else if (isOffSubject(term)) offSubjectMissed += 1;
      found +=
        weight * credit * (misspelt ? MISSPELLING_CREDIT : 1) * (EVERYDAY.has(term) ? EVERYDAY_CREDIT : 1);
    }
    let lineTotal = 0;
    let lineMet = 0;
    for (const word of own) {
      lineTotal += weightOf(word);
      if (met.has(word)) lineMet += weightOf(word);
    }
    const coverage = total > 0 ? found / total : 0;
    const recall = lineTotal > 0 ? lineMet / lineTotal : 0;
    const score = Math.sqrt(coverage * (0.5 + 0.5 * recall));
    // The id names what the entry is about: between entries matched alike, the one about the question's words.
    let onTopic = 0;
    let namesTopic = false;
    for (const { term, weight } of terms) {
      if (!topic.has(term)) continue;
      onTopic += weight;
      if (!EVERYDAY.has(term) && weight >= MIN_TOPIC_WEIGHT) namesTopic = true;
    }
    const plainlyAbout =
      matched > offSubjectMissed &&
      ((namesTopic && matched >= terms.length * MIN_TOPICAL_SHARE) ||
        telling >= MIN_TELLING_TERMS ||
        coverage >= NEARLY_ALL);
    return {
      coverage,
      recall,
      score,
      plainlyAbout,
      rank: score + TOPIC_BONUS * (total > 0 ? onTopic / total : 0),
    };
  }

  function rankedFor(question: string, terms: QueryTerm[]) {
    const words = terms.map(({ term }) => term);
    if (words.length === 0) return [];
    const hits = index.search(words.join(" "), {
      prefix: (term) => term.length >= MIN_PREFIX,
      weights: { fuzzy: 0, prefix: 0.4 },
    });
    // The best line of each entry stands for it. An entry whose answer holds the question's telling words
    // ("the strongest man": only Samson's answer says "strong") is weighed by its lines too.
    const byEntry = new Map<number, ReturnType<typeof scoreOf>>();
    const weigh = (line: number) => {
      const scored = scoreOf(terms, line);
      const entry = (lines[line] as LineDoc).entry;
      const previous = byEntry.get(entry);
      if (!previous || scored.rank > previous.rank) byEntry.set(entry, scored);
    };
    for (const hit of hits.slice(0, CANDIDATE_LINES)) weigh(hit.id as number);
    const answerHits = answerIndex.search(words.join(" "), {
      prefix: (term) => term.length >= MIN_PREFIX,
      weights: { fuzzy: 0, prefix: 0.4 },
    });
    for (const hit of answerHits.slice(0, CANDIDATE_ANSWERS)) {
      const entry = hit.id as number;
      if (byEntry.has(entry)) continue;
      for (const line of linesOf[entry] ?? []) weigh(line);
    }
    const typed = new Set(tokenize(normalise(question.slice(0, MAX_QUESTION_CHARS))).map(spellWord));
    const wording = (entry: number) => {
      const words = idWords[entry] ?? [];
      return words.length > 0 ? words.filter((word) => typed.has(word)).length / words.length : 0;
    };
    return [...byEntry]
      .map(
        ([entry, scored]) =>
          [entry, { ...scored, rank: scored.rank + WORDING_BONUS * wording(entry) }] as const,
      )
      .sort((a, b) => b[1].rank - a[1].rank);
  }

  function match(question: string): BankMatch {
    const terms = queryTermsOf(question);
    const words = terms.map(({ term }) => term);
    const none = {
      entry: null,
      coverage: 0,
      score: 0,
      confident: false,
      firm: false,
      terms: words,
      runnerUp: null,
    };
    const ranked = rankedFor(question, terms);
    const [best, second] = ranked;
    if (!best) return none;
    const entry = entries[best[0]] ?? null;
    const { coverage, score, plainlyAbout } = best[1];
    const confident = entry !== null && score >= MIN_SCORE && coverage >= MIN_COVERAGE && plainlyAbout;
    return {
      entry,
      coverage,
      score,
      confident,
      firm: confident && coverage >= FIRM_COVERAGE,
      terms: words,
      runnerUp: second ? { id: entries[second[0]]?.id ?? "", score: second[1].score } : null,
    };
  }

  return { match };
}
