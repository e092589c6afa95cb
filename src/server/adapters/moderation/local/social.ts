import { YOU, YOUR } from "./pronouns";

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

export const SOCIAL_PATTERNS = [
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
