import { describe, expect, it } from "vitest";
import type { ModerationCategory } from "../../../core/schemas/moderation";
import { loadLibrary } from "../../features/stories/library";
import { checkLocally, createLocalModerator } from "./local";

const BLOCKED: [text: string, category: ModerationCategory][] = [
  // phone
  ["call me on 555-123-4567", "phone"],
  ["my number is (555) 123 4567", "phone"],
  ["text 07700 900123 after school", "phone"],
  ["+44 7700 900123", "phone"],
  ["ring me +1 555.123.4567", "phone"],
  ["5551234567", "phone"],
  ["5 5 5 1 2 3 4 5 6 7", "phone"],
  ["five five five one two three four", "phone"],
  ["what's your phone number?", "phone"],
  ["sam_5551234567", "phone"],
  // email
  ["email me sam.jones@example.com", "email"],
  ["it's sam at gmail dot com", "email"],
  ["sam (at) yahoo (dot) co (dot) uk", "email"],
  ["sam at hotmail", "email"],
  ["sam @ outlook . com", "email"],
  ["whats ur email", "email"],
  // address
  ["I live at 123 Main Street", "address"],
  ["come find 42 Oak Ave", "address"],
  ["221b Baker St.", "address"],
  ["we moved to 7 Willow Crescent", "address"],
  ["Apt 4B", "address"],
  ["my address is on the card", "address"],
  ["I live at number twelve", "address"],
  ["my postcode is near the church", "address"],
  ["SW1A 1AA", "address"],
  // social
  ["@sam_rocks on insta", "social"],
  ["my snap is samrocks", "social"],
  ["add me on tiktok", "social"],
  ["add me on Discord", "social"],
  ["follow me on instagram!!", "social"],
  ["message me on whatsapp", "social"],
  ["whats your snap", "social"],
  ["my roblox username is sam_2014", "social"],
  ["instagram.com/sam", "social"],
  ["join discord.gg/abc123", "social"],
  ["sam#1234", "social"],
  ["insta: @samrocks", "social"],
  // meetup
  ["meet me at the park after school", "meetup"],
  ["let's meet up on Saturday", "meetup"],
  ["wanna hang out irl?", "meetup"],
  ["come to my house tomorrow", "meetup"],
  ["where do you live?", "meetup"],
  ["where do u live", "meetup"],
  ["what school do you go to", "meetup"],
  ["what's your address", "meetup"],
  ["don't tell your parents", "meetup"],
  // language
  ["what the fuck", "language"],
  ["this is sh1t", "language"],
  ["F U C K", "language"],
  ["s.h.i.t", "language"],
  ["you're a b!tch", "language"],
  ["FUUUUCK", "language"],
  ["you are an asshole", "language"],
  ["dumbass", "language"],
  ["kiss my ass", "language"],
  ["goddamn it", "language"],
  ["oh god damn", "language"],
  ["go kill yourself", "language"],
  ["wtf", "language"],
  ["send nudes", "language"],
  ["kys", "language"],
  ["kid_sexy", "language"],
  ["porn", "language"],
  ["retarded", "language"],
  ["you're a whore", "language"],
  ["piss off", "language"],
];

const ALLOWED = [
  // references, times, numbers
  "John 3:16",
  "Psalm 23",
  "Genesis 1:1-3",
  "Read Luke 2:1-20 and Matthew 5:3-12",
  "John 3.16",
  "We meet at 3:30 on Sunday",
  "It starts at 10.30",
  "In 2026 I turn 12",
  "2024 2025 2026",
  "5000 people ate bread and fish",
  "Jesus fed 5,000 men",
  "40 days and 40 nights",
  "Jesus chose 12 disciples",
  "one two three four five six seven",
  "1 2 3 4 5 6 7 8",
  "a million is 1000000",
  "my birthday is 12/05/2014",
  "It's a 10 minute drive to church",
  "There were 5000 people on the road",
  "Jesus is the way",
  "1 Corinthians 13 St Paul wrote about love",
  "I got 100% on my test",
  "pray 24/7",
  // @mentions and everyday chat
  "@sam great post",
  "@sam_rocks I loved your drawing! @mia too",
  "thanks @joe. see you Sunday",
  "Jesus wants to meet me right where I am",
  "We meet at church every Sunday",
  "I live at home with my mum and dad",
  "I played roblox with my brother",
  "my roblox house is huge",
  "I love playing Minecraft",
  "This is so cool!! 🙏✨",
  "Look at me dot dot dot",
  "I was at home. Me and my sister read the story",
  "My x is 5 in the maths game",
  "Let's meet Zacchaeus in today's story",
  // Bible words and stories
  "Goliath was a giant",
  "The assassin missed",
  "Scunthorpe United",
  "Jesus wept",
  "the ass spoke to Balaam",
  "Balaam saddled his ass",
  "the gates of hell will not prevail against it",
  "What does damned mean?",
  "the tax collector beat his breast",
  "the virgin Mary",
  "circumcision",
  "Rahab the harlot",
  "Rahab the prostitute hid the spies",
  "The spies left Shittim for Jericho",
  "mint, dill and cumin",
  "before the cock crows you will deny me three times",
  "Nineveh was a great city of Assyria",
  "Hadassah, that is, Esther",
  "Titus and Timothy",
  "Passover lamb",
  "Manasseh and Ephraim",
  "Adam and Eve were naked and not ashamed",
  "Sodom and Gomorrah",
  "The eunuch was baptised",
  "sexual immorality",
  "Peter said, Lord, where do we go? You have the words of eternal life",
];

describe("local moderator", () => {
  it("is the embedded provider", () => {
    expect(createLocalModerator().provider).toBe("local");
  });

  it.each(BLOCKED)("refuses %j as %s", async (text, category) => {
    expect(await createLocalModerator().check(text)).toEqual({ allowed: false, category });
  });

  it.each(ALLOWED)("lets %j through", async (text) => {
    expect(await createLocalModerator().check(text)).toEqual({ allowed: true });
  });

  it("lets every story of the library through, paragraph by paragraph", async () => {
    const refused: string[] = [];
    for (const story of await loadLibrary()) {
      const texts = [
        story.title,
        story.blurb,
        ...story.layers.flatMap((layer) => [layer.prompt, layer.text]),
      ];
      for (const paragraph of texts.flatMap((text) => text.split(/\n\s*\n/))) {
        const verdict = checkLocally(paragraph);
        if (!verdict.allowed) refused.push(`${story.slug} (${verdict.category}): ${paragraph.slice(0, 120)}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
