import { YOU, YOUR } from "./pronouns";

/** The grown-ups and family a child is told to keep things from. */
const TRUSTED =
  "(?:parents|parent|mum|mom|mommy|mummy|mama|dad|daddy|papa|family|folks|leader|leaders|teacher|teachers|pastor|grandma|grandpa|nan|nana|gran|granny|grandparents|sister|brother|sis|bro|guardian|carer|aunt|auntie|uncle|grown ?ups|adults)";
const ADULTS_AT_HOME = "(?:parents|mum|mom|mommy|mummy|dad|daddy|family|folks)";
/** Places to meet away from church and home: "let's hang at the mall", "see you at the park". */
const PLACES =
  "(?:park|mall|playground|beach|pool|swimming pool|cinema|movies|movie theater|movie theatre|arcade|skatepark|skate park|bus stop|bus station|train station|station|shop|shops|store|mcdonalds|mcds|maccies|starbucks|library|woods|forest|river|lake|field|fields|car park|parking lot|bridge|gas station|corner shop|alley|gym|rec center|rec centre|leisure centre|bowling alley|ice rink|funfair|fair|carnival|zoo|cafe|diner|food court|underpass|barn|garage|treehouse|tree house|basement|shed|hotel|motel|my place|my house|my home|my room|my flat|my apartment|my car|(?:your|ur|yr) (?:place|house|home|room|flat))";
const SUGGEST = `(?:lets|let us|wanna|want to|we should|should we|can we|could we|we could|shall we|we can|${YOU} wanna|${YOU} want to|do ${YOU} want to|how about we|why dont we)`;

export const MEETUP_PATTERNS = [
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
