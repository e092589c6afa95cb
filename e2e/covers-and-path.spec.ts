import { mkdirSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, newUser } from "./fixtures";

const SCREENSHOTS = "test-results/screenshots";

const headerXp = (page: Page, xp: number) => page.getByRole("banner").getByText(`${xp} XP`, { exact: true });

/** Waits until every picture in `scope` has loaded (naturalWidth > 0), scrolling each into view for lazy ones. */
async function expectPicturesLoaded(scope: Locator) {
  const pictures = scope.locator("img");
  const count = await pictures.count();
  expect(count).toBeGreaterThan(0);
  for (let index = 0; index < count; index++) {
    const picture = pictures.nth(index);
    // Again when the card is drawn anew under the scroll (home's cards redraw as the day's goal arrives).
    await expect(async () => {
      await picture.scrollIntoViewIfNeeded({ timeout: 2_000 });
      expect(
        await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth),
      ).toBeGreaterThan(0);
    }).toPass({ timeout: 15_000 });
  }
}

/** Goes to the end of a layer's steps (when it is shown in steps) and presses its footer button. */
async function pressLayerFooter(page: Page, name: string) {
  const footer = page.getByRole("button", { name });
  const nextStep = page.getByRole("button", { name: "Next", exact: true });
  for (let step = 0; step < 30 && !(await footer.isVisible()); step++) {
    await expect(footer.or(nextStep)).toBeVisible();
    if (await nextStep.isVisible()) await nextStep.click();
  }
  await footer.click();
}

test("a new child is welcomed and shown around, sees covers and how far locked stories are, and reads on in one tap", async ({
  page,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // The landing page shows the library's covers to a visitor, the hero's first.
  await page.goto("/");
  const hero = page.getByRole("img", { name: /Noah’s ark on the hills/ });
  await expect(hero).toHaveAttribute("fetchpriority", "high");
  await expectPicturesLoaded(hero.locator(".."));

  const user = newUser();
  await page.getByRole("button", { name: "START FREE ADVENTURE" }).click();
  await page.getByLabel("Birth year").selectOption("2000");
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();

  // The first-run tour: a dialog on 'Next', three cards, and 'Skip tour' ends it.
  const tour = page.getByRole("dialog", { name: "Welcome to Lamplight!" });
  await expect(tour).toBeVisible();
  await expect(tour.getByRole("heading", { name: "Stories" })).toBeVisible();
  await expect(tour.getByRole("button", { name: "Next" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Enter");
  await expect(tour.getByRole("heading", { name: "Groups" })).toBeVisible();
  await tour.getByRole("button", { name: "Skip tour" }).click();
  await expect(tour).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome!", exact: true })).toBeVisible();

  // Covers on the home page's cards, loaded.
  const journey = page.getByRole("region", { name: "Continue Your Journey" });
  await expect(journey.getByRole("article")).toHaveCount(3);
  await expectPicturesLoaded(journey);
  await expectNoAxeViolations(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/home-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await expectPicturesLoaded(journey);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SCREENSHOTS}/home-phone.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });

  // A returning visit: no tour again.
  await page.reload();
  await expect(journey.getByRole("article").first()).toBeVisible();
  await page.waitForTimeout(500);
  await expect(tour).toBeHidden();

  // The story list: every card has its cover; a locked card says how far away it is, with a taste of it.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stories" }).click();
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  await expectPicturesLoaded(cards.first());
  const david = cards.filter({ hasText: "David and Goliath" });
  await expect(david.getByText("Reach Level 2 · 100 XP to go")).toBeVisible();
  await expect(david.getByText(/King Saul and the army of Israel faced the Philistines/)).toBeVisible();
  await expectPicturesLoaded(david);

  // The first story: reviewed by the ministry, started with 'Start the story'.
  const first = cards.first();
  const title = (await first.getByRole("heading").textContent()) ?? "";
  await first.getByRole("link", { name: `Start Reading: ${title}` }).click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("Reviewed by our ministry")).toBeVisible();
  await expect(page.getByRole("button", { name: "Generate Story with AI" })).toHaveCount(0);
  await page.getByRole("button", { name: "Start the story" }).click();
  await expect(headerXp(page, 10)).toBeVisible({ timeout: 30_000 });

  // 'Move to Layer 2' moves and starts layer 2: no second button to press.
  await pressLayerFooter(page, "Move to Layer 2");
  await expect(page.getByRole("progressbar", { name: "Story progress" })).toHaveAttribute(
    "aria-valuenow",
    "2",
  );
  await expect(headerXp(page, 20)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Read layer 2" })).toHaveCount(0);
  await expect(
    page
      .getByRole("button", { name: "Move to Layer 3" })
      .or(page.getByRole("button", { name: "Next", exact: true }))
      .first(),
  ).toBeVisible();
});
