import { act, renderHook } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  celebratedLevelKey,
  holdLevelUp,
  levelUpToCelebrate,
  rememberCelebratedLevel,
  useLevelUpHeld,
} from "./level-up-watch";

afterEach(() => {
  window.localStorage.clear();
});

describe("levelUpToCelebrate", () => {
  it("seeds a user seen for the first time with their current level and celebrates nothing", () => {
    expect(levelUpToCelebrate("user-a", 4)).toBeNull();
    expect(window.localStorage.getItem(celebratedLevelKey("user-a"))).toBe("4");
    expect(levelUpToCelebrate("user-a", 4)).toBeNull();
  });

  it("celebrates a higher level until it is remembered, then never again", () => {
    levelUpToCelebrate("user-a", 1);
    expect(levelUpToCelebrate("user-a", 2)).toEqual({ fromLevel: 1, toLevel: 2 });
    // Not yet shown (held, or still loading): asked again, it is still to celebrate.
    expect(levelUpToCelebrate("user-a", 2)).toEqual({ fromLevel: 1, toLevel: 2 });
    rememberCelebratedLevel("user-a", 2);
    expect(levelUpToCelebrate("user-a", 2)).toBeNull();
    expect(levelUpToCelebrate("user-a", 3)).toEqual({ fromLevel: 2, toLevel: 3 });
  });

  it("keeps each user's level apart", () => {
    levelUpToCelebrate("user-a", 1);
    levelUpToCelebrate("user-b", 3);
    expect(levelUpToCelebrate("user-a", 3)).toEqual({ fromLevel: 1, toLevel: 3 });
    expect(levelUpToCelebrate("user-b", 3)).toBeNull();
  });

  it("shows nothing for a level that went down, and celebrates only levels above the one shown", () => {
    levelUpToCelebrate("user-a", 3);
    expect(levelUpToCelebrate("user-a", 2)).toBeNull();
    expect(levelUpToCelebrate("user-a", 3)).toBeNull();
    expect(levelUpToCelebrate("user-a", 4)).toEqual({ fromLevel: 3, toLevel: 4 });
  });

  it("remembers for the page when the browser's storage refuses", () => {
    vi.spyOn(Storage.prototype, "getItem").mockImplementation(() => {
      throw new Error("storage is off");
    });
    vi.spyOn(Storage.prototype, "setItem").mockImplementation(() => {
      throw new Error("storage is off");
    });
    expect(levelUpToCelebrate("user-private", 1)).toBeNull();
    expect(levelUpToCelebrate("user-private", 2)).toEqual({ fromLevel: 1, toLevel: 2 });
    rememberCelebratedLevel("user-private", 2);
    expect(levelUpToCelebrate("user-private", 2)).toBeNull();
  });

  it("treats a damaged stored value as a first visit", () => {
    window.localStorage.setItem(celebratedLevelKey("user-a"), "not a level");
    expect(levelUpToCelebrate("user-a", 2)).toBeNull();
    expect(window.localStorage.getItem(celebratedLevelKey("user-a"))).toBe("2");
  });
});

describe("holdLevelUp", () => {
  it("holds while any hold is kept, and each releases once, however often it is called", () => {
    const { result } = renderHook(() => useLevelUpHeld());
    expect(result.current).toBe(false);
    let releaseFirst = () => {};
    let releaseSecond = () => {};
    act(() => {
      releaseFirst = holdLevelUp();
      releaseSecond = holdLevelUp();
    });
    expect(result.current).toBe(true);
    act(() => {
      releaseFirst();
      releaseFirst();
    });
    expect(result.current).toBe(true);
    act(() => releaseSecond());
    expect(result.current).toBe(false);
  });
});
