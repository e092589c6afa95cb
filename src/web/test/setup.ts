import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, expect, type MockInstance, vi } from "vitest";

// A stray console.error (a React warning, an unhandled failure) fails the test that caused it.
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  const calls = consoleError.mock.calls.map((args) => args.map(String).join(" "));
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  expect(calls, "console.error was called").toEqual([]);
});
