import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, expect, type MockInstance, vi } from "vitest";

// Menus and dialogs load their code on first use (React.lazy); on a busy two-core machine the first load in a test
// file can take longer than Testing Library's default second, so a findBy waits up to five.
configure({ asyncUtilTimeout: 5_000 });

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
