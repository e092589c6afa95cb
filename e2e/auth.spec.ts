import { expect, test } from "@playwright/test";
import { newUser, resetLinkFromOutbox, signIn, signUp } from "./fixtures";

test("a new user signs up, edits the bio, signs out, resets a forgotten password and signs in again", async ({
  page,
}) => {
  const user = newUser();
  await signUp(page, user);
  const header = page.getByRole("banner");
  await expect(header.getByText(user.username)).toBeVisible();
  await expect(header.getByText("Level 1")).toBeVisible();
  await expect(header.getByText("0 XP")).toBeVisible();

  await page.getByRole("link", { name: "Your profile" }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await page.getByRole("button", { name: "Edit profile" }).click();
  await page.getByLabel("Bio").fill("I love the story of Ruth.");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("I love the story of Ruth.")).toBeVisible();
  await page.reload();
  await expect(page.getByText("I love the story of Ruth.")).toBeVisible();

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page.getByRole("button", { name: "START FREE ADVENTURE" })).toBeVisible();
  await expect(page).toHaveURL(/\/$/);

  await signIn(page, user.email, "not-my-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");

  await page.getByRole("button", { name: "Forgot your password?" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Email").fill(user.email);
  await dialog.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(dialog.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
  await expect(dialog).toContainText("1 hour");
  await dialog.getByRole("button", { name: "Close" }).first().click();

  const link = await resetLinkFromOutbox(user.email);
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Reset Your Password" })).toBeVisible();
  expect(page.url()).not.toContain("token=");
  await page.getByLabel("New password", { exact: true }).fill("Parting-the-sea-12");
  await page.getByLabel("Confirm password", { exact: true }).fill("Parting-the-sea-12");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByRole("heading", { name: "Password Updated!" })).toBeVisible();
  // Back to the sign-in screen after 3 seconds.
  await expect(page.getByRole("button", { name: "START FREE ADVENTURE" })).toBeVisible({ timeout: 8000 });

  await signIn(page, user.email, "Parting-the-sea-12");
  // Still new here (no XP, no story started): greeted 'Welcome!'; the tour, seen at sign-up, stays away.
  await expect(page.getByRole("heading", { level: 1, name: "Welcome!", exact: true })).toBeVisible();

  // The link worked once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Reset Link Issue" })).toBeVisible();
  await expect(
    page.getByText("Invalid or expired reset link. Please request a new password reset."),
  ).toBeVisible();
});

test("/reset-password without a link explains how to get one", async ({ page }) => {
  await page.goto("/reset-password");
  await expect(page.getByRole("heading", { name: "Reset Link Issue" })).toBeVisible();
  await expect(
    page.getByText(
      "This page is only accessible via a password reset link. Please request a password reset from the login page.",
    ),
  ).toBeVisible();
  await page.getByRole("link", { name: "Back to Login" }).click();
  await expect(page.getByRole("button", { name: "START FREE ADVENTURE" })).toBeVisible();
});

test("/reset-password with a malformed link says so", async ({ page }) => {
  await page.goto("/reset-password#token=nope&type=recovery");
  await expect(
    page.getByText("Invalid reset link format. Please request a new password reset."),
  ).toBeVisible();
});
