import { readFileSync } from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { parseStoryFile } from "../src/server/features/stories/library";
import { expectNoAxeViolations, layerStart, newUser, signUp } from "./fixtures";

// Issue 23: after a layer's text, 'Check your understanding'; XP for right first answers, scored by the server.

const verses: Record<string, string> = JSON.parse(readFileSync("content/bible/web-verses.json", "utf8"));
const creation = parseStoryFile("creation.md", readFileSync("content/stories/creation.md", "utf8"));

const headerXp = (page: Page) => page.getByRole("banner").getByText(/^\d+ XP$/);

test("a new reader reads layer 1, answers its three questions (one wrong first), learns the memory verse, and home shows a one-day streak and the goal met", async ({
  page,
}) => {
  await signUp(page, newUser());
  await page.goto("/stories");
  await page.getByRole("link", { name: "Start Reading: In the Beginning: Creation" }).click();
  await layerStart(page).click();
  await expect(page.getByText(/^Step 1 of \d+$/)).toBeVisible({ timeout: 30_000 });
  await expect(headerXp(page)).toHaveText("10 XP");

  // The check waits at the end of the layer, beside 'Move to Layer 2', which is never held back by it.
  while (await page.getByRole("button", { name: "Next", exact: true }).isVisible())
    await page.getByRole("button", { name: "Next", exact: true }).click();
  const check = page.getByRole("region", { name: "Check your understanding" });
  await expect(check).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole("button", { name: "Move to Layer 2" })).toBeEnabled();
  const questions = creation.layers[0].check;
  await expect(check.getByRole("group")).toHaveCount(3);

  for (const [index, question] of questions.entries()) {
    if (question.kind !== "choice") throw new Error("layer 1 asks choices only");
    const group = check.getByRole("group", { name: question.question });
    const right = group.getByRole("button", { name: question.options[question.answer], exact: true });
    if (index === 0) {
      // One wrong first: the verse to look at, then the right one, for no XP.
      const wrong = question.options[(question.answer + 1) % question.options.length] as string;
      await group.getByRole("button", { name: wrong, exact: true }).click();
      await expect(group.getByText(`Not quite. Look at ${question.verse}.`)).toBeVisible();
    }
    await right.click();
    await expect(group.getByText("Correct!")).toBeVisible();
    await expect(group.getByText(question.verse, { exact: true })).toBeVisible();
  }
  await expectNoAxeViolations(page);
  // +10 for the layer, +5 for each of the two questions right the first time.
  await expect(headerXp(page)).toHaveText("20 XP");
  await page.reload();
  await expect(headerXp(page)).toHaveText("20 XP");

  // The memory verse, in three steps that get harder: two words, half the words, then all of them in order.
  await page.getByRole("button", { name: "Learn this verse" }).click();
  for (let step = 0; step < 2; step++) {
    const choices = page.getByRole("list", { name: "Word choices" });
    await expect(choices).toBeVisible();
    // A wrong word is set aside (aria-disabled); the right one fills the blank and the next blank comes.
    while (await choices.isVisible()) {
      await choices.locator('button:not([aria-disabled="true"])').first().click();
    }
    await page.getByRole("button", { name: "Next step" }).click();
  }
  const verse = verses["Genesis 1:1"] as string;
  for (const word of verse.replace(/[^\w\s']/g, "").split(/\s+/)) {
    await page
      .getByRole("list", { name: "Word tiles" })
      .getByRole("button", { name: word, exact: true })
      .first()
      .click();
  }
  await page.getByRole("button", { name: "Check my verse" }).click();
  await expect(page.getByText("You learnt it! We'll remind you to review it tomorrow.")).toBeVisible();

  // Home: a streak of one day, and today's goal met.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }).click();
  await expect(page.getByRole("heading", { name: "Daily goal: 1 of 1" })).toBeVisible();
  await expect(page.getByText("Daily goal met!")).toBeVisible();
  await expect(page.getByText("1 day in a row")).toBeVisible();
  await expect(page.getByRole("banner").getByText("1-day streak")).toBeAttached();
  await expectNoAxeViolations(page);
});

test("reading settings: the largest text, the easy-to-read font and wider spacing, kept with the account", async ({
  page,
}) => {
  await signUp(page, newUser());
  await page.goto("/stories/creation");
  await layerStart(page).click();
  const text = page.getByRole("group", { name: /^Step 1 of \d+$/ });
  await expect(text).toBeVisible({ timeout: 30_000 });
  const look = () =>
    text.evaluate((element) => {
      const style = getComputedStyle(element);
      return {
        fontSize: Number.parseFloat(style.fontSize),
        lineHeight: Number.parseFloat(style.lineHeight),
        fontFamily: style.fontFamily,
      };
    });
  const before = await look();

  const button = page.getByRole("button", { name: "Reading settings" });
  await button.click();
  const panel = page.getByRole("dialog", { name: "Reading settings" });
  await panel.getByRole("radio", { name: "Largest" }).check();
  await panel.getByRole("switch", { name: "Easy-to-read font" }).check();
  await panel.getByRole("switch", { name: "Wider line spacing" }).check();
  await expect.poll(async () => (await look()).fontFamily).toContain("Atkinson Hyperlegible");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await expect(button).toBeFocused();

  // Saved with the account: a new page load shows the text in the reader's look from its first frame.
  await page.reload();
  await expect(text).toBeVisible({ timeout: 30_000 });
  const after = await look();
  expect(after.fontSize).toBeGreaterThan(before.fontSize * 1.25);
  expect(after.lineHeight / after.fontSize).toBeGreaterThanOrEqual(2);
  expect(after.fontFamily).toContain("Atkinson Hyperlegible");
});
