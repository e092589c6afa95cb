import { useSyncExternalStore } from "react";

// Which level-ups are still to be celebrated, and when one may show. The server is the authority on levels;
// this only remembers, per user and per device, the last level the reader was shown, so that each new level is
// celebrated once and a reload does not celebrate it again.

const CELEBRATED_KEY_PREFIX = "lamplight:celebrated-level:";

/** Where the celebrated levels are kept when the browser's storage refuses (private modes, full disks). */
const unstoredLevels = new Map<string, number>();

export function celebratedLevelKey(userId: string): string {
  return `${CELEBRATED_KEY_PREFIX}${userId}`;
}

function readCelebratedLevel(userId: string): number | null {
  let stored: string | null;
  try {
    stored = window.localStorage.getItem(celebratedLevelKey(userId));
  } catch {
    return unstoredLevels.get(userId) ?? null;
  }
  const level = stored === null ? Number.NaN : Number.parseInt(stored, 10);
  return Number.isInteger(level) && level >= 1 ? level : null;
}

/** Records that the reader has been shown `level`, so it is not celebrated again. */
export function rememberCelebratedLevel(userId: string, level: number) {
  unstoredLevels.set(userId, level);
  try {
    window.localStorage.setItem(celebratedLevelKey(userId), String(level));
  } catch {
    // Kept in memory for this page only.
  }
}

export type LevelUp = {
  /** The level celebrated last (the one before, for a single step). */
  fromLevel: number;
  /** The reader's level now. */
  toLevel: number;
};

/**
 * What the reader's current level means for celebrations: a level-up not yet shown, or null. The first time a
 * user is seen on this device their current level is remembered and nothing is shown, so an account that
 * already has levels is not greeted for them. A level that went down (an adjustment) shows nothing either:
 * each level is celebrated once.
 */
export function levelUpToCelebrate(userId: string, level: number): LevelUp | null {
  const celebrated = readCelebratedLevel(userId);
  if (celebrated === null) {
    rememberCelebratedLevel(userId, level);
    return null;
  }
  return level > celebrated ? { fromLevel: celebrated, toLevel: level } : null;
}

// ── Holding a level-up back while another celebration has the stage ──
// Completing a story can also level the reader up: the story's XP tally shows first, and the level-up
// follows once the tally lets go, so the two never cover each other.

let holds = 0;
const holdListeners = new Set<() => void>();

function notifyHolds() {
  for (const listener of holdListeners) listener();
}

/** Keeps a level-up from showing until the returned function is called (calling it again does nothing). */
export function holdLevelUp(): () => void {
  holds += 1;
  notifyHolds();
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    notifyHolds();
  };
}

function subscribeToHolds(listener: () => void) {
  holdListeners.add(listener);
  return () => {
    holdListeners.delete(listener);
  };
}

const isHeld = () => holds > 0;

/** Whether a level-up must wait for now. */
export function useLevelUpHeld(): boolean {
  return useSyncExternalStore(subscribeToHolds, isHeld, isHeld);
}
