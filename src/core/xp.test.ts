import { describe, expect, it } from "vitest";
import {
  levelForXp,
  levelProgressPercent,
  XP_FOR_CHECK,
  XP_FOR_COMPLETION,
  XP_FOR_GENERATION,
  XP_FOR_VERSE_REVIEW,
  xpBarPercent,
  xpToNextLevel,
} from "./xp";

describe("xp math (spec §9)", () => {
  it.each([
    [0, 1, 100, 0, 0],
    [1, 1, 99, 1, 1],
    [99, 1, 1, 99, 99],
    [100, 2, 100, 0, 0],
    [101, 2, 99, 1, 1],
    [199, 2, 1, 99, 99],
    [200, 3, 100, 0, 0],
    [250, 3, 50, 50, 50],
    [1234, 13, 66, 34, 34],
  ])("xp %i → level %i, %i to next, %i%% progress, bar %i%%", (xp, level, toNext, progress, bar) => {
    expect(levelForXp(xp)).toBe(level);
    expect(xpToNextLevel(xp)).toBe(toNext);
    expect(levelProgressPercent(xp)).toBeCloseTo(progress);
    expect(xpBarPercent(xp)).toBe(bar);
  });

  it("level N spans 100×(N−1) to 100×N", () => {
    for (let level = 1; level <= 20; level++) {
      expect(levelForXp(100 * (level - 1))).toBe(level);
      expect(levelForXp(100 * level - 1)).toBe(level);
      expect(levelForXp(100 * level)).toBe(level + 1);
    }
  });

  it("treats negative xp as zero", () => {
    expect(levelForXp(-5)).toBe(1);
    expect(xpToNextLevel(-5)).toBe(100);
    expect(xpBarPercent(-5)).toBe(0);
  });
});

describe("the XP each thing earns (spec §9, issue 23)", () => {
  it("is +10 a layer, +50 a story, +5 a right first answer and +5 a right verse review", () => {
    expect({ XP_FOR_GENERATION, XP_FOR_COMPLETION, XP_FOR_CHECK, XP_FOR_VERSE_REVIEW }).toEqual({
      XP_FOR_GENERATION: 10,
      XP_FOR_COMPLETION: 50,
      XP_FOR_CHECK: 5,
      XP_FOR_VERSE_REVIEW: 5,
    });
  });
});
