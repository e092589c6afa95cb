import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, newUser, signUp } from "./fixtures";

test.describe("accessibility (axe-core, WCAG 2.x A/AA)", () => {
  test("landing page", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "START FREE ADVENTURE" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "SEE WHAT'S INSIDE" }).click();
    await page.getByRole("button", { name: "START FREE ADVENTURE" }).click();
    await expectNoAxeViolations(page);
  });

  test("forgot-password dialog", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("home and profile", async ({ page }) => {
    await signUp(page, newUser());
    await expectNoAxeViolations(page);
    await page.goto("/profile");
    await expect(page.getByRole("button", { name: "Edit profile" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Edit profile" }).click();
    await expectNoAxeViolations(page);
    await page.getByRole("button", { name: "Change Password" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectNoAxeViolations(page);
  });

  test("mobile menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signUp(page, newUser());
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("dialog").getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });
});
