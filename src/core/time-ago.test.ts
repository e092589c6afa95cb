import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago";

const now = new Date("2026-11-21T12:00:00.000Z");
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

describe("timeAgo", () => {
  it("says 'less than a minute ago' under a minute, and for a time slightly ahead", () => {
    expect(timeAgo(ago(0), now)).toBe("less than a minute ago");
    expect(timeAgo(ago(59_999), now)).toBe("less than a minute ago");
    expect(timeAgo(ago(-5_000), now)).toBe("less than a minute ago");
  });

  it("counts whole minutes, hours, days, weeks, months and years, singular or plural", () => {
    expect(timeAgo(ago(MINUTE), now)).toBe("1 minute ago");
    expect(timeAgo(ago(5 * MINUTE + 30_000), now)).toBe("5 minutes ago");
    expect(timeAgo(ago(60 * MINUTE), now)).toBe("1 hour ago");
    expect(timeAgo(ago(2 * 60 * MINUTE), now)).toBe("2 hours ago");
    expect(timeAgo(ago(3 * 24 * 60 * MINUTE), now)).toBe("3 days ago");
    expect(timeAgo(ago(14 * 24 * 60 * MINUTE), now)).toBe("2 weeks ago");
    expect(timeAgo(ago(60 * 24 * 60 * MINUTE), now)).toBe("2 months ago");
    expect(timeAgo(ago(400 * 24 * 60 * MINUTE), now)).toBe("1 year ago");
  });

  it("accepts ISO strings", () => {
    expect(timeAgo("2026-11-21T11:00:00.000Z", now)).toBe("1 hour ago");
  });
});
