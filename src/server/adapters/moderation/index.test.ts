import { describe, expect, it } from "vitest";
import { createModerator } from ".";

describe("createModerator", () => {
  it("is the local check by default, even with an AI service configured", () => {
    expect(createModerator({ moderation: "local" }).provider).toBe("local");
    expect(
      createModerator({ moderation: "local", aiBaseUrl: "https://api.openai.com/v1", aiApiKey: "sk-x" })
        .provider,
    ).toBe("local");
  });

  it("asks the provider too with MODERATION=openai", () => {
    expect(
      createModerator({ moderation: "openai", aiBaseUrl: "https://api.openai.com/v1", aiApiKey: "sk-x" })
        .provider,
    ).toBe("openai");
  });

  it("refuses MODERATION=openai without an address and a key", () => {
    expect(() => createModerator({ moderation: "openai" })).toThrow(/AI_BASE_URL and AI_API_KEY/);
    expect(() => createModerator({ moderation: "openai", aiBaseUrl: "https://api.openai.com/v1" })).toThrow(
      /AI_BASE_URL and AI_API_KEY/,
    );
  });
});
