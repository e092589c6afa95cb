import { describe, expect, it } from "vitest";
import { POST_CONTENT_MAX_LENGTH } from "../schemas/feed";
import {
  buildShareDraftMessages,
  cleanShareDraft,
  fallbackShareDraft,
  SHARE_DRAFT_PERSONA,
  SHARE_MESSAGES,
  SHARE_NOTE_MAX_LENGTH,
  shareDraftRequestSchema,
  shareStoryRequestSchema,
} from "./share";

const GROUP_ID = "6f1c1f52-6c1e-4a43-9d0e-1c1b2f3a4b5c";

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? null : result.error?.issues[0]?.message;
}

describe("the share draft request", () => {
  it("trims the note and takes layers 1 to 3", () => {
    expect(shareDraftRequestSchema.parse({ layer: 2, note: "  God keeps his promises \n" })).toEqual({
      layer: 2,
      note: "God keeps his promises",
    });
    expect(shareDraftRequestSchema.safeParse({ layer: 4, note: "x" }).success).toBe(false);
  });

  it("refuses a blank, missing or too long note with the dialog's words", () => {
    for (const note of ["", "   \n\t", undefined])
      expect(firstMessage(shareDraftRequestSchema.safeParse({ layer: 1, note }))).toBe(
        SHARE_MESSAGES.noteRequired,
      );
    expect(
      shareDraftRequestSchema.safeParse({ layer: 1, note: "a".repeat(SHARE_NOTE_MAX_LENGTH) }).success,
    ).toBe(true);
    expect(
      firstMessage(
        shareDraftRequestSchema.safeParse({ layer: 1, note: "a".repeat(SHARE_NOTE_MAX_LENGTH + 1) }),
      ),
    ).toBe(SHARE_MESSAGES.noteTooLong);
  });
});

describe("the share request", () => {
  const valid = { layer: 1, groupId: GROUP_ID, text: " Noah trusted God 🌈 ", attachIllustration: true };

  it("trims the text and keeps the rest", () => {
    expect(shareStoryRequestSchema.parse(valid)).toEqual({ ...valid, text: "Noah trusted God 🌈" });
  });

  it("needs non-blank text within the post limit, a group id and the attach choice", () => {
    expect(firstMessage(shareStoryRequestSchema.safeParse({ ...valid, text: "  " }))).toBe(
      SHARE_MESSAGES.draftRequired,
    );
    expect(
      firstMessage(
        shareStoryRequestSchema.safeParse({ ...valid, text: "a".repeat(POST_CONTENT_MAX_LENGTH + 1) }),
      ),
    ).toBe(SHARE_MESSAGES.draftTooLong);
    for (const groupId of [undefined, "", "not-a-group"])
      expect(firstMessage(shareStoryRequestSchema.safeParse({ ...valid, groupId }))).toBe(
        SHARE_MESSAGES.groupRequired,
      );
    expect(firstMessage(shareStoryRequestSchema.safeParse({ ...valid, attachIllustration: "yes" }))).toBe(
      SHARE_MESSAGES.attachRequired,
    );
  });
});

describe("the fallback draft", () => {
  it("is the spec's template around the trimmed note", () => {
    expect(fallbackShareDraft("Noah and the Ark", "  God keeps his promises. ")).toBe(
      "Just learned something amazing from Noah and the Ark! God keeps his promises. 🙏✨",
    );
  });
});

describe("the draft messages", () => {
  it("are a system and a user message about the story, the layer and the note", () => {
    const messages = buildShareDraftMessages({
      story: { title: "Noah and the Ark", scripture: "Genesis 6-9" },
      layer: 3,
      note: "  I can trust God when it rains ",
    });
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(messages[0]?.content).toBe(SHARE_DRAFT_PERSONA);
    expect(SHARE_DRAFT_PERSONA).toMatch(/10 to 35 words/);
    expect(SHARE_DRAFT_PERSONA).toMatch(/emojis/);
    expect(messages[1]?.content).toContain("Story: Noah and the Ark (Genesis 6-9)");
    expect(messages[1]?.content).toContain("Layer 3 of 3: Life Application");
    expect(messages[1]?.content).toContain("What I learned: I can trust God when it rains\n");
  });

  it("leaves out a missing scripture reference", () => {
    const [, user] = buildShareDraftMessages({ story: { title: "Creation" }, layer: 1, note: "x" });
    expect(user?.content.split("\n")[0]).toBe("Story: Creation");
  });
});

describe("cleaning an AI draft", () => {
  it("drops the quotation marks a model wraps around its whole answer, and nothing else", () => {
    expect(cleanShareDraft('  "God keeps his promises! 🌈"\n')).toBe("God keeps his promises! 🌈");
    expect(cleanShareDraft("“Brave like David! 💪”")).toBe("Brave like David! 💪");
    expect(cleanShareDraft('He said "yes" and "amen"')).toBe('He said "yes" and "amen"');
    expect(cleanShareDraft('"Yes" and "amen"')).toBe('"Yes" and "amen"');
    expect(cleanShareDraft("God's love is big ❤️")).toBe("God's love is big ❤️");
  });
});
