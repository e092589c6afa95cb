import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { FAMILY_LINK_TTL_MS, type FamilyLinkKind } from "../../../core/family";
import type { Database } from "../../db/client";
import { familyLinks } from "../../db/schema";
import type { Executor } from "../../shared/award-xp";

// Families (issue 24): the links mailed to a parent (consent for a child, or an invitation to a second parent or
// guardian). The token travels only in the mail (in the link's #fragment, so no server log or Referer sees it);
// the database keeps its SHA-256, so a copy of the database opens no family. A link works once, for 7 days.

/** 32 random bytes, URL-safe: what the mail's link carries. */
const newToken = () => randomBytes(32).toString("base64url");

/** What the database keeps of a token. A forged or mistyped token simply matches nothing. */
export const hashFamilyToken = (token: string) => createHash("sha256").update(token, "utf8").digest("hex");

export type IssuedFamilyLink = { token: string; expiresAt: Date };

/** Makes a link for `parentEmail` about `childUserId`; the token is returned once, for the mail. */
export async function issueFamilyLink(
  db: Executor,
  input: { childUserId: string; parentEmail: string; kind: FamilyLinkKind; invitedBy?: string | null },
  now = new Date(),
): Promise<IssuedFamilyLink> {
  const token = newToken();
  const expiresAt = new Date(now.getTime() + FAMILY_LINK_TTL_MS);
  await db.insert(familyLinks).values({
    childUserId: input.childUserId,
    parentEmail: input.parentEmail,
    kind: input.kind,
    invitedBy: input.invitedBy ?? null,
    tokenHash: hashFamilyToken(token),
    expiresAt,
  });
  return { token, expiresAt };
}

export type FamilyLink = typeof familyLinks.$inferSelect;

/** Only a token of a plausible shape is looked up: anything else is a forged link. */
const TOKEN_SHAPE = /^[\w-]{43}$/;

const usable = (token: string, now: Date) =>
  and(
    eq(familyLinks.tokenHash, hashFamilyToken(token)),
    isNull(familyLinks.usedAt),
    gt(familyLinks.expiresAt, now),
  );

/** The link a token opens, while it is unused and unexpired (the consent page reads it before the parent agrees). */
export async function findFamilyLink(
  db: Database,
  token: string,
  now = new Date(),
): Promise<FamilyLink | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [link] = await db.select().from(familyLinks).where(usable(token, now)).limit(1);
  return link ?? null;
}

/**
 * Uses up a link: of any number of uses at once, exactly one gets the link, in the one update that marks it used
 * (in the caller's transaction, so a failure after it leaves the link unused). Null for a used, expired or forged
 * token.
 */
export async function redeemFamilyLink(
  tx: Executor,
  token: string,
  now = new Date(),
): Promise<FamilyLink | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const [link] = await tx.update(familyLinks).set({ usedAt: now }).where(usable(token, now)).returning();
  return link ?? null;
}
