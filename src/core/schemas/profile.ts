import { z } from "zod";
import "./zod-messages";
import { MESSAGES } from "../messages";
import { usernameSchema } from "./auth";
import type { Role } from "./moderation";

export const BIO_MAX_LENGTH = 500;
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Spec §5: an empty username or bio, once trimmed, is sent (and stored) as null. */
const blankToNull = (value: unknown) => (typeof value === "string" && value.trim() === "" ? null : value);

export const profileUpdateSchema = z
  .object({
    username: z.preprocess(blankToNull, usernameSchema.nullable()).optional(),
    bio: z
      .preprocess(blankToNull, z.string().trim().max(BIO_MAX_LENGTH, MESSAGES.bioTooLong).nullable())
      .optional(),
  })
  .strict();

export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

export type Profile = {
  id: string;
  username: string | null;
  bio: string | null;
  avatarUrl: string | null;
  level: number;
  xp: number;
  createdAt: string;
  completedStories: number;
  /** Only ever the reader's own: the web shows leader tools by it; the server reads it afresh to decide. */
  role: Role;
};
