import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { AppError } from "./errors";

/** zValidator with our error shape: the first problem, in the schema's own (spec) words, as a 400. */
export function validate<Target extends keyof ValidationTargets, Schema extends ZodType>(
  target: Target,
  schema: Schema,
) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      const message = result.error.issues[0]?.message ?? "That request could not be read.";
      throw new AppError("invalid_input", 400, message);
    }
  });
}
