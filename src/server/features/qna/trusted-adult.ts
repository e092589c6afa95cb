// Some questions are not for a story helper: a child who speaks of hurting themselves, of being hurt,
// of not being safe or of running away needs a trusted adult now. The route checks every question here
// before any AI provider or the library sees it, and answers these with one fixed, caring reply.
//
// The check is deliberately about the child's own situation (first person, "my dad", "at home"), so
// that Bible questions full of death and violence ("Why did Cain kill Abel?", "Why did Jesus have to
// die?") are answered as usual. "Was Joseph abused by his brothers?" is about a Bible character and
// is not flagged; "my brothers abuse me" is. The one topic flagged whatever its subject is suicide: a
// child who asks about it at all may be asking for themselves, and the reply does no harm if not.

/** Warm, short and child-readable; no verses, no questions about personal details. */
export const TRUSTED_ADULT_ANSWER = [
  "I'm really glad you told me. You matter so much, and you don't have to handle this on your own.",
  "Please talk to a parent, a church leader or another grown-up you trust, today, and tell them what you told me.",
  "If you are in danger or might get hurt right now, call emergency services straight away: 911 in the US, or your local emergency number.",
].join(" ");

/**
 * Lower case, accents and apostrophes removed ("don't" → "dont"), everything else a single space,
 * and repeated letters squeezed ("kiiill", "pleeease", "killl" all become one letter per run), so
 * that stretched and misspelt words still match.
 */
