import { expect, test } from "@playwright/test";
import { confirmEmailFromOutbox, expectNoAxeViolations, newUser, signUp } from "./fixtures";

test("a new account starts at once, is asked to confirm its email, and confirms it by the mailed link", async ({
  page,
}) => {
  const user = newUser();
  await signUp(page, user);

  const banner = page.getByRole("region", { name: "Please confirm your email" });
  await expect(banner).toContainText(`We sent a link to ${user.email}.`);
  await expectNoAxeViolations(page);

  // 'Send again' by keyboard alone.
  const sendAgain = banner.getByRole("button", { name: "Send again" });
  await sendAgain.focus();
  await page.keyboard.press("Enter");
  await expect(banner.getByRole("status")).toHaveText(
    `We've sent a new link to ${user.email}. It works for 24 hours.`,
  );

  await confirmEmailFromOutbox(page, user.email);
  await expectNoAxeViolations(page);
  // The link's token does not stay in the address bar.
  expect(new URL(page.url()).hash).toBe("");

  await page.getByRole("link", { name: "Go to Lamplight" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome!", exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Please confirm your email" })).toHaveCount(0);
});

test("signing up with an email that has an account says to check the inbox, and signs nobody in", async ({
  browser,
}) => {
  const owner = newUser();
  const first = await browser.newContext();
  await signUp(await first.newPage(), owner);
  await first.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto("/");
  await page.getByRole("button", { name: "START FREE ADVENTURE" }).click();
  await page.getByLabel("Birth year").selectOption("2000");
  await page.getByLabel("Email", { exact: true }).fill(owner.email);
  await page.getByLabel("Username").fill(newUser().username);
  await page.getByLabel("Password", { exact: true }).fill("Someone-else-2026");
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page.getByRole("status").filter({ hasText: "We've sent you an email." })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
  await expectNoAxeViolations(page);
  await context.close();
});
