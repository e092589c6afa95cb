import { expect, test } from "@playwright/test";
import { newUser, signUp } from "./fixtures";

test("signed-out visitors are sent to the landing page from any other path", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "START FREE ADVENTURE" })).toBeVisible();
});

test("signed-in users reach the route table and unknown paths go home", async ({ page }) => {
  const user = newUser();
  await signUp(page, user);
  await page.goto("/no-such-page");
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stories" }).click();
  await expect(page.getByRole("heading", { name: "Bible Stories" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Stories" }).first()).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Reach Level 2").first()).toBeVisible();
});
