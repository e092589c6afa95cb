import { YOUR } from "./pronouns";

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
export const EMAIL_PATTERNS = [
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
