import { describe, expect, it } from "vitest";
import {
  cleanTextForSpeech,
  SPEECH_MESSAGES,
  SPEECH_TEXT_MAX_CHARS,
  speechRequestSchema,
} from "./speech-text";

const storyLayer = `## 📖 The Son Who Came Home

Jesus told a story about a **father** and his two sons.

> "But while he was still far off, his father saw him, and was moved with compassion, and ran, and fell on his neck, and kissed him." (Luke 15:20)

### 🤔 Think about it

Why do you think the father **ran**?

#### ⚡ Try this

- Say sorry to someone today.
- Remember 1 Samuel 17:45-47 and Genesis 1:1, 27.

Try: Write the father’s words on a card.`;

describe("cleanTextForSpeech", () => {
  it("reads a story layer as plain sentences", () => {
    expect(cleanTextForSpeech(storyLayer)).toBe(
      "The Son Who Came Home. Jesus told a story about a father and his two sons. " +
        "But while he was still far off, his father saw him, and was moved with compassion, and ran, " +
        "and fell on his neck, and kissed him. (Luke 15:20) Think about it. " +
        "Why do you think the father ran? Try this. Say sorry to someone today. " +
        "Remember 1 Samuel 17:45-47 and Genesis 1:1, 27. Try: Write the father’s words on a card.",
    );
  });

  it("removes heading marks of every level and keeps a heading's own punctuation", () => {
    expect(cleanTextForSpeech("# One\n## Two?\n### Three\n#### Four!")).toBe("One. Two? Three. Four!");
    expect(cleanTextForSpeech("## **Come home.**\n### “Fear not!”")).toBe("Come home. Fear not!");
  });

  it("keeps a # that is not a heading mark", () => {
    expect(cleanTextForSpeech("Psalm #23 is a song")).toBe("Psalm #23 is a song");
  });

  it("removes bold marks but keeps the bold words", () => {
    expect(cleanTextForSpeech("God is **love** and **light**.")).toBe("God is love and light.");
  });

  it("removes quote marks at line starts, nested or not, and straight and curly double quotes", () => {
    expect(cleanTextForSpeech('> "Be strong" (Joshua 1:9)\n>> “Do not be afraid” (Isaiah 41:10)')).toBe(
      "Be strong (Joshua 1:9) Do not be afraid (Isaiah 41:10)",
    );
  });

  it("keeps apostrophes and a > inside a sentence", () => {
    expect(cleanTextForSpeech("Don't forget: 5 > 3, and it’s God’s world.")).toBe(
      "Don't forget: 5 > 3, and it’s God’s world.",
    );
  });

  it("removes the page icons and any other emoji, including joined ones", () => {
    expect(cleanTextForSpeech("📖 Read 🤔 Think ⚡ Act ❤️ 👍🏽 👨‍👩‍👧 🇬🇧 ✨")).toBe("Read Think Act");
  });

  it("keeps verse references whole", () => {
    expect(cleanTextForSpeech("**Luke 15:20** and 1 John 4:8-10")).toBe("Luke 15:20 and 1 John 4:8-10");
  });

  it("collapses whitespace and trims", () => {
    expect(cleanTextForSpeech("  In the\tbeginning\n\n\nGod   created  ")).toBe(
      "In the beginning God created",
    );
  });

  it("leaves nothing when there are only marks and icons", () => {
    expect(cleanTextForSpeech('## 📖\n\n> "" ** ⚡ 🤔\n')).toBe("");
    expect(cleanTextForSpeech("## 📖 **  ** ⚡")).toBe("");
    expect(cleanTextForSpeech("- ... ! —")).toBe("");
  });

  it("changes nothing when cleaning cleaned text", () => {
    const once = cleanTextForSpeech(storyLayer);
    expect(cleanTextForSpeech(once)).toBe(once);
  });
});

describe("speechRequestSchema", () => {
  it("hands the route the cleaned text", () => {
    expect(speechRequestSchema.parse({ text: "## **Hello** 📖" })).toEqual({ text: "Hello." });
  });

  it("refuses text that is empty after cleaning, in words a child can read", () => {
    const result = speechRequestSchema.safeParse({ text: "  ** 📖 ⚡ " });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(SPEECH_MESSAGES.nothingToRead);
  });

  it("measures the length after cleaning", () => {
    const words = "word ".repeat(SPEECH_TEXT_MAX_CHARS / 5);
    expect(speechRequestSchema.safeParse({ text: `**${words}**` }).success).toBe(true);
    const result = speechRequestSchema.safeParse({ text: `${words}and more` });
    expect(result.error?.issues[0]?.message).toBe(SPEECH_MESSAGES.tooLong);
  });

  it("refuses a missing text", () => {
    expect(speechRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(SPEECH_MESSAGES.nothingToRead);
  });
});
