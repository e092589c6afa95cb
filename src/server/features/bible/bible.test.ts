import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIBLE_MESSAGES } from "../../../core/stories/verse-lookup";
import { call, createTestApp, signUpUser, type TestApp } from "../../test/harness";
import { defaultVersesFile } from "./verses";

const versesFile: Record<string, string> = JSON.parse(readFileSync(defaultVersesFile, "utf8"));

let t: TestApp;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  ({ cookie } = await signUpUser(t));
});
afterAll(async () => {
  await t.close();
});

const lookUp = (ref: string, signedIn = true) =>
  call(t, `/api/bible/verses?ref=${encodeURIComponent(ref)}`, signedIn ? { cookie } : {});

describe("GET /api/bible/verses", () => {
  it("is for signed-in readers only", async () => {
    const response = await lookUp("Luke 15:20", false);
    expect(response.status).toBe(401);
  });

  it("gives one verse in the World English Bible's words", async () => {
    const response = await lookUp("Luke 15:20");
    expect(response.status).toBe(200);
    expect(response.data.reference).toBe("Luke 15:20");
    expect(response.data.verses).toEqual([{ ref: "Luke 15:20", text: versesFile["Luke 15:20"] }]);
    expect(response.data.verses[0].text).toContain("ran, fell on his neck, and kissed him");
  });

  it("expands a range within a chapter", async () => {
    const response = await lookUp("1 Samuel 17:45-47");
    expect(response.status).toBe(200);
    expect(response.data.verses.map((verse: { ref: string }) => verse.ref)).toEqual([
      "1 Samuel 17:45",
      "1 Samuel 17:46",
      "1 Samuel 17:47",
    ]);
    expect(response.data.verses[0].text).toContain("in the name of Yahweh of Armies");
  });

  it("expands a list, with a range and verses named by their own chapter", async () => {
    const list = await lookUp("Genesis 6:5-7, 11");
    expect(list.data.verses.map((verse: { ref: string }) => verse.ref)).toEqual([
      "Genesis 6:5",
      "Genesis 6:6",
      "Genesis 6:7",
      "Genesis 6:11",
    ]);
    const chapters = await lookUp("Daniel 6:10, 6:16");
    expect(chapters.data.verses.map((verse: { ref: string }) => verse.ref)).toEqual([
      "Daniel 6:10",
      "Daniel 6:16",
    ]);
  });

  it("reads 'Psalms' as the library's 'Psalm'", async () => {
    const response = await lookUp("Psalms 23:1");
    expect(response.data.verses).toEqual([
      { ref: "Psalm 23:1", text: "Yahweh is my shepherd; I shall lack nothing." },
    ]);
  });

  it("answers an empty list for verses the library does not cite", async () => {
    const response = await lookUp("Obadiah 1:4");
    expect(response.status).toBe(200);
    expect(response.data).toEqual({ reference: "Obadiah 1:4", verses: [] });
  });

  it.each(["", "Luke", "Luke 15", "Luke 15:20-18", "Hezekiah 1:1", "Luke 15:20; drop table"])(
    "refuses the malformed reference '%s' with a readable message",
    async (ref) => {
      const response = await lookUp(ref);
      expect(response.status).toBe(400);
      expect(response.data.error.message).toBe(BIBLE_MESSAGES.malformed);
    },
  );

  it("refuses more than 30 verses, and ranges across chapters", async () => {
    for (const ref of ["Luke 15:1-32", "Genesis 6:5-9:17"]) {
      const response = await lookUp(ref);
      expect(response.status).toBe(400);
      expect(response.data.error.message).toBe(BIBLE_MESSAGES.tooLong);
    }
  });

  it("refuses a missing ref parameter", async () => {
    const response = await call(t, "/api/bible/verses", { cookie });
    expect(response.status).toBe(400);
    expect(response.data.error.message).toBe(BIBLE_MESSAGES.malformed);
  });
});
