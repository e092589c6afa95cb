// The child's extra direction: the words the library knows change the scene; the rest change nothing.
import { describe, expect, it } from "vitest";
import { applyDirection } from "./direction";
import { type IllustrationScene, illustrationSceneSchema } from "./scene-schema";

const ark: IllustrationScene = illustrationSceneSchema.parse({
  caption: "Noah's ark with the animals two by two.",
  setting: "hills",
  time: "day",
  sky: ["sun"],
  people: [
    { who: "Noah", pose: "arms-open", at: [0.2, "near"] },
    { who: "Noah's wife", pose: "praying", head: "veil", at: [0.4, "mid"] },
  ],
  animals: [{ kind: "sheep", count: 2, at: [0.4, "near"] }],
  things: [{ kind: "ark", at: [0.5, "far"] }],
});

describe("the direction reader", () => {
  it("leaves the scene as it is without a direction, or with words it does not know", () => {
    expect(applyDirection(ark, undefined)).toBe(ark);
    expect(applyDirection(ark, "   ")).toBe(ark);
    expect(applyDirection(ark, "make it feel wonderful and full of hope")).toEqual(ark);
  });

  it("adds a rainbow, the animals it names and makes the big thing bigger", () => {
    const drawn = applyDirection(ark, "the big ark with giraffes and elephants and a rainbow");
    expect(drawn.sky).toContain("rainbow");
    expect(drawn.animals.map((animal) => animal.kind)).toEqual(["sheep", "giraffe", "elephant"]);
    expect(drawn.animals.find((animal) => animal.kind === "giraffe")?.count).toBe(2);
    expect(drawn.things[0]?.size).toBeCloseTo(1.25);
    // The scene it was given is not changed.
    expect(ark.sky).toEqual(["sun"]);
    expect(ark.things[0]?.size).toBeUndefined();
  });

  it("turns day to night with the moon and stars, or to sunset and morning", () => {
    const night = applyDirection(ark, "at night");
    expect(night.time).toBe("night");
    expect(night.sky).toEqual(["moon", "stars"]);
    expect(applyDirection(ark, "at sunset").time).toBe("dusk");
    expect(applyDirection(ark, "early morning").time).toBe("dawn");
    expect(applyDirection(ark, "lots of stars").time).toBe("night");
  });

  it("adds more of the animals already there, or more animals of every kind", () => {
    expect(applyDirection(ark, "more sheep").animals[0]?.count).toBe(4);
    const more = applyDirection(ark, "more animals please");
    expect(more.animals[0]?.count).toBe(4);
    const empty = applyDirection({ ...ark, animals: [] }, "more animals");
    expect(empty.animals.length).toBeGreaterThan(0);
  });

  it("makes the person it names smile, or everyone when it names no one", () => {
    const noah = applyDirection(ark, "Noah smiling");
    expect(noah.people.map((person) => person.expression)).toEqual(["joy", "joy"]);
    const named = applyDirection(
      {
        ...ark,
        people: [
          { ...(ark.people[0] as IllustrationScene["people"][number]), who: "Daniel" },
          ...ark.people.slice(1),
        ],
      },
      "Daniel smiling",
    );
    expect(named.people.map((person) => person.expression)).toEqual(["joy", "smile"]);
    expect(applyDirection(ark, "everyone happy").people.every((person) => person.expression === "joy")).toBe(
      true,
    );
  });

  it("takes away what the child says no to", () => {
    expect(applyDirection({ ...ark, sky: ["rain", "sun"] }, "no rain").sky).toEqual(["sun"]);
    expect(applyDirection(ark, "without sheep").animals).toEqual([]);
    expect(applyDirection(ark, "not at night").time).toBe("day");
  });

  it("adds rain, a storm, doves and things it knows", () => {
    const drawn = applyDirection(ark, "rain and a storm, a dove, palm trees and flowers");
    expect(drawn.sky).toEqual(expect.arrayContaining(["rain", "storm"]));
    expect(drawn.animals.find((animal) => animal.kind === "dove")?.lift).toBeGreaterThan(0);
    expect(drawn.things.map((thing) => thing.kind)).toEqual(expect.arrayContaining(["palm", "flowers"]));
  });
});
