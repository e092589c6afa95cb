import { z } from "zod";
import "./zod-messages";
import { CHECK_MESSAGES, CHECK_OPEN_MAX_LENGTH } from "../stories/checks";

// 'Check your understanding' (issue 23): the request schema; the messages, types and route shapes are in
// src/core/stories/checks.ts, which the screens import without zod.

export * from "../stories/checks";

export const checkAnswerSchema = z.union([
  z.object({
    // Any whole number: whether it is one of the question's options is the server's check (422 when not).
    option: z.number({ error: CHECK_MESSAGES.chooseAnswer }).int(CHECK_MESSAGES.chooseAnswer),
  }),
  z.object({
    text: z
      .string({ error: CHECK_MESSAGES.openRequired })
      .trim()
      .min(1, CHECK_MESSAGES.openRequired)
      .max(CHECK_OPEN_MAX_LENGTH, CHECK_MESSAGES.openTooLong),
  }),
]);
