import { expect, type Locator, type Page, test } from "@playwright/test";
import {
  confirmEmailFromOutbox,
  createGroup,
  LONG_FLOW_TIMEOUT_MS,
  layerStart,
  newPost,
  newUser,
  openChat,
  signUp,
  uniqueWord,
} from "./fixtures";

// Issue 26, part 4: every screen works on a small phone (360×640): nothing scrolls sideways, every touch target
// is at least 44 px each way, the header keeps the reader's level and XP, and a composer stays in sight when the
// on-screen keyboard takes half the screen.

const PHONE = { width: 360, height: 640 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** In ADMIN_EMAILS of the e2e server: the leader's page is a screen on a phone too. */
const PHONE_ADMIN_EMAIL = "e2e-phone-admin@example.com";

/** The smallest touch target WCAG 2.5.5 (AAA) and the platforms' guidelines ask for, in CSS pixels. */
const MIN_TARGET = 44;

/**
 * What breaks the phone layout on the page as it stands: sideways scrolling (of the page or an open dialog), and every visible control smaller
 * than MIN_TARGET either way. A checkbox or radio is judged by its label, the target a finger presses; a link
 * inside a sentence is let off, as WCAG's own inline exception does.
 */
function phoneLayoutProblems(minTarget: number): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    problems.push(`the page scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth}`);
    // The culprits: the innermost elements that reach past the edge.
    const past = (element: Element) => element.getBoundingClientRect().right > root.clientWidth + 0.5;
    const innermost = [...document.body.querySelectorAll("*")].filter(
      (element) => past(element) && ![...element.children].some(past),
    );
    for (const element of innermost.slice(0, 3))
      problems.push(`  past the edge: ${element.outerHTML.slice(0, 120)}`);
  }
  // A dialog scrolls in a box of its own, which the page's width does not show.
  for (const dialog of document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]'))
    if (dialog.scrollWidth > dialog.clientWidth)
      problems.push(`a dialog scrolls sideways: ${dialog.scrollWidth} px wide in ${dialog.clientWidth}`);
  const controls = document.querySelectorAll<HTMLElement>(
    'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="switch"], [role="tab"], [role="radio"], [role="checkbox"], [role="menuitem"], [role="option"]',
  );
  for (const control of controls) {
    const label = control.matches('input[type="checkbox"], input[type="radio"]')
      ? (control.closest("label") ??
        (control.id ? document.querySelector(`label[for="${control.id}"]`) : null))
      : null;
    const target = (label ?? control) as HTMLElement;
    const box = target.getBoundingClientRect();
    // Not drawn, or drawn for screen readers only ('Skip to content' until it has the focus).
    const style = getComputedStyle(target);
    const forScreenReaders = style.clipPath === "inset(50%)";
    if (box.width <= 1 || box.height <= 1 || style.visibility === "hidden" || forScreenReaders) continue;
    const text = target.textContent?.trim() ?? "";
    const inSentence =
      style.display === "inline" && (target.parentElement?.textContent?.trim().length ?? 0) > text.length;
    if (inSentence) continue;
    if (box.width < minTarget || box.height < minTarget) {
      const name = target.getAttribute("aria-label") ?? (text.slice(0, 40) || target.outerHTML.slice(0, 80));
      problems.push(
        `${target.tagName.toLowerCase()} "${name}" is ${Math.round(box.width)}×${Math.round(box.height)}`,
      );
    }
  }
  return problems;
}

/**
 * `text` made as wide as a name of `length` characters can be: one unbroken word of the widest letter. The layout
 * must shorten or wrap it; random names of narrow letters let a too-wide layout pass one run in several.
 */
function widest(text: string, length: number): string {
  return text.replaceAll(/\W/g, "").padEnd(length, "W").slice(0, length);
}

/** Where the run leaves a picture of each screen, to look at. */
const SCREENSHOTS = "test-results/screenshots";

async function expectFitsPhone(page: Page, screen: string) {
  await test.step(`fits a phone: ${screen}`, async () => {
    // Judged at rest: a celebration scaling in is smaller than it will be.
    await page.evaluate(() =>
      Promise.race([
        Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => {}))),
        new Promise((resolve) => setTimeout(resolve, 2_000)),
      ]),
    );
    await page.screenshot({
      path: `${SCREENSHOTS}/phone-${screen.replaceAll(/\W+/g, "-")}.png`,
      fullPage: true,
    });
    expect.soft(await page.evaluate(phoneLayoutProblems, MIN_TARGET), screen).toEqual([]);
  });
}

/** The on-screen keyboard, as the page sees it with `interactive-widget=resizes-content`: a shorter viewport. */
const KEYBOARD_OPEN = { width: PHONE.width, height: 300 };

