import pino from "pino";

// The test app's logger keeps what it logs at error level or above: an error the server logged (and perhaps
// turned into a calm 500 or a quiet fallback) fails the test that caused it, as a stray console.error does.
// A test that provokes an error on purpose takes the logs it expects with `takeErrorLogs` and checks them.

export type ErrorLog = { msg?: string; err?: { message?: string; type?: string }; [field: string]: unknown };

const logged: ErrorLog[] = [];

/** A pino logger for test apps: silent below error, and every error kept for the test to account for. */
export function createTestLogger() {
  return pino(
    { level: "error" },
    {
      write(line: string) {
        logged.push(JSON.parse(line) as ErrorLog);
      },
    },
  );
}

/** The error logs since the last call, which the test now answers for. */
export function takeErrorLogs(): ErrorLog[] {
  return logged.splice(0);
}

/** Waits (up to `timeoutMs`) until error logs with each of these messages have come, and takes all of them. */
export async function takeErrorLogsOnceLogged(messages: string[], timeoutMs = 5000): Promise<ErrorLog[]> {
  const until = Date.now() + timeoutMs;
  while (!messages.every((message) => logged.some((log) => log.msg === message)) && Date.now() < until)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return takeErrorLogs();
}
