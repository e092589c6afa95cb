import { describe, expect, it } from "vitest";
import {
  dedicatedReaderEarned,
  earnedMessage,
  firstStoryEarned,
  groupLeaderEarned,
  keptDayFormatters,
  localDay,
  longestStreak,
  questionMasterEarned,
} from "./achievements";

describe("the achievement rules", () => {
  it("First Story: one completed story", () => {
    expect(firstStoryEarned(0)).toBe(false);
    expect(firstStoryEarned(1)).toBe(true);
    expect(firstStoryEarned(7)).toBe(true);
  });

  it("Question Master: 10 questions asked", () => {
    expect(questionMasterEarned(9)).toBe(false);
    expect(questionMasterEarned(10)).toBe(true);
  });

  it("Group Leader: joined or created a group", () => {
    expect(groupLeaderEarned(0)).toBe(false);
    expect(groupLeaderEarned(1)).toBe(true);
  });

  it("says what was earned", () => {
    expect(earnedMessage("dedicated_reader")).toBe("You earned the Dedicated Reader achievement! 🎉");
  });
});

describe("Dedicated Reader: 5 days in a row", () => {
  it("counts consecutive days across a month boundary", () => {
    const days = ["2026-01-29", "2026-01-30", "2026-01-31", "2026-02-01", "2026-02-02"];
    expect(longestStreak(days)).toBe(5);
    expect(dedicatedReaderEarned(days)).toBe(true);
  });

  it("counts across February's end in a leap year and across a year's end", () => {
    expect(longestStreak(["2028-02-27", "2028-02-28", "2028-02-29", "2028-03-01", "2028-03-02"])).toBe(5);
    expect(
      longestStreak(["2026-02-27", "2026-02-28", "2026-02-29", "2026-03-01", "2026-03-02"]),
    ).toBeLessThan(5);
    expect(longestStreak(["2026-12-30", "2026-12-31", "2027-01-01", "2027-01-02", "2027-01-03"])).toBe(5);
  });

  it("is broken by a missed day, whatever the order or repeats", () => {
    const days = ["2026-03-05", "2026-03-01", "2026-03-02", "2026-03-02", "2026-03-03", "2026-03-06"];
    expect(longestStreak(days)).toBe(3);
    expect(dedicatedReaderEarned(days)).toBe(false);
    expect(longestStreak([])).toBe(0);
  });

  it("reads the day in the reader's own time zone", () => {
    const lateEvening = new Date("2026-03-01T03:30:00Z");
    expect(localDay(lateEvening, "America/Chicago")).toBe("2026-02-28");
    expect(localDay(lateEvening, "Europe/London")).toBe("2026-03-01");
    expect(localDay(lateEvening, "Pacific/Auckland")).toBe("2026-03-01");
    expect(localDay(new Date("2026-03-01T12:30:00Z"), "Pacific/Auckland")).toBe("2026-03-02");
  });

  it("falls back to UTC for a time zone it does not know", () => {
    expect(localDay(new Date("2026-03-01T03:30:00Z"), "Mars/Olympus")).toBe("2026-03-01");
  });

  it("keeps one formatter per zone, however the header spells it", () => {
    const lateEvening = new Date("2026-03-01T03:30:00Z");
    localDay(lateEvening, "America/Chicago");
    const kept = keptDayFormatters();
    // Intl takes any casing and old aliases of a zone: each spelling must not keep a formatter of its own.
    const spellings = [
      "US/Central",
      "america/chicago",
      "AMERICA/CHICAGO",
      "America/CHICAGO",
      "aMeRiCa/ChIcAgO",
    ];
    for (const spelling of spellings) expect(localDay(lateEvening, spelling)).toBe("2026-02-28");
    for (let index = 0; index < 200; index++) localDay(lateEvening, `Mars/Olympus${index}`);
    expect(keptDayFormatters()).toBe(kept);
  });
});
