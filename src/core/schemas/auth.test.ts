import { describe, expect, it } from "vitest";
import { FAMILY_MESSAGES } from "../family";
import { MESSAGES } from "../messages";
import { newPasswordError, passwordChecklist, resetTokenSchema, signUpSchema } from "./auth";
import { profileUpdateSchema } from "./profile";

describe("sign-up schema", () => {
  it("normalises the email and accepts word-character usernames", () => {
    const parsed = signUpSchema.parse({
      birthYear: 2000,
      email: " Kid@Example.COM ",
      password: "secret1",
      username: "sam_7",
    });
    expect(parsed.email).toBe("kid@example.com");
    expect(parsed.kind).toBe("own");
  });

  it("asks a reader under 13 for a parent's email and never keeps one of their own", () => {
    const childYear = new Date().getUTCFullYear() - 9;
    const child = signUpSchema.parse({
      birthYear: childYear,
      parentEmail: " Mum@Example.org ",
      password: "secret1",
      username: "sam_7",
    });
    expect(child).toMatchObject({ kind: "child", parentEmail: "mum@example.org", email: undefined });
    const own = signUpSchema.safeParse({
      birthYear: childYear,
      email: "kid@example.org",
      parentEmail: "mum@example.org",
      password: "secret1",
      username: "sam_7",
    });
    expect(own.error?.issues[0]?.message).toBe(FAMILY_MESSAGES.childUnder13Email);
    const none = signUpSchema.safeParse({ birthYear: childYear, password: "secret1", username: "sam_7" });
    expect(none.error?.issues[0]?.message).toBe(FAMILY_MESSAGES.parentEmailNeeded);
    // From 13 a parent's address is not kept.
    const teen = signUpSchema.parse({
      birthYear: childYear - 5,
      email: "teen@example.org",
      parentEmail: "mum@example.org",
      password: "secret1",
      username: "sam_7",
    });
    expect(teen).toMatchObject({ kind: "own", email: "teen@example.org", parentEmail: undefined });
  });

  it.each(["ab", "way_too_long_username_here", "sam smith", "sam!", ""])(
    "refuses the username %j",
    (username) => {
      const result = signUpSchema.safeParse({
        birthYear: 2000,
        email: "a@b.co",
        password: "secret1",
        username,
      });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.usernameFormat);
    },
  );

  it("refuses a short password with the spec's text", () => {
    const result = signUpSchema.safeParse({
      birthYear: 2000,
      email: "a@b.co",
      password: "12345",
      username: "sam",
    });
    expect(result.error?.issues[0]?.message).toBe("Password must be at least 6 characters long");
  });

  it("refuses an invalid email", () => {
    const result = signUpSchema.safeParse({
      birthYear: 2000,
      email: "not-an-email",
      password: "secret1",
      username: "sam",
    });
    expect(result.error?.issues[0]?.message).toBe(MESSAGES.emailFormat);
  });
});

describe("new password rules", () => {
  it("checks length first, then the match, in the spec's words", () => {
    expect(newPasswordError("12345", "12345")).toBe("Password must be at least 6 characters long");
    expect(newPasswordError("123456", "1234567")).toBe("Passwords do not match");
    expect(newPasswordError("123456", "1234567", MESSAGES.newPasswordsDoNotMatch)).toBe(
      "New passwords do not match",
    );
    expect(newPasswordError("123456", "123456")).toBeNull();
  });

  it("drives the live checklist", () => {
    expect(passwordChecklist("", "")).toEqual({ longEnough: false, matches: false });
    expect(passwordChecklist("abcdef", "abc")).toEqual({ longEnough: true, matches: false });
    expect(passwordChecklist("abcdef", "abcdef")).toEqual({ longEnough: true, matches: true });
  });

  it("accepts only well-formed reset tokens", () => {
    expect(resetTokenSchema.safeParse("abcdefghijklmnopqrstuvwx").success).toBe(true);
    expect(resetTokenSchema.safeParse("short").success).toBe(false);
    expect(resetTokenSchema.safeParse("abcdefghijklmnopqrstuvw!").success).toBe(false);
  });
});

describe("profile update schema", () => {
  it("turns blank username and bio into null (spec §5)", () => {
    expect(profileUpdateSchema.parse({ username: "   ", bio: "  " })).toEqual({ username: null, bio: null });
  });

  it("trims and keeps real values", () => {
    expect(profileUpdateSchema.parse({ username: " sam ", bio: " Hi! " })).toEqual({
      username: "sam",
      bio: "Hi!",
    });
  });

  it("refuses a bio over 500 characters and unknown fields", () => {
    expect(profileUpdateSchema.safeParse({ bio: "x".repeat(501) }).success).toBe(false);
    expect(profileUpdateSchema.safeParse({ xp: 1000 }).success).toBe(false);
  });
});
