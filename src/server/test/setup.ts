import { afterEach, beforeEach, expect, type MockInstance, vi } from "vitest";
import { takeErrorLogs } from "./error-logs";

// A stray console.error fails the test that caused it; the server logs through pino, never the console. So does an
// error the test app logged that the test did not take and check (error-logs.ts).
let consoleError: MockInstance<typeof console.error>;
beforeEach(() => {
  takeErrorLogs(); // a file's beforeAll may have logged; those belong to no test
  consoleError = vi.spyOn(console, "error").mockImplementation(() => {});
});

afterEach(() => {
  const calls = consoleError.mock.calls.map((args) => args.map(String).join(" "));
  vi.restoreAllMocks();
  expect(calls, "console.error was called").toEqual([]);
  const errors = takeErrorLogs().map(
    (log) => `${log.msg ?? ""}${log.err?.message ? `: ${log.err.message}` : ""}`,
  );
  expect(errors, "the server logged an error the test did not expect").toEqual([]);
});
