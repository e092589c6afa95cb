import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAMILY_LINK_TTL_MS } from "../../../core/family";
import { familyLinks, users } from "../../db/schema";
import { createTestApp, parallel, signUpUser, type TestApp } from "../../test/harness";
import { findFamilyLink, hashFamilyToken, issueFamilyLink, redeemFamilyLink } from "./links";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY_MS = 24 * 60 * 60 * 1000;

async function childWithLink(now = new Date()) {
  const child = await signUpUser(t);
  const link = await issueFamilyLink(
    t.db,
    { childUserId: child.id, parentEmail: "parent@example.org", kind: "consent" },
    now,
  );
  return { child, ...link };
}

describe("family links", () => {
  it("keeps only the token's hash, and opens for 7 days", async () => {
    const now = new Date("2026-11-26T10:00:00Z");
    const { child, token, expiresAt } = await childWithLink(now);
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(expiresAt.getTime() - now.getTime()).toBe(FAMILY_LINK_TTL_MS);
    const [row] = await t.db.select().from(familyLinks).where(eq(familyLinks.childUserId, child.id));
    expect(row?.tokenHash).toBe(hashFamilyToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await findFamilyLink(t.db, token, new Date(now.getTime() + 7 * DAY_MS - 1000))).toMatchObject({
      childUserId: child.id,
      parentEmail: "parent@example.org",
      kind: "consent",
    });
    expect(await findFamilyLink(t.db, token, new Date(now.getTime() + 7 * DAY_MS + 1000))).toBeNull();
  });

  it("opens nothing with a forged, mistyped or oddly shaped token", async () => {
    const { token } = await childWithLink();
    const flipped = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const forged of [flipped, "", "x".repeat(43), `${token}=`, "' or 1=1 --", "a".repeat(10_000)]) {
      expect(await findFamilyLink(t.db, forged)).toBeNull();
      expect(await redeemFamilyLink(t.db, forged)).toBeNull();
    }
  });

  it("works once: a used link opens nothing more", async () => {
    const { child, token } = await childWithLink();
    expect(await redeemFamilyLink(t.db, token)).toMatchObject({ childUserId: child.id });
    expect(await redeemFamilyLink(t.db, token)).toBeNull();
    expect(await findFamilyLink(t.db, token)).toBeNull();
  });

  it("is used exactly once when 50 uses arrive at once", async () => {
    const { token } = await childWithLink();
    const uses = await parallel(50, () => redeemFamilyLink(t.db, token));
    expect(uses.filter((link) => link !== null)).toHaveLength(1);
  });

  it("is not usable after 7 days", async () => {
    const { token } = await childWithLink(new Date(Date.now() - 7 * DAY_MS - 60_000));
    expect(await redeemFamilyLink(t.db, token)).toBeNull();
  });

  it("stays unused when the transaction that used it fails", async () => {
    const { token } = await childWithLink();
    await expect(
      t.db.transaction(async (tx) => {
        expect(await redeemFamilyLink(tx, token)).not.toBeNull();
        throw new Error("the parent's account could not be made");
      }),
    ).rejects.toThrow();
    expect(await findFamilyLink(t.db, token)).not.toBeNull();
  });

  it("goes with the child's account", async () => {
    const { child, token } = await childWithLink();
    await t.db.delete(users).where(eq(users.id, child.id));
    expect(await findFamilyLink(t.db, token)).toBeNull();
  });
});
