import { describe, expect, it, vi } from "vitest";
import { createOpenStreams } from "./open-streams";

describe("an instance's open event streams", () => {
  it("replace a user's oldest past the per-user limit, and count each stream out once", () => {
    const open = createOpenStreams();
    const limits = { perUser: 2, total: 10 };
    const replaced = [vi.fn(), vi.fn(), vi.fn()];
    const leave = replaced.map((replace) => open.admit("ada", limits, replace));
    expect(replaced.map((replace) => replace.mock.calls.length)).toEqual([1, 0, 0]);
    expect(open.countOf("ada")).toBe(2);
    expect(open.count).toBe(2);
    // The replaced stream ends a moment later and counts itself out: nothing changes.
    leave[0]?.();
    expect(open.count).toBe(2);
    leave[1]?.();
    leave[1]?.();
    expect(open.count).toBe(1);
    expect(open.countOf("ada")).toBe(1);
  });

  it("refuse a new stream when the instance is full, unless it replaces one of the user's own", () => {
    const open = createOpenStreams();
    const limits = { perUser: 2, total: 3 };
    const noop = () => {};
    open.admit("ada", limits, noop);
    open.admit("ada", limits, noop);
    const bens = open.admit("ben", limits, noop);
    expect(open.admit("ben", limits, noop)).toBeUndefined();
    expect(open.admit("cal", limits, noop)).toBeUndefined();
    expect(open.count).toBe(3);
    expect(open.admit("ada", limits, noop)).toBeDefined();
    expect(open.count).toBe(3);
    bens?.();
    expect(open.admit("cal", limits, noop)).toBeDefined();
  });

  it("have no limit where a limit is 0", () => {
    const open = createOpenStreams();
    const replace = vi.fn();
    for (let index = 0; index < 50; index += 1) open.admit("ada", { perUser: 0, total: 0 }, replace);
    expect(open.count).toBe(50);
    expect(replace).not.toHaveBeenCalled();
    expect(open.admit("ben", { perUser: 5, total: 50 }, replace)).toBeUndefined();
    expect(open.admit("ada", { perUser: 5, total: 0 }, replace)).toBeDefined();
    // Past the new, lower limit, every stream beyond it is replaced at once.
    expect(replace).toHaveBeenCalledTimes(46);
    expect(open.countOf("ada")).toBe(5);
  });
});
