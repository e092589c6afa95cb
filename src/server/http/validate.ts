import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { AppError } from "./errors";

const UNREADABLE = "That request could not be read.";

/** Whether a NUL character hides anywhere in the value: PostgreSQL text can never hold one. */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return value.includes("\u0000");
  if (depth > 8 || value === null || typeof value !== "object" || value instanceof Blob) return false;
  return Object.values(value).some((inner) => containsNul(inner, depth + 1));
}

/**
 * zValidator with our error shape: the first problem, in the schema's own (spec) words, as a 400. Input with
 * a NUL character is refused here too, for every route at once, before the database could fail on it.
 */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? UNREADABLE;
      throw new AppError("invalid_input", 400, message);
    }
    if (containsNul(result.data)) throw new AppError("invalid_input", 400, UNREADABLE);
  });
}
