import { type ComponentType, useEffect, useRef, useState } from "react";
import { XP_PER_LEVEL } from "../../../../core/xp";
import { useProfile } from "../api/get-profile";
import type { LevelUpMomentProps } from "./level-up-moment";
import { type LevelUp, levelUpToCelebrate, rememberCelebratedLevel, useLevelUpHeld } from "./level-up-watch";

/**
 * A short pause between the reader's action and the moment: a celebration that arrives with the same answer
 * (the story's XP tally) claims the stage first, and the level-up does not jump in mid-click.
 */
export const LEVEL_UP_DELAY_MS = 400;

// The moment brings Radix and the stories list, which no page needs to show itself: it loads when a new level
// is reached.
const loadLevelUpMoment = () => import("./level-up-moment");

/** How often the moment's code is asked for before the level is left to the header alone. */
const MOMENT_LOAD_ATTEMPTS = 3;

type PendingLevelUp = LevelUp & { userId: string; fromXp: number; xp: number };

/**
 * Watches the reader's level wherever the server's answers put it (a layer written, a story completed, the
 * profile read afresh) and shows the level-up moment once per new level. Mounted once, in the signed-in layout.
 */
export function LevelUpCelebration() {
  const { data: profile } = useProfile();
  const held = useLevelUpHeld();
  const [pending, setPending] = useState<PendingLevelUp | null>(null);
  const [showing, setShowing] = useState(false);
  const [Moment, setMoment] = useState<ComponentType<LevelUpMomentProps> | null>(null);
  const [loadAttempt, setLoadAttempt] = useState(1);
  // The XP this page saw last, so the count starts where the reader last saw it.
  const lastSeen = useRef<{ userId: string; xp: number } | null>(null);

  const userId = profile?.id;
  const level = profile?.level;
  const xp = profile?.xp;

  useEffect(() => {
    if (userId === undefined || level === undefined || xp === undefined) return;
    const previousXp = lastSeen.current?.userId === userId ? lastSeen.current.xp : null;
    lastSeen.current = { userId, xp };
    const levelUp = levelUpToCelebrate(userId, level);
    if (!levelUp) return;
    const levelStart = XP_PER_LEVEL * (levelUp.toLevel - 1);
    const fromXp = previousXp !== null && previousXp < xp ? previousXp : Math.min(levelStart, xp);
    setPending((current) => ({
      ...levelUp,
      userId,
      // More XP while the moment waits keeps the count's start and raises its end.
      fromXp: current?.userId === userId ? current.fromXp : fromXp,
      xp,
    }));
  }, [userId, level, xp]);

  useEffect(() => {
    if (!pending || Moment) return;
    let cancelled = false;
    let retry: ReturnType<typeof setTimeout> | undefined;
    loadLevelUpMoment().then(
      (module) => {
        if (!cancelled) setMoment(() => module.LevelUpMoment);
      },
      (error: unknown) => {
        // A dropped connection may come back; a deployment that replaced the code never will, so a few tries.
        if (cancelled) return;
        if (loadAttempt < MOMENT_LOAD_ATTEMPTS)
          retry = setTimeout(() => setLoadAttempt(loadAttempt + 1), 2000);
        else console.warn("The level-up moment could not load", error);
      },
    );
    return () => {
      cancelled = true;
      clearTimeout(retry);
    };
  }, [pending, Moment, loadAttempt]);

  useEffect(() => {
    if (!pending || showing || held) return;
    const timer = setTimeout(() => setShowing(true), LEVEL_UP_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending, showing, held]);

  // Remembered as it shows: a reload, or another tab, does not celebrate this level again.
  useEffect(() => {
    if (pending && showing) rememberCelebratedLevel(pending.userId, pending.toLevel);
  }, [pending, showing]);

  if (!pending || !showing || !Moment) return null;
  return (
    <Moment
      key={pending.toLevel}
      fromLevel={pending.fromLevel}
      level={pending.toLevel}
      fromXp={pending.fromXp}
      xp={pending.xp}
      onClose={() => {
        setShowing(false);
        setPending(null);
      }}
    />
  );
}
