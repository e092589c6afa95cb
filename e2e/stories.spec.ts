import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, newUser, signUp } from "./fixtures";

const headerXp = (page: Page, xp: number) => page.getByRole("banner").getByText(`${xp} XP`, { exact: true });

test("a new reader reads a story through all three layers to 'Story Complete!'", async ({ page }) => {
  test.setTimeout(120_000);
  await signUp(page, newUser());
  await expect(headerXp(page, 0)).toBeVisible();

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stories" }).click();
  const davidCard = page.getByRole("article").filter({ hasText: "David and Goliath" });
  await expect(davidCard.getByText("Reach Level 2")).toBeVisible();
  await page.getByRole("link", { name: "Start Reading: Noah and the Ark" }).click();

  await expect(page.getByRole("heading", { name: "Noah and the Ark", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Ready to Begin?" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Story progress" })).toHaveAttribute(
    "aria-valuenow",
    "1",
  );

  for (const [layer, xp] of [
    [1, 10],
    [2, 20],
    [3, 30],
  ] as const) {
    await page.getByRole("button", { name: "Generate Story with AI" }).click();
    // The text streams in piece by piece while the page says so.
    await expect(page.getByText("Writing your story...")).toBeVisible();
    await expect(page.locator("[data-streaming-caret]")).toBeVisible();
    await expect(headerXp(page, xp)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("img", { name: /Illustration for/ })).toBeVisible({ timeout: 30_000 });
    await expect(page.locator("cite").first()).toBeVisible();
    if (layer === 1) await expectNoAxeViolations(page);
    if (layer < 3) {
      await page.getByRole("button", { name: `Move to Layer ${layer + 1}` }).click();
      await expect(page.getByRole("progressbar", { name: "Story progress" })).toHaveAttribute(
        "aria-valuenow",
        String(layer + 1),
      );
    }
  }
  await expect(page.getByRole("group", { name: "Try" }).first()).toBeVisible();
  await page.getByRole("button", { name: "Mark Story Complete" }).click();
  await expect(page.getByRole("heading", { name: "Story Complete!" })).toBeVisible();
  await expect(page.getByText("You've earned 50 XP for your spiritual growth journey!")).toBeVisible();
  await expect(headerXp(page, 80)).toBeVisible();
  await expect(page.getByRole("link", { name: "Ask Questions" })).toHaveAttribute("href", "/qna");
  await expect(page.getByRole("link", { name: "More Stories" })).toHaveAttribute("href", "/stories");
  await expectNoAxeViolations(page);

  // A completed layer can be read again from the selector, with its saved text and picture.
  await page.getByRole("button", { name: /Layer 1/ }).click();
  await expect(page.getByRole("img", { name: /Illustration for Basic Understanding/ })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stories" }).click();
  await expect(page.getByRole("link", { name: "Read Again: Noah and the Ark" })).toBeVisible();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("region", { name: "Your stats" }).getByText("80")).toBeVisible();
});

test("the image dialog draws another style, and locked layers stay locked", async ({ page }) => {
  await signUp(page, newUser());
  await page.goto("/stories/the-good-samaritan");
  const lockedLayer = page.getByRole("button", { name: /Layer 3/ });
  await expect(lockedLayer).toHaveAttribute("aria-disabled", "true");
  await lockedLayer.click({ force: true });
  await expect(page.getByRole("heading", { name: "Ready to Begin?" })).toBeVisible();
  await expect(page.getByRole("progressbar", { name: "Story progress" })).toHaveAttribute(
    "aria-valuenow",
    "1",
  );

  await page.getByRole("button", { name: "Generate Story with AI" }).click();
  const picture = page.getByRole("img", { name: /Illustration for/ });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  const firstSource = await picture.getAttribute("src");

  await page.getByRole("button", { name: "Create a new image" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Image for This Story" });
  await expect(dialog).toBeVisible();
  await dialog.getByText("Stained Glass").click();
  await dialog.getByLabel("Additional direction (optional)").fill("Show the inn at sunset");
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create Image" }).click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(picture).not.toHaveAttribute("src", firstSource ?? "");
});

test("a missing story says so and leads back", async ({ page }) => {
  await signUp(page, newUser());
  await page.goto("/stories/no-such-story");
  await expect(page.getByRole("heading", { name: "Story not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Stories" }).click();
  await expect(page.getByRole("heading", { name: "Bible Stories" })).toBeVisible();
});
