import { createRequire } from "node:module";
import pino from "pino";

/** LOG_FORMAT: one JSON object a line (for a log collector), readable lines (for a person), or auto. */
export type LogFormat = "auto" | "json" | "pretty";

/**
 * auto: readable lines when a person is watching (stdout is a terminal, as with `npm start` or `npm run dev` in
 * one) and not in production; JSON everywhere else (containers, CI, tests, a file or a pipe).
 */
export function resolveLogFormat(format: LogFormat, options: { production: boolean; terminal: boolean }) {
  if (format !== "auto") return format;
  return options.terminal && !options.production ? "pretty" : "json";
}

const options = (level: string): pino.LoggerOptions => ({
  level,
  base: undefined,
  redact: ["req.headers.cookie", "password", "*.password"],
});

export function createLogger(
  level: string,
  settings: { format?: LogFormat; production?: boolean } = {},
): pino.Logger {
  const format = resolveLogFormat(settings.format ?? "json", {
    production: settings.production ?? false,
    terminal: process.stdout.isTTY === true,
  });
  if (format === "json") return pino(options(level));
  // Loaded only here, so a server writing JSON never loads the pretty-printer. Synchronous on purpose: in a
  // terminal the last lines before a crash must not be lost in a buffer.
  const pretty = createRequire(import.meta.url)("pino-pretty") as typeof import("pino-pretty");
  return pino(
    options(level),
    pretty.build({
      sync: true,
      translateTime: "SYS:HH:MM:ss.l",
      ignore: "requestId",
      // The request id leads the line, where the eye finds it when following one request.
      messageFormat: "{if requestId}[{requestId}] {end}{msg}",
    }),
  );
}
export type { Logger } from "pino";
