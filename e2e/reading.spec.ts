import { mkdirSync, readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, layerStart, newUser, signUp } from "./fixtures";

const SCREENSHOTS = "test-results/screenshots";
const verses: Record<string, string> = JSON.parse(readFileSync("content/bible/web-verses.json", "utf8"));

const stepPosition = (page: Page) => page.getByText(/^Step \d+ of \d+$/);

test("a child reads a layer step by step on a phone, looks up a verse, then reads the whole layer", async ({
  page,
}) => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await signUp(page, newUser());

  await page.goto("/stories");
  await page.getByRole("link", { name: "Start Reading: In the Beginning: Creation" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "In the Beginning: Creation" })).toBeVisible();

  // While the text streams in it is one page; it becomes steps once it is complete.
  await layerStart(page).click();
  await expect(page.getByText("Writing your story...")).toBeVisible();
  await expect(stepPosition(page)).toBeHidden();
  await expect(page.getByText("Step 1 of 6")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("img", { name: /Illustration for/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("button", { name: "Step 1", exact: true })).toHaveAttribute(
    "aria-current",
    "step",
  );
  await expect(page.getByRole("button", { name: "Move to Layer 2" })).toBeHidden();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENSHOTS}/reading-step-1-phone.png` });

  // 'Next' moves on and puts the focus on the new step's heading; the picture stays on step 1.
  await page.getByRole("button", { name: "Next", exact: true }).click();
  await expect(page.getByText("Step 2 of 6")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Six Days of Making" })).toBeFocused();
  await expect(page.getByRole("img", { name: /Illustration for/ })).toBeHidden();
  await page.screenshot({ path: `${SCREENSHOTS}/reading-step-2-phone.png` });

  // The arrow keys, forwards to the end and one back.
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText("Step 3 of 6")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText("Step 2 of 6")).toBeVisible();
  for (const step of [3, 4, 5, 6]) {
    await page.keyboard.press("ArrowRight");
    await expect(page.getByText(`Step ${step} of 6`)).toBeVisible();
  }
  // A long section goes on in a step of its own, under its heading again.
  await expect(page.getByRole("heading", { name: "A Closer Look in the Garden (continued)" })).toBeFocused();
  // The last step ends with the layer's actions.
  await expect(page.getByRole("button", { name: "Next", exact: true })).toBeHidden();
  await expect(page.getByRole("button", { name: "Move to Layer 2" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Share", exact: true })).toBeVisible();

  // A verse reference opens the World English Bible's words; Escape closes it and gives the focus back.
  const reference = page.getByRole("button", { name: "Genesis 2:18", exact: true });
  await reference.click();
  const popover = page.getByRole("dialog", { name: "Genesis 2:18" });
  await expect(popover).toContainText(verses["Genesis 2:18"] ?? "missing from the verses file");
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENSHOTS}/reading-verse-popover-phone.png` });
  await page.keyboard.press("Escape");
  await expect(popover).toBeHidden();
  await expect(reference).toBeFocused();
  // With the focus back on the reference, the arrow keys still move between steps.
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByText("Step 5 of 6")).toBeVisible();
  await expect(page.getByRole("heading", { name: "A Closer Look in the Garden" })).toBeFocused();

  // The whole layer on one page, remembered on this device.
  await page.getByRole("button", { name: "Show the whole layer" }).click();
  await expect(stepPosition(page)).toBeHidden();
  for (const heading of [
    "In the Beginning",
    "Six Days of Making",
    "A Day of Rest",
    "A Closer Look in the Garden",
  ])
    await expect(page.getByRole("heading", { name: heading, exact: true })).toBeVisible();
  await expect(page.getByRole("img", { name: /Illustration for/ })).toBeVisible();
  await expect(page.getByRole("button", { name: "Move to Layer 2" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("button", { name: "Show in steps" })).toBeVisible();
  await expect(stepPosition(page)).toBeHidden();
  await page.getByRole("button", { name: "Show in steps" }).click();
  await expect(page.getByText("Step 1 of 6")).toBeVisible();
});