export function normaliseQuestion(question: string): string {
  return ` ${question
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/['’‘`´]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/([a-z])\1+/g, "$1")
    .trim()} `;
}

// Patterns are written in ordinary spelling and squeezed the way questions are, so "kill" is "kil" on
// both sides. An escaped letter (\b, \s, \w) is never squeezed into the letter after it, and a doubled
// letter must not straddle a group ("slap(?:ped)" would stay "slapped"), so such forms are written out.
const squeeze = (source: string) => source.replace(/(?<!\\)([a-z])\1+/g, "$1");

const PEOPLE =
  "(?:someone|somebody|some one|person|people|he|she|they|adult|grown up|grownup|man|woman|guy|lady|boy|girl|kids?|stranger|teacher|coach|pastor|leader|babysitter|neighbou?r|uncle|aunt|auntie|cousin|brother|sister|step ?dad|step ?mom|step ?mum|step ?father|step ?mother|dad|daddy|father|mom|mommy|mum|mummy|mother|mama|papa|grandpa|grandma|grandfather|grandmother|parents?|boyfriend|girlfriend|friend)s?";

const HURTING =
  "(?:hits?|hitting|hurts?|hurting|beats?|beating|beat up|kicks?|kicked|kicking|punch(?:es|ed|ing)?|slap|slaps|slapped|slapping|chok(?:es|ed|ing)|burn(?:s|ed|t|ing)?|whip|whips|whipped|whipping|bites?|bit|shov(?:es|ed|ing)|push(?:es|ed|ing)|smack(?:s|ed|ing)?|abus(?:es|ed|ing)|touch(?:es|ed|ing)?|grab|grabs|grabbed|grabbing|threaten(?:s|ed|ing)?|starv(?:es|ed|ing))";

const FAMILY =
  "(?:dad|daddy|father|mom|mommy|mum|mummy|mother|parents?|step ?dad|step ?mom|step ?mum|step ?father|step ?mother|uncle|aunt|brother|sister|grandpa|grandma|family|moms? boyfriend|mums? boyfriend|dads? girlfriend)";

// The child speaking of themselves: "I", "I'm", "I'll", "I've", "I'd", then only small helping words
// ("I keep getting bullied", "I am thinking about running away"). A name in between ("I think Joseph
// was bullied") makes it a question about someone else.
const HELPERS =
  "(?:am|was|were|be|been|being|get|gets|getting|got|keep|kept|still|always|really|just|often|sometimes|constantly|want|wanna|wanted|to|going|gonna|will|might|should|could|can|think|thinking|about|of|plan|planning|on|stop|need|feel|so|try|trying)";
const SELF = String.raw`\b(?:i|im|ill|ive|id)(?: ${HELPERS}){0,4}`;

const PATTERNS: RegExp[] = [
  // Suicide and self-harm, in plain words, short forms and the euphemisms children use online.
  String.raw`\bsu[il]?[cs]i?d(?:e|es|al|aly)?\b`,
  String.raw`\b(?:kms|kys)\b`,
  String.raw`\bun ?aliv(?:e|es|ed|ing)\b`,
  String.raw`\bsewer ?slide\b`,
  String.raw`\bself ?harm`,
  String.raw`\b(?:kill|killing|killed|hurt|hurting|harm|harming|harmed|cut|cutting|stab|stabbing|hang|hanging|shoot|shooting|drown|drowning|starve|starving|burn|burning|end|ending|poison|poisoning) (?:my ?self|myself)\b`,
  String.raw`\bkill(?:s|ing)? (?:me|you ?self|yourself)\b`,
  String.raw`(?:^ |${SELF} )(?:want|wanna|wanted|wish|wished|need|ready|deserve) (?:to |2 )?die\b`,
  String.raw`\bwanting (?:to |2 )?die\b`,
  String.raw`\bwish(?:ed)? (?:i|id) (?:could |would |was |were |had )?(?:die|died|dead|never been born|not been born|never born|not born|not alive|gone)\b`,
  String.raw`\bwish (?:i )?(?:wasnt|werent) (?:alive|born|here)\b`,
  String.raw`(?:^ |\bi )(?:dont|do not|didnt|no longer) (?:really |even )?(?:want|wanna) (?:to |2 )?(?:live|be alive|be here|exist|wake up)\b`,
  String.raw`\b(?:end|take) my (?:own )?life\b`,
  String.raw`\bend it all\b`,
  String.raw`\bbetter off (?:dead|without me)\b`,
  String.raw`\b(?:no one|noone|nobody) (?:would|will|even|wil) (?:care|miss me|notice)\b`,
  String.raw`\b(?:no|nothing) (?:reason|point) (?:to|in|for) (?:live|living|life|being alive)\b`,
  String.raw`\bnothing to live for\b`,
  String.raw`(?:^ |${SELF} )(?:disappear|vanish)\b`,
  String.raw`\bwish (?:i|id) (?:could )?(?:disappear|vanish)\b`,
  String.raw`${SELF} hate (?:my life|myself|my ?self|being alive|living)\b`,
  String.raw`\b(?:nobody|no one|noone) (?:loves|likes|cares about|wants) me\b`,
  String.raw`\boverdose\b`,
  String.raw`\b(?:jump|jumping) off (?:a|the|my) (?:bridge|building|roof|cliff)\b`,

  // Being hurt, abused or touched by someone.
  String.raw`\b${PEOPLE}\b(?: \w+){0,3} ${HURTING} me\b`,
  String.raw`\babus(?:e|es|ed|ing|ive) (?:me|us)\b`,
  String.raw`${SELF} (?:abused|beaten|beat up|molested|raped|neglected)\b`,
  String.raw`\b(?:abuse|violence|abusive) (?:at|in) (?:my )?(?:home|house)\b`,
  String.raw`\bmy (?:\w+ ){0,2}(?:is|are|was|were|gets|get) (?:\w+ )?(?:abusive|violent)\b`,
  String.raw`\b(?:touched|touches|touching) me\b`,
  String.raw`\btouch(?:es|ed|ing)? (?:me|my) (?:private|privates|body|bottom|chest|down there|there|under)\b`,
  String.raw`\bprivate (?:parts|places|areas?)\b|\bmy privates\b`,
  String.raw`\b(?:molest\w*|rap(?:e|ed|es|ing) me)\b`,
  String.raw`\bsexual(?:ly)? abus`,
  String.raw`\b(?:nudes|naked (?:pictures|pics|photos))\b`,
  String.raw`\b(?:asked|asks|asking|wants?|wanted) (?:me )?(?:for|to send(?: him| her| them)?) (?:pictures|pics|photos|selfies)\b`,
  String.raw`\b(?:asked|told|wants?|wanted|tried to get|trying to get) me (?:to )?get (?:in|into) (?:his|her|their|a|the) (?:car|van|truck)\b`,
  String.raw`\b(?:told|tells|made|makes|said) me (?:not to tell|to keep (?:it )?(?:a )?secret|keep (?:it )?(?:a )?secret)\b`,

  // Not safe at home or anywhere right now.
  String.raw`\b(?:not|never|dont|do not) (?:feel )?safe (?:at|in) (?:my )?(?:home|house)\b`,
  String.raw`${SELF} (?:not safe|unsafe|in danger)\b`,
  String.raw`\bi dont feel safe\b`,
  String.raw`\b(?:unsafe|danger|dangerous) (?:at|in) (?:my )?(?:home|house)\b`,
  String.raw`\b(?:scared|afraid|frightened|terrified) (?:to|of) (?:go(?:ing)? )?(?:back )?home\b`,
  String.raw`\b(?:scared|afraid|frightened|terrified) of my ${FAMILY}\b`,
  String.raw`\b(?:someone|somebody|a man|a stranger)(?: is)? (?:following|stalking|watching) me\b`,
  String.raw`\b(?:locked|locks|lock|locking) me (?:in|out|up)\b`,
  String.raw`\b(?:no|isnt any|not any|not enough) food (?:at|in) (?:my )?(?:home|house)\b`,
  String.raw`\bhavent eaten (?:in|for) days\b`,

  // Running away, said of themselves ("Why did Jonah run away?" is not).
  String.raw`${SELF} (?:run|running) away\b`,
  String.raw`${SELF} (?:leave|leaving) home\b`,
  String.raw`^ (?:thinking|planning|want|wanna|going|gonna) (?:about |of |on |to )?(?:run|running) away\b`,

  // Being bullied, said of themselves ("Was David bullied?" is not).
  String.raw`${SELF} bullied\b`,
  String.raw`\bbull(?:y|ies|ying|ied) me\b`,
  String.raw`\b(?:everyone|everybody)(?: at \w+)? hates me\b`,
].map((source) => new RegExp(squeeze(source)));

/** Whether a question needs a trusted adult rather than a story answer. */
export function needsTrustedAdult(question: string): boolean {
  const text = normaliseQuestion(question);
  return PATTERNS.some((pattern) => pattern.test(text));
}
