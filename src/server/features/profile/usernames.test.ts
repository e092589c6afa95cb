import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../core/messages";
import { canonicalUsername, USERNAME_MESSAGES } from "../../../core/usernames";
import { profiles, users } from "../../db/schema";
import { call, createTestApp, signUpUser, type TestApp, type TestUser } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rename = (user: TestUser, username: string) =>
  call(t, "/api/profile", { method: "PATCH", cookie: user.cookie, json: { username } });

describe("changing one's username", () => {
  it.each(["admin", "Moderator_7", "lamplight_support", "_staff_", "m0d"])(
    "refuses the reserved %s and keeps the old name",
    async (username) => {
      const user = await signUpUser(t);
      const response = await rename(user, username);
      expect(response.status).toBe(400);
      expect(response.data.error.message).toBe(USERNAME_MESSAGES.reserved);
      expect((await call(t, "/api/profile", { cookie: user.cookie })).data.username).toBe(user.username);
    },
  );

  it("refuses a look-alike of someone else's name, and allows one's own in another spelling", async () => {
    await signUpUser(t, { username: "noah_ark" });
    const other = await signUpUser(t);
    const refused = await rename(other, "N0AH__ARK_");
    expect(refused.status).toBe(409);
    expect(refused.data.error.message).toBe("That username is too close to someone else's.");
    expect((await rename(other, "NOAH_ARK")).data.error.message).toBe(MESSAGES.usernameTaken);

    const jonah = await signUpUser(t, { username: "jonah_whale" });
    const respelled = await rename(jonah, "J0NAH_WHALE");
    expect(respelled.status).toBe(200);
    expect(respelled.data.username).toBe("J0NAH_WHALE");
  });

  it("gives a name to one of two look-alike renames made at once", async () => {
    const [first, second] = [await signUpUser(t), await signUpUser(t)];
    const responses = await Promise.all([rename(first, "caleb_spy"), rename(second, "CA1EB__SPY")]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const rows = await t.db
      .select({ canonical: profiles.usernameCanonical })
      .from(profiles)
      .where(eq(profiles.usernameCanonical, "caieb_spy"));
    expect(rows).toHaveLength(1);
  });
});

describe("the canonical form in the database", () => {
  it("is what src/core computes, for any name a username may be", async () => {
    const names = [
      "KID__0NE_",
      "kid_one",
      "___",
      "lL1iI_0oO",
      ...fc.sample(fc.stringMatching(/^\w{1,24}$/), { numRuns: 400, seed: 17 }),
    ];
    const result = await t.db.execute(
      sql`select name, username_canonical(name) as canonical
          from jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) as name`,
    );
    // Both drivers answer with the rows under `rows`.
    const { rows } = result as unknown as { rows: { name: string; canonical: string }[] };
    const fromDatabase = new Map(rows.map((row) => [row.name, row.canonical]));
    for (const name of names) expect(fromDatabase.get(name), name).toBe(canonicalUsername(name));
  });

  it("is kept by every profile made at sign-up", async () => {
    const user = await signUpUser(t, { username: "Hannah__Prays_" });
    const row = await t.db.query.profiles.findFirst({ where: eq(profiles.id, user.id) });
    expect(row?.usernameCanonical).toBe("hannah_prays");
  });
});

describe("migration 0010 on the accounts made before it", () => {
  const migration = readFileSync(
    new URL("../../db/migrations/0010_username_canonical.sql", import.meta.url),
    "utf8",
  );
  /** The migration's data statements, run again on rows made as they were before it. */
  const dataStatements = migration
    .split("--> statement-breakpoint")
    .map((statement) => statement.replace(/^\s*--.*$/gm, "").trim())
    .filter((statement) => statement.startsWith("UPDATE"));

  it("lets the oldest of two look-alikes keep the canonical form, and counts leaders and admins confirmed", async () => {
    const app = await createTestApp();
    try {
      const account = (id: string, at: string) => ({
        id,
        name: id,
        email: `${id}@example.com`,
        createdAt: new Date(at),
      });
      await app.db
        .insert(users)
        .values([
          account("old-kid", "2026-01-01T00:00:00Z"),
          account("new-kid", "2026-02-01T00:00:00Z"),
          account("old-leader", "2026-01-05T00:00:00Z"),
          account("old-admin", "2026-01-06T00:00:00Z"),
        ]);
      // As the rows were before the column: no canonical form, and nobody's address confirmed.
      await app.db.insert(profiles).values([
        { id: "old-kid", username: "kid_one", createdAt: new Date("2026-01-01T00:00:00Z") },
        { id: "new-kid", username: "KID_0NE", createdAt: new Date("2026-02-01T00:00:00Z") },
        {
          id: "old-leader",
          username: "sam_leads",
          role: "leader",
          createdAt: new Date("2026-01-05T00:00:00Z"),
        },
        {
          id: "old-admin",
          username: "pat_admin",
          role: "admin",
          createdAt: new Date("2026-01-06T00:00:00Z"),
        },
      ]);
      expect(dataStatements).toHaveLength(2);
      for (const statement of dataStatements) await app.db.execute(sql.raw(statement));

      const canonical = await app.db
        .select({ id: profiles.id, canonical: profiles.usernameCanonical })
        .from(profiles)
        .orderBy(profiles.id);
      expect(canonical).toEqual([
        { id: "new-kid", canonical: null },
        { id: "old-admin", canonical: "pat_admin" },
        { id: "old-kid", canonical: "kid_one" },
        { id: "old-leader", canonical: "sam_ieads" },
      ]);
      const confirmed = await app.db
        .select({ id: users.id, emailVerified: users.emailVerified })
        .from(users)
        .orderBy(users.id);
      expect(confirmed).toEqual([
        { id: "new-kid", emailVerified: false },
        { id: "old-admin", emailVerified: true },
        { id: "old-kid", emailVerified: false },
        { id: "old-leader", emailVerified: true },
      ]);
      // Both old names stay, and a third look-alike is refused.
      const third = await call(app, "/api/auth/sign-up/email", {
        json: {
          email: "third@example.com",
          password: "Lamp-river-2026",
          username: "k1d__one",
          birthYear: 2000,
        },
      });
      expect(third.status).toBe(409);
      expect(third.data.error.message).toBe(USERNAME_MESSAGES.tooClose);
    } finally {
      await app.close();
    }
  });
});
