import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_READING_SETTINGS, READING_SETTINGS_MESSAGES } from "../../../core/schemas/reading-settings";
import { profiles } from "../../db/schema";
import { call, createTestApp, signUpUser, type TestApp, type TestUser } from "../../test/harness";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const readSettings = async (user: TestUser) => {
  const response = await call(t, "/api/profile", { cookie: user.cookie });
  expect(response.status, response.text).toBe(200);
  return response.data.readingSettings;
};

const save = (user: TestUser | null, json: unknown) =>
  call(t, "/api/profile/reading-settings", { method: "PUT", cookie: user?.cookie, json });

const CHOSEN = { textSize: "largest", font: "easy-read", lineSpacing: "wide" } as const;

describe("reading settings", () => {
  it("are the default look for a new reader", async () => {
    const user = await signUpUser(t);
    expect(await readSettings(user)).toEqual(DEFAULT_READING_SETTINGS);
  });

  it("are saved, answered and read back with the profile", async () => {
    const user = await signUpUser(t);
    const response = await save(user, CHOSEN);
    expect(response.status, response.text).toBe(200);
    expect(response.data).toEqual(CHOSEN);
    expect(await readSettings(user)).toEqual(CHOSEN);
  });

  it("take the default for a field left out", async () => {
    const user = await signUpUser(t);
    await save(user, CHOSEN);
    const response = await save(user, { textSize: "large" });
    expect(response.data).toEqual({ ...DEFAULT_READING_SETTINGS, textSize: "large" });
    expect(await readSettings(user)).toEqual({ ...DEFAULT_READING_SETTINGS, textSize: "large" });
  });

  it.each([
    [{ textSize: "huge" }, READING_SETTINGS_MESSAGES.chooseTextSize],
    [{ font: "comic-sans" }, READING_SETTINGS_MESSAGES.chooseFont],
    [{ lineSpacing: 3 }, READING_SETTINGS_MESSAGES.chooseLineSpacing],
    [{ ...CHOSEN, colour: "pink" }, "That request has something we don't expect."],
  ])("refuse %j with a 400 and change nothing", async (json, message) => {
    const user = await signUpUser(t);
    await save(user, CHOSEN);
    const response = await save(user, json);
    expect(response.status).toBe(400);
    expect(response.data.error).toEqual({ code: "invalid_input", message });
    expect(await readSettings(user)).toEqual(CHOSEN);
  });

  it("refuse a body that is not an object", async () => {
    const user = await signUpUser(t);
    expect((await save(user, ["large"])).status).toBe(400);
    expect((await save(user, null)).status).toBe(400);
  });

  it("refuse a visitor with 'Not authenticated'", async () => {
    const response = await save(null, CHOSEN);
    expect(response.status).toBe(401);
    expect(response.data.error.message).toBe("Not authenticated");
  });

  it("are each reader's own: saving one reader's leaves another's alone", async () => {
    const first = await signUpUser(t);
    const second = await signUpUser(t);
    await save(first, CHOSEN);
    // No route names another reader; whatever the body says, the write is the signed-in reader's own.
    expect((await save(second, { ...CHOSEN, userId: first.id })).status).toBe(400);
    await save(second, { textSize: "large" });
    expect(await readSettings(first)).toEqual(CHOSEN);
    expect(await readSettings(second)).toEqual({ ...DEFAULT_READING_SETTINGS, textSize: "large" });
  });

  it("read a stored value this version cannot read as the defaults, field by field", async () => {
    const user = await signUpUser(t);
    await t.db
      .update(profiles)
      .set({ readingSettings: { textSize: "enormous", font: "easy-read", spacing: "double" } })
      .where(eq(profiles.id, user.id));
    expect(await readSettings(user)).toEqual({ ...DEFAULT_READING_SETTINGS, font: "easy-read" });
    await t.db.update(profiles).set({ readingSettings: "large" }).where(eq(profiles.id, user.id));
    expect(await readSettings(user)).toEqual(DEFAULT_READING_SETTINGS);
  });

  it("come with the reader's data export", async () => {
    const user = await signUpUser(t);
    await save(user, CHOSEN);
    const response = await call(t, "/api/profile/export", { cookie: user.cookie });
    expect(response.data.profile.readingSettings).toEqual(CHOSEN);
  });
});
