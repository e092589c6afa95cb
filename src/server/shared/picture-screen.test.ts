import pino from "pino";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createNoPictureModerator,
  type PictureModerator,
  type PictureVerdict,
} from "../adapters/moderation/pictures";
import { PICTURE_REFUSED, screenPicture } from "./picture-screen";

let logs: { level: number; msg: string; [field: string]: unknown }[] = [];
beforeEach(() => {
  logs = [];
});
const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(JSON.parse(line)) });

const image = { bytes: new Uint8Array([1, 2, 3]), contentType: "image/webp" };
const context = { kind: "post", userId: "user-1", groupId: "group-1" } as const;

const answering = (verdict: PictureVerdict): PictureModerator => ({
  provider: "openai",
  check: async () => verdict,
});

describe("screenPicture", () => {
  it("passes the verdict on, and logs nothing when no model is configured", async () => {
    const pictureModerator = createNoPictureModerator();
    expect(await screenPicture({ pictureModerator, logger }, image, context)).toEqual({
      outcome: "unchecked",
      reason: "no_model",
    });
    expect(
      await screenPicture({ pictureModerator: answering({ outcome: "allowed" }), logger }, image, context),
    ).toEqual({ outcome: "allowed" });
    expect(logs).toEqual([]);
  });

  it("warns with the context when the provider could not answer", async () => {
    const pictureModerator = answering({
      outcome: "unchecked",
      reason: "unavailable",
      detail: "OpenAI API error: down",
    });
    const verdict = await screenPicture({ pictureModerator, logger }, image, context);
    expect(verdict).toMatchObject({ outcome: "unchecked", reason: "unavailable" });
    expect(logs).toEqual([
      expect.objectContaining({
        level: 40,
        msg: "picture moderation unavailable; the picture was not checked",
        kind: "post",
        userId: "user-1",
        groupId: "group-1",
        provider: "openai",
        detail: "OpenAI API error: down",
      }),
    ]);
  });

  it("treats a moderator that throws as unavailable, and warns", async () => {
    const pictureModerator: PictureModerator = {
      provider: "openai",
      check: async () => {
        throw new Error("boom");
      },
    };
    expect(await screenPicture({ pictureModerator, logger }, image, context)).toEqual({
      outcome: "unchecked",
      reason: "unavailable",
      detail: "boom",
    });
    expect(logs.map((log) => log.level)).toEqual([40]);
  });

  it("logs a flag at info, with its category, for the caller to refuse", async () => {
    const pictureModerator = answering({ outcome: "flagged", category: "sexual" });
    expect(
      await screenPicture({ pictureModerator, logger }, image, { kind: "avatar", userId: "user-2" }),
    ).toEqual({
      outcome: "flagged",
      category: "sexual",
    });
    expect(logs).toEqual([
      expect.objectContaining({ level: 30, kind: "avatar", userId: "user-2", category: "sexual" }),
    ]);
    expect(PICTURE_REFUSED).toBe("That picture can't be shared here.");
  });
});
