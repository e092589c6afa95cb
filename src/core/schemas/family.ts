import { z } from "zod";
import "./zod-messages";
import type { FamilyPermissions } from "../family";
import { emailSchema, passwordSchema } from "./auth";

// Families (issue 24): what the family routes take. Their answers are typed below, for the web's screens.

export const familyPermissionsSchema = z.object({
  groups: z.boolean(),
  aiHelper: z.boolean(),
  media: z.boolean(),
  // Added after the first families agreed: their stored switches have no word on it, which reads as off.
  notifications: z.boolean().default(false),
}) satisfies z.ZodType<FamilyPermissions>;

/** A consent or invitation link's token, as the mail's `#token=` carries it. */
export const familyTokenSchema = z.string().min(1).max(200);

/** 'I agree' on the consent page: the switches (a consent for a child under 13) and the link's token. */
export const agreeSchema = z.object({
  token: familyTokenSchema,
  permissions: familyPermissionsSchema.optional(),
});

/** 'No, delete this account' on the consent page. */
export const declineSchema = z.object({ token: familyTokenSchema });

/** A parent's own account, made on the consent page: email and password, nothing else. */
export const parentSignUpSchema = z.object({ email: emailSchema, password: passwordSchema });

/** 'Reset password' for a child: the parent sets the new one (children have no email). */
export const childPasswordSchema = z.object({ newPassword: passwordSchema });

/** 'Delete my child's account' asks for the parent's own password. */
export const deleteChildSchema = z.object({ password: z.string().min(1).max(128) });

/** 'Add a parent or guardian' (a parent) and 'Add a parent' (a teen): the address the link goes to. */
export const inviteParentSchema = z.object({ email: emailSchema });

export const childParamsSchema = z.object({ childId: z.string().min(1).max(100) });

/** What the waiting screen shows. */
export type WaitingStatus = { maskedEmail: string };

/** What the consent page shows before the parent agrees. */
export type FamilyLinkPreview = {
  kind: "consent" | "invitation";
  child: { username: string };
  /** A consent for a child under 13 comes with the switches; an invitation or a teen's link has none. */
  withSwitches: boolean;
  /** The address the link was sent to, masked, so the parent sees it reached the right inbox. */
  maskedEmail: string;
};

/** One card of 'Your family'. */
export type FamilyChild = {
  id: string;
  username: string;
  avatarUrl: string | null;
  ageBand: string;
  level: number;
  xp: number;
  layersRead: number;
  storiesCompleted: number;
  achievements: { id: string; name: string }[];
  groups: string[];
  /** YYYY-MM-DD, the last day they read or practised; null before any. */
  lastActiveDay: string | null;
  /** Null for a teen: a teen's parent sees, and does not switch. */
  permissions: FamilyPermissions | null;
  /** Every parent or guardian linked, by email (this one included). */
  parents: string[];
};

/** What a teen's profile shows under 'Add a parent'. */
export type LinkedParents = { parents: string[]; invited: string[] };
