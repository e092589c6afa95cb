import { describe, expect, it } from "vitest";
import { cleanTextForSpeech, SPEECH_MESSAGES, speechRequestSchema } from "./speech-text";

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
  it("names a story layer", () => {
    expect(speechRequestSchema.parse({ slug: "creation", layer: 2 })).toEqual({ slug: "creation", layer: 2 });
  });

  it("never takes the words to read", () => {
    expect(speechRequestSchema.safeParse({ text: "Say something silly" }).success).toBe(false);
    expect(speechRequestSchema.parse({ slug: "creation", layer: 1, text: "Say something silly" })).toEqual({
      slug: "creation",
      layer: 1,
    });
  });

  it("refuses a layer other than 1, 2 or 3", () => {
    for (const layer of [0, 4, 1.5, "two", undefined])
      expect(speechRequestSchema.safeParse({ slug: "creation", layer }).success, String(layer)).toBe(false);
  });

  it("refuses a missing or overlong slug, in words a child can read", () => {
    expect(speechRequestSchema.safeParse({ layer: 1 }).error?.issues[0]?.message).toBe(
      SPEECH_MESSAGES.chooseStory,
    );
    expect(speechRequestSchema.safeParse({ slug: "c".repeat(201), layer: 1 }).error?.issues[0]?.message).toBe(
      SPEECH_MESSAGES.chooseStory,
    );
  });
});
