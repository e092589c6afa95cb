import { XP_PER_LEVEL } from "../../../../core/xp";

/**
 * XP still to earn before a story of this difficulty opens: 100 × (difficulty − 1) − xp, the XP at which the
 * reader's level reaches the story's (level = floor(xp / 100) + 1). Never below zero.
 */
export function xpToGo(difficulty: number, xp: number): number {
  return Math.max(0, XP_PER_LEVEL * (difficulty - 1) - Math.max(0, xp));
}

/**
 * 'Reach Level 3 · 80 XP to go': how far a locked story is, on its card and on its page. Just 'Reach Level 3'
 * while the reader's XP is not known yet, rather than a wrong number.
 */
export function LevelGoal({ difficulty, xp }: { difficulty: number; xp: number | undefined }) {
  return (
    <>
      Reach Level {difficulty}
      {xp !== undefined && (
        <span className="font-normal">
          {" "}
          <span aria-hidden="true">·</span> {xpToGo(difficulty, xp)} XP to go
        </span>
      )}
    </>
  );
}
