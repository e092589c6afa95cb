// XP and level math from spec §9. The server awards XP; both sides display it with these formulas.

export const XP_PER_LEVEL = 100;

/** Level = floor(xp / 100) + 1; a new profile (0 XP) is level 1. */
export function levelForXp(xp: number): number {
  return Math.floor(Math.max(0, xp) / XP_PER_LEVEL) + 1;
}

/** XP still needed to reach the next level: 100 × level − xp. */
export function xpToNextLevel(xp: number): number {
  return XP_PER_LEVEL * levelForXp(xp) - Math.max(0, xp);
}

/** Progress through the current level as a percent (0 to <100), not rounded. */
export function levelProgressPercent(xp: number): number {
  const level = levelForXp(xp);
  return ((Math.max(0, xp) - XP_PER_LEVEL * (level - 1)) / XP_PER_LEVEL) * 100;
}

/** Width of the header XP bar in percent: xp modulo 100. */
export function xpBarPercent(xp: number): number {
  return Math.max(0, xp) % XP_PER_LEVEL;
}

/** Spec §9: XP for each finished content generation, and once per story for completing it. */
export const XP_FOR_GENERATION = 10;
export const XP_FOR_COMPLETION = 50;

/** Issue 23: a 'Check your understanding' question answered right on the first try, once per question. */
export const XP_FOR_CHECK = 5;

/** Issue 23: a memory verse reviewed right, once a day for each verse. */
export const XP_FOR_VERSE_REVIEW = 5;
