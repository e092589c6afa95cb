import { describe, expect, it } from "vitest";
import { isoWeek, knownTimeZone, localWeekTime } from "./local-week";

describe("local week", () => {
  it("numbers ISO weeks across a year's end", () => {
    expect(isoWeek("2026-11-30")).toBe("2026-W49");
    expect(isoWeek("2026-11-29")).toBe("2026-W48");
    // 1 January 2027 is a Friday: it belongs to 2026's last week; 2027-W01 starts on Monday 4 January.
    expect(isoWeek("2027-01-01")).toBe("2026-W53");
    expect(isoWeek("2027-01-04")).toBe("2027-W01");
    // 31 December 2024 is a Tuesday: already 2025-W01.
    expect(isoWeek("2024-12-31")).toBe("2025-W01");
  });

  it("reads the weekday, hour and week in the given zone, summer time included, and UTC when unknown", () => {
    const at = new Date("2026-11-30T14:10:00Z");
    expect(localWeekTime(at, "America/Chicago")).toEqual({
      weekday: 1,
      hour: 8,
      day: "2026-11-30",
      week: "2026-W49",
    });
    expect(localWeekTime(new Date("2026-06-01T13:10:00Z"), "America/Chicago")).toMatchObject({
      weekday: 1,
      hour: 8,
    });
    expect(localWeekTime(at, null)).toMatchObject({ weekday: 1, hour: 14 });
    expect(localWeekTime(at, "Mars/Olympus_Mons")).toMatchObject({ hour: 14 });
    // Sunday evening in Chicago is already Monday in Auckland.
    expect(localWeekTime(new Date("2026-11-29T20:00:00Z"), "Pacific/Auckland")).toMatchObject({
      weekday: 1,
      hour: 9,
    });
  });

  it("knows real zones and nothing else", () => {
    expect(knownTimeZone("America/Chicago")).toBe("America/Chicago");
    expect(knownTimeZone("Mars/Olympus_Mons")).toBeNull();
    expect(knownTimeZone("")).toBeNull();
    expect(knownTimeZone(undefined)).toBeNull();
  });
});
