import { z } from "zod";
import "./zod-messages";

/**
 * The token of a 'Confirm your email' link: Better Auth signs it as a JWT (three base64url parts), and the
 * link carries it in its fragment (`/verify-email#token=…`), which browsers never send to a server or a referrer.
 */
export const verificationTokenSchema = z
  .string()
  .max(2048)
  .regex(/^[\w-]+\.[\w-]+\.[\w-]+$/);

export const verifyEmailSchema = z.object({ token: z.string().max(2048) });
