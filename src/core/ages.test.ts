import { describe, expect, it } from "vitest";
import { ageThisYear, readerAgeGroup } from "./ages";

describe("readerAgeGroup", () => {
  const now = new Date("2026-11-26T12:00:00Z");

  it("is a child until the year they turn 13, then a teen", () => {
    expect(ageThisYear(2016, now)).toBe(10);
    expect(readerAgeGroup(2019, now)).toBe("child");
    expect(readerAgeGroup(2014, now)).toBe("child");
    expect(readerAgeGroup(2013, now)).toBe("teen");
    expect(readerAgeGroup(2008, now)).toBe("teen");
  });

  it("counts a reader without a birth year as 13 or older", () => {
    expect(readerAgeGroup(null, now)).toBe("teen");
    expect(readerAgeGroup(undefined, now)).toBe("teen");
  });
});
