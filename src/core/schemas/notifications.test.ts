import { describe, expect, it } from "vitest";
import { parseMentions } from "./notifications";

describe("mentions", () => {
  it("finds each @username once, in order, ignoring emails and short names", () => {
    expect(parseMentions("Hi @Sam and @sam_2! Ask @Ruth, not me@example.com or @ab. @Ruth again")).toEqual([
      "Sam",
      "sam_2",
      "Ruth",
    ]);
    expect(parseMentions("no mentions here")).toEqual([]);
    expect(parseMentions("@@double @x_y_z")).toEqual(["x_y_z"]);
  });
});
