import { describe, expect, it } from "vitest";
import { checkLocally } from "../adapters/moderation/local";
import { safeLetters } from "./unique-name";

describe("safeLetters", () => {
  it('spells nothing moderation refuses in the first 20,000 values (with "p" it spelled "prn" at 1,306)', () => {
    const refused: string[] = [];
    for (let value = 0; value < 20_000; value++) {
      const text = `Restart check ${safeLetters(value)}`;
      if (!checkLocally(text).allowed) refused.push(text);
    }
    expect(refused).toEqual([]);
  });

  it("writes different values differently", () => {
    const written = new Set(Array.from({ length: 5_000 }, (_, value) => safeLetters(value)));
    expect(written.size).toBe(5_000);
  });
});
