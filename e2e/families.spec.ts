import { expect, test } from "@playwright/test";
import {
  expectNoAxeViolations,
  LONG_FLOW_TIMEOUT_MS,
  layerStart,
  linkFromOutbox,
  newUser,
  uniqueWord,
} from "./fixtures";

// Issue 24: a child under 13 gets an account only after a parent says yes, signs in by username, and the
// parent sees and steers what they do.

/** The newest consent link mailed to a parent's address. */
const familyLinkFromOutbox = (email: string) =>
  linkFromOutbox(email, /http:\/\/\S+\/family\/consent#token=[\w-]{43}/);

test("a 9-year-old signs up with a parent's email, the parent agrees, and the parent's switch closes the helper", async ({
  page,
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT_MS);
  const child = newUser();
  const parentEmail = `parent_${uniqueWord()}@example.org`;
  const birthYear = String(new Date().getFullYear() - 9);

  // The child: a birth year under 13 asks for a parent's email in place of their own.
  await page.goto("/");
  await page.getByRole("button", { name: "START FREE ADVENTURE" }).click();
  await page.getByLabel("Birth year").selectOption(birthYear);
  await expect(page.getByLabel("Email", { exact: true })).toHaveCount(0);
  await page.getByLabel("Username").fill(child.username);
  await page.getByLabel("A parent's email").fill(parentEmail);
  await expect(page.getByText("You're under 13, so a parent says yes first.")).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill(child.password);
  await page.getByRole("button", { name: "Create Account" }).click();

  // Only the waiting screen, wherever the child goes.
  await expect(page.getByRole("heading", { name: "Ask your parent to check their email" })).toBeVisible();
  await expect(
    page.getByText("We sent a message to p•••@example.org. Your account opens once they say yes."),
  ).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/stories");
  await expect(page.getByRole("heading", { name: "Ask your parent to check their email" })).toBeVisible();

  // The parent, on their own phone: the mail's link, the switches, a new parent account, 'I agree'.
  const parentContext = await browser.newContext();
  const parent = await parentContext.newPage();
  await parent.goto(await familyLinkFromOutbox(parentEmail));
  await expect(
    parent.getByRole("heading", { name: `${child.username} would like to join Lamplight` }),
  ).toBeVisible();
  await expect(parent.getByRole("switch", { name: "Study groups and chat" })).toBeChecked();
  await expect(parent.getByRole("switch", { name: "AI helper" })).toBeChecked();
  await expect(parent.getByRole("switch", { name: "Photos and videos" })).not.toBeChecked();
  await expectNoAxeViolations(parent);
  await parent.getByLabel("Email", { exact: true }).fill(parentEmail);
  await parent.getByLabel("Password", { exact: true }).fill("Mother-hen-2026");
  await parent.getByRole("button", { name: "I agree" }).click();
  await expect(parent.getByRole("heading", { name: "Thank you!" })).toBeVisible();

  // The same link cannot be used again.
  const usedLink = await familyLinkFromOutbox(parentEmail);
  const stranger = await browser.newContext();
  const strangerPage = await stranger.newPage();
  await strangerPage.goto(usedLink);
  await expect(
    strangerPage.getByText("This link has expired or was already used. Ask your child to press Send again."),
  ).toBeVisible();
  await stranger.close();

  // The child signs in by username and reads a story.
  await page.context().clearCookies();
  await page.goto("/");
  await page.getByLabel("Email or username").fill(child.username);
  await page.getByLabel("Password", { exact: true }).fill(child.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  const tour = page.getByRole("dialog", { name: "Welcome to Lamplight!" });
  await expect(tour).toBeVisible();
  await tour.getByRole("button", { name: "Skip tour" }).click();
  await page.goto("/stories");
  await page.getByRole("link", { name: "Start Reading: In the Beginning: Creation" }).click();
  await layerStart(page).click();
  await expect(page.getByText(/^Step 1 of \d+$/)).toBeVisible({ timeout: 30_000 });

  // The parent sees the child's XP, and turns the AI helper off.
  await parent.getByRole("link", { name: "Go to Your family" }).click();
  const card = parent.getByRole("article").filter({ hasText: child.username });
  await expect(card.getByText("10 XP")).toBeVisible();
  await expectNoAxeViolations(parent);
  const helper = card.getByRole("switch", { name: "AI helper" });
  await helper.click();
  await expect(helper).not.toBeChecked();
  await expect(card.getByText("Saved")).toBeVisible();

  // The child's helper is closed, with the parent's sentence.
  await page.goto("/qna");
  await expect(page.getByText("Your parent has turned this off.")).toBeVisible();
  await parentContext.close();
});