/** The whole of `locator` is inside the viewport as it now stands. */
async function expectInView(page: Page, locator: Locator) {
  await expect
    .poll(async () => {
      const box = await locator.boundingBox();
      const height = await page.evaluate(() => window.innerHeight);
      return box !== null && box.y >= 0 && box.y + box.height <= height;
    })
    .toBe(true);
}

/** Typing in `box` with the keyboard open, the box and its Send button stay wholly in sight. */
async function expectComposerAboveKeyboard(page: Page, box: Locator) {
  await box.focus();
  await page.setViewportSize(KEYBOARD_OPEN);
  try {
    await expectInView(page, box);
    await expectInView(page, page.getByRole("button", { name: "Send", exact: true }));
  } finally {
    await page.setViewportSize(PHONE);
  }
}

test("every screen fits a 360×640 phone, with touch targets of 44 px and the level and XP in the header", async ({
  page,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT_MS);
  // The page keeps the layout above the on-screen keyboard (Chrome on Android; Safari scrolls the field itself).
  expect(await page.request.get("/").then((response) => response.text())).toContain(
    "interactive-widget=resizes-content",
  );

  await page.goto("/");
  await expectFitsPhone(page, "landing page");
  await page.getByRole("button", { name: "Sign In" }).first().click();
  await expectFitsPhone(page, "sign-in form");

  const user = { ...newUser(), email: PHONE_ADMIN_EMAIL };
  user.username = widest(user.username, 20);
  await signUp(page, user);
  await confirmEmailFromOutbox(page, PHONE_ADMIN_EMAIL);
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Welcome!", exact: true })).toBeVisible();
  await expectFitsPhone(page, "home");

  // The header: the username (shortened if it must be), the level and the XP stay on a phone.
  const header = page.getByRole("banner");
  await expect(header.getByText(/^Level \d+$/)).toBeVisible();
  await expect(header.getByText(/^\d+ XP$/)).toBeVisible();
  await expect(header.getByText(user.username.slice(0, 6))).toBeVisible();

  await page.getByRole("button", { name: "Open menu" }).click();
  await expectFitsPhone(page, "menu");
  await page.getByRole("dialog", { name: "Menu" }).getByRole("link", { name: "Stories" }).click();
  await expect(page.getByRole("heading", { name: "Bible Stories", level: 1 })).toBeVisible();
  await expectFitsPhone(page, "story list");

  await page.getByRole("link", { name: "Start Reading: Noah and the Ark" }).click();
  await layerStart(page).click();
  await expect(page.getByRole("img", { name: /Illustration for/ })).toBeVisible({ timeout: 30_000 });
  await expectFitsPhone(page, "story page, reading step by step");
  await page.getByRole("button", { name: "Show the whole layer" }).click();
  // The check loads as the reader nears it, at the end of the layer.
  await page.getByRole("button", { name: "Move to Layer 2" }).scrollIntoViewIfNeeded();
  await expect(page.getByRole("region", { name: "Check your understanding" })).toBeVisible();
  await expectFitsPhone(page, "story page, whole layer and its check");
  await page.getByRole("button", { name: "Reading settings" }).click();
  await expectFitsPhone(page, "reading settings");
  await page.keyboard.press("Escape");

  const groupName = widest(`Phone${uniqueWord()}`, 60);
  await createGroup(page, groupName);
  await expectFitsPhone(page, "group list");
  await openChat(page, groupName);
  await newPost(page, "Rainbows", "God keeps his promises.");
  await expectFitsPhone(page, "group page");
  await page.getByRole("button", { name: "Leave Group" }).click();
  await expect(page.getByRole("dialog", { name: `Leave ${groupName}?` })).toBeVisible();
  await expectFitsPhone(page, "leave-group dialog, with a long group name");
  await page.keyboard.press("Escape");
  const message = page.getByLabel("Message", { exact: true });
  await message.fill("Hello from a phone");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByText("Hello from a phone").first()).toBeVisible();
  await expectFitsPhone(page, "group chat with a message");
  await expectComposerAboveKeyboard(page, message);

  await page.goto("/qna");
  const question = page.getByRole("textbox", { name: "Your question" });
  await question.fill("Who was Moses' brother?");
  await question.press("Enter");
  await expect(page.getByText("The AI Helper has answered.")).toBeAttached({ timeout: 30_000 });
  await expectFitsPhone(page, "AI helper with an answer");
  await expectComposerAboveKeyboard(page, question);

  await page.goto("/profile");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectFitsPhone(page, "profile");
  await page
    .getByRole("banner")
    .getByRole("button", { name: /^Notifications/ })
    .click();
  await expectFitsPhone(page, "notifications menu");
  await page.keyboard.press("Escape");

  await page.goto("/leader");
  await expect(page.getByRole("tab").first()).toBeVisible();
  await expectFitsPhone(page, "leader page");
});
