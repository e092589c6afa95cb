import { describe, expect, it } from "vitest";
import { parseInline, parseStoryText, type StoryBlock, spansText } from "./story-text";

const text = (value: string) => ({ type: "text", text: value }) as const;
const bold = (value: string) => ({ type: "bold", text: value }) as const;
const verse = (value: string) => ({ type: "verse", text: value }) as const;

const SAMPLE = `# The Prodigal Son

A father had **two sons**. The younger one asked for his share (Luke 15:11-12).

> "But while he was still far off, his father saw him, and was moved with compassion." (Luke 15:20)

## What the son learned

- He had wasted everything.
- His father still loved him.

What would you have said to your father?

Try: Write a thank-you note to someone who forgave you.
Challenge: Forgive someone this week, as in Colossians 3:13.`;

describe("parseStoryText", () => {
  it("returns no blocks for empty or blank text", () => {
    expect(parseStoryText("")).toEqual([]);
    expect(parseStoryText("  \n\n \t \n")).toEqual([]);
  });

  it("reads headings # to #### and leaves ##### and #hashtag as text", () => {
    expect(parseStoryText("# One\n## Two\n### Three\n#### Four")).toEqual([
      { type: "heading", level: 1, spans: [text("One")] },
      { type: "heading", level: 2, spans: [text("Two")] },
      { type: "heading", level: 3, spans: [text("Three")] },
      { type: "heading", level: 4, spans: [text("Four")] },
    ]);
    expect(parseStoryText("##### Five")).toEqual([{ type: "paragraph", spans: [text("##### Five")] }]);
    expect(parseStoryText("#blessed")).toEqual([{ type: "paragraph", spans: [text("#blessed")] }]);
  });

  it("joins the lines of a paragraph and splits paragraphs at blank lines", () => {
    expect(parseStoryText("The father ran\nto meet him.\n\nHe was home.")).toEqual([
      { type: "paragraph", spans: [text("The father ran to meet him.")] },
      { type: "paragraph", spans: [text("He was home.")] },
    ]);
  });

  it("reads **bold** inside a paragraph", () => {
    expect(parseStoryText("God is **always** faithful, **always**.")).toEqual([
      {
        type: "paragraph",
        spans: [text("God is "), bold("always"), text(" faithful, "), bold("always"), text(".")],
      },
    ]);
  });

  it("reads consecutive > lines as one quote, keeping the line breaks", () => {
    expect(
      parseStoryText("> The Lord is my shepherd;\n> I shall lack nothing. (Psalm 23:1)\nAfter."),
    ).toEqual([
      {
        type: "quote",
        spans: [text("The Lord is my shepherd;\nI shall lack nothing. ("), verse("Psalm 23:1"), text(")")],
      },
      { type: "paragraph", spans: [text("After.")] },
    ]);
  });

  it("highlights verse references, including numbered books, ranges and lists of verses", () => {
    expect(parseInline("Read 1 Samuel 17:45-47 and Genesis 1:1, 27 and Luke 15:20.")).toEqual([
      text("Read "),
      verse("1 Samuel 17:45-47"),
      text(" and "),
      verse("Genesis 1:1, 27"),
      text(" and "),
      verse("Luke 15:20"),
      text("."),
    ]);
  });

  it("does not take 'Level 2:30' or a clock time for a verse reference", () => {
    expect(parseInline("You reached Level 2:30 at 10:45.")).toEqual([
      text("You reached Level 2:30 at 10:45."),
    ]);
  });

  it("still finds a verse reference inside bold", () => {
    expect(parseInline("**Remember John 3:16 today**")).toEqual([
      bold("Remember "),
      verse("John 3:16"),
      bold(" today"),
    ]);
  });

  it("makes a paragraph ending in ? a question, even inside quotation marks or bold", () => {
    expect(parseStoryText("Who is my neighbor?  ")).toEqual([
      { type: "question", spans: [text("Who is my neighbor?")] },
    ]);
    expect(parseStoryText('The man asked, "Who is my neighbor?"')[0]?.type).toBe("question");
    expect(parseStoryText("**What would you do?**")[0]?.type).toBe("question");
    expect(parseStoryText("Is it? Yes, it is.")[0]?.type).toBe("paragraph");
    // A quote or a list item ending in ? stays what it is.
    expect(parseStoryText("> Am I my brother's keeper? (Genesis 4:9)")[0]?.type).toBe("quote");
    expect(parseStoryText("- Why?")[0]?.type).toBe("list");
  });

  it("reads consecutive - and * lines as one list", () => {
    expect(parseStoryText("- Pray\n* Read **Luke 15**\n- Share Luke 15:7\n\nDone.")).toEqual([
      {
        type: "list",
        items: [[text("Pray")], [text("Read "), bold("Luke 15")], [text("Share "), verse("Luke 15:7")]],
      },
      { type: "paragraph", spans: [text("Done.")] },
    ]);
  });

  it("reads Try: and Challenge: lines as actions, in any case, even inside a paragraph", () => {
    expect(
      parseStoryText("Think about it.\nTry: Say sorry.\ntry: pray **today**\nCHALLENGE:Forgive."),
    ).toEqual([
      { type: "paragraph", spans: [text("Think about it.")] },
      { type: "action", kind: "try", spans: [text("Say sorry.")] },
      { type: "action", kind: "try", spans: [text("pray "), bold("today")] },
      { type: "action", kind: "challenge", spans: [text("Forgive.")] },
    ]);
  });

  it("accepts the label in bold, as models write it", () => {
    expect(parseStoryText("**Try:** Call a friend.\n**Challenge**: Read Ruth 1:16.")).toEqual([
      { type: "action", kind: "try", spans: [text("Call a friend.")] },
      { type: "action", kind: "challenge", spans: [text("Read "), verse("Ruth 1:16"), text(".")] },
    ]);
  });

  it("does not take 'Trying:' or a Try: in the middle of a line for an action", () => {
    expect(parseStoryText("Trying: hard.")[0]?.type).toBe("paragraph");
    expect(parseStoryText("Please Try: this.")[0]?.type).toBe("paragraph");
  });

  it("never produces HTML: markup stays literal text", () => {
    expect(parseStoryText("<script>alert(1)</script> <b>hi</b>")).toEqual([
      { type: "paragraph", spans: [text("<script>alert(1)</script> <b>hi</b>")] },
    ]);
  });

  it("reads the whole sample story", () => {
    expect(parseStoryText(SAMPLE).map((block) => block.type)).toEqual([
      "heading",
      "paragraph",
      "quote",
      "heading",
      "list",
      "question",
      "action",
      "action",
    ]);
    expect(parseStoryText(SAMPLE.replaceAll("\n", "\r\n"))).toEqual(parseStoryText(SAMPLE));
  });
});

