import { mkdirSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, layerStart, newUser, signUp } from "./fixtures";

const SCREENSHOTS = "test-results/screenshots";

const headerXp = (page: Page, xp: number) => page.getByRole("banner").getByText(`${xp} XP`, { exact: true });

/**
 * Reads the current layer as a child does: starts its text when the page asks for that (moving to a layer may
 * already have started it), waits for its XP, then goes through its steps, when it has some, to its end.
 */
async function readLayer(page: Page, xpAfter: number, nextButton: string) {
  const xp = headerXp(page, xpAfter);
  await expect(layerStart(page).or(xp)).toBeVisible({ timeout: 30_000 });
  if (await layerStart(page).isVisible()) await layerStart(page).click();
  await expect(xp).toBeVisible({ timeout: 30_000 });
  const footer = page.getByRole("button", { name: nextButton });
  const nextStep = page.getByRole("button", { name: "Next", exact: true });
  for (let step = 0; step < 30 && !(await footer.isVisible()); step++) {
    await expect(footer.or(nextStep)).toBeVisible();
    if (await nextStep.isVisible()) await nextStep.click();
  }
  await footer.click();
}

/** Reads a story's first layers from its page: the XP after each, the button that ends each. */
async function readStory(page: Page, slug: string, layers: [xpAfter: number, nextButton: string][]) {
  await page.goto(`/stories/${slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  for (const [xpAfter, nextButton] of layers) await readLayer(page, xpAfter, nextButton);
}

test("finishing a story shows its XP tally, then the level-up moment it brought", async ({ page }) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp(page, newUser());
  await expect(headerXp(page, 0)).toBeVisible();

  // 20 XP from two layers of one story, then 30 more from all of another: its completion crosses 100 XP.
  // 'Move to Layer 2' starts that layer at once: its XP must have come before the page is left, or it could
  // arrive while the next story is read.
  await readStory(page, "noah-and-the-ark", [[10, "Move to Layer 2"]]);
  await expect(headerXp(page, 20)).toBeVisible({ timeout: 30_000 });
  await readStory(page, "creation", [
    [30, "Move to Layer 2"],
    [40, "Move to Layer 3"],
    [50, "Mark Story Complete"],
  ]);

  // The tally first, with the focus on its news; the level-up waits its turn.
  const tally = page.getByRole("region", { name: "Story Complete!" });
  await expect(tally).toBeVisible();
  await expect(page.getByRole("heading", { name: "Story Complete!" })).toBeFocused();
  await expect(tally.getByText("You've earned 50 XP for your spiritual growth journey!")).toBeVisible();
  await expect(tally.getByText("+50", { exact: true })).toBeVisible();
  await expect(tally.getByText("+10", { exact: true })).toHaveCount(3);
  await expect(tally.locator("[data-tally-total]")).toHaveText("+80 XP");
  const moment = page.getByRole("dialog", { name: "Level 2!" });
  await expect(moment).toBeHidden();
  await expect(headerXp(page, 100)).toBeVisible();
  await tally.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/celebrations-tally-desktop.png` });

  // Then the moment: the new level, the XP counted up to the new total, the stories it opened.
  await expect(moment).toBeVisible({ timeout: 15_000 });
  await expect(moment).toHaveAttribute("aria-modal", "true");
  await expect(moment.getByRole("button", { name: "Continue" })).toBeFocused();
  await expect(moment.locator("[data-xp-count]")).toHaveText("100 XP");
  const unlocked = moment.getByRole("region", { name: "New adventures unlocked" });
  await expect(unlocked.getByRole("link", { name: "David and Goliath" })).toHaveAttribute(
    "href",
    "/stories/david-and-goliath",
  );
  expect(await unlocked.getByRole("link").count()).toBeGreaterThanOrEqual(1);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENSHOTS}/celebrations-level-up-desktop.png` });

  // Escape closes it, and the focus goes back to the tally's news.
  await page.keyboard.press("Escape");
  await expect(moment).toBeHidden();
  await expect(page.getByRole("heading", { name: "Story Complete!" })).toBeFocused();

  // Each level once: a reload does not celebrate it again, and the tally shows without the server's words.
  await page.reload();
  await expect(tally).toBeVisible();
  await expect(tally.locator("[data-tally-total]")).toHaveText("+80 XP");
  await page.waitForTimeout(1_500);
  await expect(moment).toBeHidden();

  // On a phone, with reduced motion, as if this device had not seen Level 2 yet: calm, no confetti.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage))
      if (key.startsWith("lamplight:celebrated-level:")) localStorage.setItem(key, "1");
  });
  await page.reload();
  await expect(moment).toBeVisible({ timeout: 15_000 });
  await expect(moment.locator("[data-xp-count]")).toHaveText("100 XP");
  await expect(page.locator("[data-confetti]")).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}/celebrations-level-up-phone.png` });
  // Continue has the focus: Enter closes it.
  await page.keyboard.press("Enter");
  await expect(moment).toBeHidden();
  await tally.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${SCREENSHOTS}/celebrations-tally-phone.png` });
});
