import { describe, expect, it } from "vitest";
import { readingStreak } from "./streak";

const days = (...list: string[]) => list.map((day) => `2026-11-${day}`);

describe("readingStreak", () => {
  it("counts the active days of a run ending today, or yesterday while today is to come", () => {
    expect(readingStreak([], "2026-11-20")).toEqual({ days: 0, saved: false });
    expect(readingStreak(days("20"), "2026-11-20")).toEqual({ days: 1, saved: false });
    expect(readingStreak(days("17", "18", "19"), "2026-11-20")).toEqual({ days: 3, saved: false });
    expect(readingStreak(days("17", "18", "19", "20"), "2026-11-20")).toEqual({ days: 4, saved: false });
  });

  it("forgives two missed days in a week, kindly, and no more", () => {
    // One rest day yesterday: saved.
    expect(readingStreak(days("16", "17", "18", "20"), "2026-11-20")).toEqual({ days: 4, saved: true });
    // Two rest days in the week: still saved.
    expect(readingStreak(days("15", "16", "18", "20"), "2026-11-20")).toMatchObject({ days: 4 });
    // Three in a week: the run ends at the third.
    expect(readingStreak(days("10", "11", "13", "15", "17"), "2026-11-17")).toMatchObject({ days: 3 });
    // Not yet active today, and yesterday and the day before missed: kept, and said so.
    expect(readingStreak(days("16", "17"), "2026-11-20")).toEqual({ days: 2, saved: true });
    // A third day missed: over.
    expect(readingStreak(days("16", "17"), "2026-11-21")).toEqual({ days: 0, saved: false });
  });

  it("forgives again in a later week", () => {
    // A rest day on the 3rd and the 11th, more than a week apart, in 12 days.
    const run = days("01", "02", "04", "05", "06", "07", "08", "09", "10", "12");
    expect(readingStreak(run, "2026-11-12")).toEqual({ days: 10, saved: true });
  });
});