describe("parseStoryText while streaming", () => {
  it("never throws on any prefix of a story", () => {
    for (let end = 0; end <= SAMPLE.length; end++) {
      expect(() => parseStoryText(SAMPLE.slice(0, end))).not.toThrow();
    }
  });

  it("shows an unclosed ** as plain text until it is closed", () => {
    expect(parseStoryText("He was **bo")).toEqual([
      { type: "paragraph", spans: [text("He was "), text("**bo")] },
    ]);
    expect(parseStoryText("**a** and **b")).toEqual([
      { type: "paragraph", spans: [bold("a"), text(" and "), text("**b")] },
    ]);
    expect(parseStoryText("He was **bold**")).toEqual([
      { type: "paragraph", spans: [text("He was "), bold("bold")] },
    ]);
  });

  it("leaves out a heading, list item or quote whose words have not arrived yet", () => {
    expect(parseStoryText("#")).toEqual([]);
    expect(parseStoryText("Intro.\n\n## ")).toEqual([{ type: "paragraph", spans: [text("Intro.")] }]);
    expect(parseStoryText("- ")).toEqual([]);
    expect(parseStoryText(">")).toEqual([]);
    expect(parseStoryText("# Ti")).toEqual([{ type: "heading", level: 1, spans: [text("Ti")] }]);
  });

  it("shows a Try: card as soon as its label has arrived", () => {
    expect(parseStoryText("Try:")).toEqual([{ type: "action", kind: "try", spans: [] }]);
  });

  it("recognises a verse reference once its verse number arrives", () => {
    expect(parseInline("Read Luke 15")).toEqual([text("Read Luke 15")]);
    expect(parseInline("Read Luke 15:2")).toEqual([text("Read "), verse("Luke 15:2")]);
  });
});

describe("parseStoryText on long input", () => {
  /** The best of three runs: a busy machine slows a run down, never speeds it up. */
  const fastestOfThree = (text: string) =>
    Math.min(
      ...[0, 1, 2].map(() => {
        const started = performance.now();
        parseStoryText(text);
        return performance.now() - started;
      }),
    );

  it("parses 200 KB in well under 100 ms", () => {
    const big = `${SAMPLE}\n\n`.repeat(Math.ceil(200_000 / (SAMPLE.length + 2)));
    expect(big.length).toBeGreaterThanOrEqual(200_000);
    parseStoryText(SAMPLE); // warm up
    const blocks: StoryBlock[] = parseStoryText(big);
    expect(blocks.length).toBeGreaterThan(1000);
    expect(fastestOfThree(big)).toBeLessThan(100);
  });

  it("is linear on one huge paragraph full of markers", () => {
    const big = "**a** Luke 1:1 ".repeat(15_000);
    const [block] = parseStoryText(big);
    expect(block?.type).toBe("paragraph");
    expect(spansText(block?.type === "paragraph" ? block.spans : [])).toBe(big.replaceAll("**", "").trim());
    // Four times the text takes about four times as long; a quadratic parser would take sixteen.
    const quarter = "**a** Luke 1:1 ".repeat(3_750);
    expect(fastestOfThree(big) / fastestOfThree(quarter)).toBeLessThan(10);
  });
});
