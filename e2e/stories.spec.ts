import { expect, type Page, test } from "@playwright/test";
import { createGroup, expectNoAxeViolations, newUser, signUp, uniqueWord } from "./fixtures";

const headerXp = (page: Page, xp: number) => page.getByRole("banner").getByText(`${xp} XP`, { exact: true });

test("a new reader reads a story through all three layers to 'Story Complete!'", async ({ page }) => {
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
    // The offline library's wording; 'Move to Layer N' starts layers 2 and 3 by itself.
    if (layer === 1) await page.getByRole("button", { name: "Start the story" }).click();
    // The text streams in piece by piece while the page says so.
    await expect(page.getByText("Writing your story...")).toBeVisible();
    await expect(page.locator("[data-streaming-caret]")).toBeVisible();
    await expect(headerXp(page, xp)).toBeVisible({ timeout: 30_000 });
    await expect(page.getByRole("img", { name: /Illustration for/ })).toBeVisible({ timeout: 30_000 });
    // The whole layer on one page (remembered for the next layers); reading step by step is e2e/reading.spec.ts.
    if (layer === 1) await page.getByRole("button", { name: "Show the whole layer" }).click();
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

  await page.getByRole("button", { name: "Start the story" }).click();
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

test("a reader shares what they learned from a layer into their study group", async ({ page }) => {
  const user = newUser();
  await signUp(page, user);
  // Unique, because every test shares one server and 'All Groups' lists everyone's groups.
  const groupName = `Share Circle ${uniqueWord()}`;
  await createGroup(page, groupName);

  await page.goto("/stories/the-birth-of-jesus");
  await page.getByRole("button", { name: "Start the story" }).click();
  await expect(page.getByRole("img", { name: /Illustration for/ })).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Show the whole layer" }).click();

  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share Your Journey" });
  const note = dialog.getByLabel("What did you learn?");
  await expect(note).toBeFocused();
  await expect(dialog.getByRole("button", { name: "Create Draft" })).toBeDisabled();
  await expectNoAxeViolations(page);
  await note.fill("Jesus came as a baby to bring us hope.");
  await dialog.getByRole("button", { name: "Create Draft" }).click();

  // The offline library writes no free text, so the draft is the spec's template.
  const draft = dialog.getByLabel("Your post");
  await expect(draft).toHaveValue(
    "Just learned something amazing from The Birth of Jesus! Jesus came as a baby to bring us hope. 🙏✨",
  );
  await expect(dialog.getByLabel("Attach this layer's illustration")).toBeChecked();
  await dialog.getByRole("button", { name: "Continue to Share" }).click();

  const shareNow = dialog.getByRole("button", { name: "Share Now" });
  const choice = dialog.getByRole("radio", { name: new RegExp(groupName) });
  await expect(choice).toBeVisible();
  await expect(shareNow).toBeDisabled();
  await choice.check();
  await expectNoAxeViolations(page);
  await shareNow.click();

  await expect(dialog.getByText(`Your story journey was shared with ${groupName}!`)).toBeVisible();
  await dialog.getByRole("link", { name: "Open Group" }).click();
  await expect(page.getByRole("heading", { name: groupName, level: 1 })).toBeVisible();
  const post = page.getByRole("article", { name: "The Birth of Jesus" });
  await expect(post).toBeVisible();
  await expect(post.getByText(/Jesus came as a baby to bring us hope\. 🙏✨/)).toBeVisible();
  await expect(post.getByRole("img", { name: `Shared by ${user.username}` })).toBeVisible();
});
