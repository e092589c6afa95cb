import { afterEach, beforeEach, expect, type MockInstance, vi } from "vitest";

// A stray console.error fails the test that caused it; the server logs through pino, never the console.
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  const calls = consoleError.mock.calls.map((args) => args.map(String).join(" "));
  vi.restoreAllMocks();
  expect(calls, "console.error was called").toEqual([]);
});
