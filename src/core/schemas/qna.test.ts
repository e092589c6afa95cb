import { describe, expect, it } from "vitest";
import { askSchema, conversationTitle, createFolderSchema } from "./qna";

describe("a conversation's title (spec §4)", () => {
  it("is the question itself up to 50 characters", () => {
    expect(conversationTitle("  Who was Ruth?  ")).toBe("Who was Ruth?");
    expect(conversationTitle("x".repeat(50))).toBe("x".repeat(50));
  });

  it("is cut at 50 characters with '...' when longer", () => {
    expect(conversationTitle("y".repeat(51))).toBe(`${"y".repeat(50)}...`);
  });

  it("never cuts an emoji in half, nor leaves a space before the dots", () => {
    const question = `${"a".repeat(49)}🙏 and more`;
    expect(conversationTitle(question)).toBe(`${"a".repeat(49)}🙏...`);
    expect(conversationTitle(`${"b".repeat(49)} and more`)).toBe(`${"b".repeat(49)}...`);
  });

  it("keeps one line", () => {
    expect(conversationTitle("Why\n\nDavid?")).toBe("Why David?");
  });
});

describe("the Q&A schemas", () => {
  it("trim questions and refuse blank or long ones", () => {
    expect(askSchema.parse({ question: "  Hi  " }).question).toBe("Hi");
    expect(askSchema.safeParse({ question: "   " }).success).toBe(false);
    expect(askSchema.safeParse({ question: "q".repeat(1001) }).success).toBe(false);
  });

  it("take only the five folder colours", () => {
    expect(createFolderSchema.safeParse({ name: "Heroes", color: "purple" }).success).toBe(true);
    expect(createFolderSchema.safeParse({ name: "Heroes", color: "orange" }).success).toBe(false);
  });
});
