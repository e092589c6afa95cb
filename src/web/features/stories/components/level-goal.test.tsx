import { describe, expect, it } from "vitest";
import { xpToGo } from "./level-goal";

describe("XP to go", () => {
  it("is 100 × (difficulty − 1) − xp, never below zero", () => {
    expect(xpToGo(3, 120)).toBe(80);
    expect(xpToGo(2, 0)).toBe(100);
    expect(xpToGo(2, 99)).toBe(1);
    expect(xpToGo(2, 100)).toBe(0);
    expect(xpToGo(5, 250)).toBe(150);
  });
});
