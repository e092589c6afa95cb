import { describe, expect, it } from "vitest";
import { signUpSchema } from "./schemas/auth";
import { canonicalUsername, isReservedUsername, USERNAME_MESSAGES } from "./usernames";

describe("canonicalUsername", () => {
  it("reads case, I/l/1, O/0 and runs or ends of underscores alike", () => {
    expect(canonicalUsername("KID__0NE_")).toBe(canonicalUsername("kid_one"));
    expect(canonicalUsername("_Ki1d_One")).toBe(canonicalUsername("kild_one"));
    expect(canonicalUsername("Samuel")).toBe(canonicalUsername("SAMUE1"));
    expect(canonicalUsername("noah")).toBe(canonicalUsername("N0AH"));
    expect(canonicalUsername("kid_one")).toBe("kid_one");
  });

  it("keeps names apart that a reader tells apart", () => {
    expect(canonicalUsername("kid_one")).not.toBe(canonicalUsername("kid_two"));
    expect(canonicalUsername("kid_one")).not.toBe(canonicalUsername("kidone"));
    expect(canonicalUsername("sam_5")).not.toBe(canonicalUsername("sams"));
  });
});

describe("isReservedUsername", () => {
  it.each([
    "admin",
    "Administrator",
    "admin1",
    "_admin_",
    "ADMIN_2",
    "adm1n",
    "superadmin",
    "the_admin",
    "m0d",
    "mod_sam",
    "moderator",
    "leader",
    "leader_7",
    "pastor",
    "Pastor_Dave",
    "lamplight",
    "1amplight",
    "lamplight_support",
    "lamplightfan",
    "system",
    "support",
    "staff",
    "0fficial",
    "official_sam",
    "ai_helper",
    "a_i_helper",
    "AIHelper",
    "deleted_user",
    "deleted_user_9",
    "root",
    "help",
    "help99",
    "everyone",
  ])("refuses %s", (name) => {
    expect(isReservedUsername(name)).toBe(true);
  });

  it.each([
    "kid_one",
    "badminton_kid",
    "modern_reader",
    "shepherd_boy",
    "helpful_hannah",
    "roots_and_all",
    "queen_esther",
    "ruth_7",
    "sam",
  ])("lets %s through", (name) => {
    expect(isReservedUsername(name)).toBe(false);
  });

  it("gives the sign-up form the server's answer before anything is sent", () => {
    const result = signUpSchema.safeParse({
      birthYear: 2000,
      email: "a@example.com",
      password: "Lamp-river-2026",
      username: "Admin_1",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(USERNAME_MESSAGES.reserved);
  });
});
