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

export function hasHouseAndStreet(text: string): boolean {
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

export const ADDRESS_PATTERNS = [
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
export const CASED_ADDRESS_PATTERNS = [
  /\b[A-Z]{1,2}\d[A-Z\d]? ?\d[ABD-HJLNP-UW-Z]{2}\b/,
  new RegExp(String.raw`\b[A-Z][A-Za-z]+(?: [A-Z][A-Za-z]+)?,? ${STATE_CODES} \d{5}(?:-\d{4})?\b`),
  /\b[Cc]orner of [A-Z][a-z]+(?: (?:St|Street|Ave|Avenue|Rd|Road))? (?:and|&) [A-Z][a-z]+/,
];
