import { describe, expect, it } from "vitest";
import { needsTrustedAdult, normaliseQuestion, TRUSTED_ADULT_ANSWER } from "./trusted-adult";
import { HARMLESS_QUESTIONS as HARMLESS, RISKY_QUESTIONS as RISKY } from "./trusted-adult-cases";

describe("needsTrustedAdult", () => {
  it("has enough cases to mean something", () => {
    expect(RISKY.length).toBeGreaterThanOrEqual(30);
    expect(HARMLESS.length).toBeGreaterThanOrEqual(30);
  });

  it.each(RISKY)("flags %j", (question) => {
    expect(needsTrustedAdult(question)).toBe(true);
  });

  it.each(HARMLESS)("does not flag %j", (question) => {
    expect(needsTrustedAdult(question)).toBe(false);
  });

  it("sees through stretched letters, capitals and missing apostrophes", () => {
    expect(needsTrustedAdult("I WANT TO KIIIILL MYSELF")).toBe(true);
    expect(needsTrustedAdult("i dont wanna liiive")).toBe(true);
    expect(needsTrustedAdult("im not safe at hoooome")).toBe(true);
    expect(needsTrustedAdult("I’m scared to go home")).toBe(true);
  });

  it("never flags an empty question", () => {
    expect(needsTrustedAdult("")).toBe(false);
    expect(needsTrustedAdult("   ")).toBe(false);
  });
});

describe("normaliseQuestion", () => {
  it("lower-cases, drops apostrophes and squeezes repeated letters", () => {
    expect(normaliseQuestion("I DON'T  feeeel   safe!!")).toBe(" i dont fel safe ");
  });
});

describe("TRUSTED_ADULT_ANSWER", () => {
  it("points to a parent, a leader and emergency help, kindly and briefly", () => {
    expect(TRUSTED_ADULT_ANSWER).toMatch(/you matter/i);
    expect(TRUSTED_ADULT_ANSWER).toMatch(/parent/);
    expect(TRUSTED_ADULT_ANSWER).toMatch(/church leader/);
    expect(TRUSTED_ADULT_ANSWER).toMatch(/grown-up you trust/);
    expect(TRUSTED_ADULT_ANSWER).toMatch(/911/);
    expect(TRUSTED_ADULT_ANSWER).toMatch(/local emergency number/);
    expect(TRUSTED_ADULT_ANSWER.split(/\s+/).length).toBeLessThan(80);
  });

  it("asks nothing and quotes no verse", () => {
    expect(TRUSTED_ADULT_ANSWER).not.toContain("?");
    expect(TRUSTED_ADULT_ANSWER).not.toMatch(/\d+:\d+/);
  });
});
