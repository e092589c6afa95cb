import { type Browser, expect, type Locator, type Page, test } from "@playwright/test";
import { recordCovered } from "./axe-coverage";
import {
  confirmEmailFromOutbox,
  createGroup,
  expectNoAxeViolations,
  joinGroup,
  newPost,
  newUser,
  openChat,
  photoPng,
  resetLinkFromOutbox,
  signUp,
  uniqueWord,
} from "./fixtures";

// One test here holds an API read with page.route, which a service worker's fetches would go around; the
// service worker is e2e/offline.spec.ts's to test.
test.use({ serviceWorkers: "block" });

// The accessibility issue, proven: axe-core's WCAG 2.x A and AA rules on every screen and every open dialog or
// menu; the key flows done with the keyboard alone, with focus trapped in dialogs and given back after; a visible
// focus indicator; and motion off for those who ask for less. One test per family of screens, each with its own
// users and data, so that the tests run in parallel and none of them is long.

// Listed in ADMIN_EMAILS of the e2e server (playwright.config.ts): an admin, and so a leader, once the mailed link
// confirms the address (confirmEmailFromOutbox). Its own
// address, so that it never collides with the admins of safety.spec.ts and media-and-privacy.spec.ts.
const A11Y_ADMIN_EMAIL = "e2e-a11y-admin@example.com";

/**
 * Rules Lighthouse's accessibility score counts that axe files under "best practice" rather than WCAG: a page that
 * passes WCAG can still lose points on them (the story list lost two for a skipped heading level).
 */
const LIGHTHOUSE_BEST_PRACTICES = [
  "heading-order",
  "empty-heading",
  "empty-table-header",
  "landmark-one-main",
  "landmark-unique",
  "landmark-no-duplicate-banner",
  "landmark-no-duplicate-main",
  "skip-link",
  "tabindex",
  "image-redundant-alt",
  "table-duplicate-name",
  "aria-allowed-role",
  "presentation-role-conflict",
];

/** axe-core's WCAG 2.x A and AA rules (as every spec checks them) and Lighthouse's best-practice rules, in one run. */
async function audit(page: Page, what: string) {
  // The run's list of what axe has covered, printed at its end.
  recordCovered(what);
  await test.step(`axe: ${what}`, () =>
    expectNoAxeViolations(page, { bestPractices: LIGHTHOUSE_BEST_PRACTICES }));
}

/** Presses Tab (or Shift+Tab) until `target` has the focus; fails if it takes more than `max` presses. */
async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}) {
  // Found once, not after every press: the role query behind a locator costs more than the press itself.
  let element = await target.elementHandle({ timeout: 10_000 });
  for (let presses = 0; presses < max; presses++) {
    await page.keyboard.press(back ? "Shift+Tab" : "Tab");
    const state = await element.evaluate((node) =>
      node === document.activeElement ? "focused" : node.isConnected ? "elsewhere" : "gone",
    );
    if (state === "focused") return;
    // React has put a new element in its place: find that one.
    if (state === "gone") element = await target.elementHandle({ timeout: 10_000 });
  }
  throw new Error(`Tab never reached ${target}`);
}

/** Tab and Shift+Tab, round and round, never leave the dialog. */
async function expectFocusTrapped(page: Page, dialog: Locator, presses = 10) {
  // Found once: a dialog replaced while open would have dropped the focus, which is a failure here anyway.
  const element = await dialog.elementHandle({ timeout: 10_000 });
  for (const key of ["Tab", "Shift+Tab"]) {
    for (let press = 0; press < presses; press++) {
      await page.keyboard.press(key);
      expect(
        await element.evaluate((node) => node.isConnected && node.contains(document.activeElement)),
        `focus inside the dialog after ${press + 1} × ${key}`,
      ).toBe(true);
    }
  }
}

/** The focused element shows a focus ring: an outline at least 2px wide, or a box shadow. */
async function expectVisibleFocus(target: Locator) {
  await expect(target).toBeFocused();
  const style = await target.evaluate((element) => {
    const computed = getComputedStyle(element);
    return {
      focusVisible: element.matches(":focus-visible"),
      outlineStyle: computed.outlineStyle,
      outlineWidth: Number.parseFloat(computed.outlineWidth),
      boxShadow: computed.boxShadow,
    };
  });
  expect(style.focusVisible).toBe(true);
  const outlined = style.outlineStyle !== "none" && style.outlineWidth >= 2;
  expect(outlined || style.boxShadow !== "none", JSON.stringify(style)).toBe(true);
}

async function sendChatMessage(page: Page, text: string) {
  const box = page.getByRole("textbox", { name: "Message" });
  await box.fill(text);
  await box.press("Enter");
  await expect(page.getByRole("log", { name: "Chat messages" }).getByText(text)).toBeVisible();
}

async function newContext(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

/**
 * An owner's group with a post the owner commented on and a chat message from the owner, and a friend who has
 * joined it and sees the post: each in a browser context of its own, for the caller to close.
 */
async function groupWithAPost(browser: Browser, label: string) {
  const unique = uniqueWord();
  const groupName = `${label} ${unique}`;
  const postTitle = `Psalm 23 ${unique}`;
  const ownerUser = newUser();
  const owner = await newContext(browser);
  const friend = await newContext(browser);
  const o = owner.page;
  const [code] = await Promise.all([
    (async () => {
      await signUp(o, ownerUser);
      const code = await createGroup(o, groupName);
      await openChat(o, groupName);
      await newPost(o, postTitle, "The Lord is my shepherd.");
      const ownPost = o.getByRole("article", { name: postTitle });
      // The comment box is on the card, without a click.
      await ownPost.getByRole("combobox", { name: "Write a comment" }).fill("I shall not want.");
      await o.getByRole("button", { name: "Comment", exact: true }).click();
      // In the list, not the box: the comment can arrive live a moment before the box is emptied.
      await expect(
        ownPost.getByRole("list", { name: "Latest comments" }).getByText("I shall not want."),
      ).toBeVisible();
      await sendChatMessage(o, `Hello circle ${unique}`);
      return code;
    })(),
    // The friend signs up meanwhile.
    signUp(friend.page, newUser()),
  ]);
  await joinGroup(friend.page, code, groupName);
  await expect(friend.page.getByRole("article", { name: postTitle })).toBeVisible();
  return { owner, friend, postTitle, ownerName: ownerUser.username };
}

// Every test makes its own users and data: they run in any order, spread over the workers.
test.describe.configure({ mode: "parallel" });

test.describe("axe-core (WCAG 2.x A and AA) on every screen and open dialog", () => {
  test("a visitor: the landing page, its features and FAQ, and the sign-up form", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("button", { name: "START FREE ADVENTURE" })).toBeVisible();
    await audit(page, "landing page (sign-in form)");

    await page.getByRole("button", { name: "SEE WHAT'S INSIDE" }).click();
    await expect(page.getByRole("heading", { name: "Study groups with chat" })).toBeVisible();
    for (const question of await page.locator("summary").all()) await question.click();
    await expect(page.getByText("Yes, 100% free.")).toBeVisible();
    await audit(page, "landing page, features and FAQ answers open");

    await page.getByRole("button", { name: "START FREE ADVENTURE" }).click();
    await expect(page.getByRole("heading", { name: "Create Your Account" })).toBeVisible();
    await audit(page, "landing page, sign-up form");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByRole("alert")).toBeVisible();
    await audit(page, "landing page, sign-up form with an error");
  });

  test("a visitor: the forgot-password dialog and the reset-password page", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("button", { name: "Forgot your password?" }).click();
    const forgot = page.getByRole("dialog", { name: "Forgot Password" });
    await expect(forgot.getByLabel("Email")).toBeFocused();
    await audit(page, "forgot-password dialog");
    await forgot.getByLabel("Email").fill("not-an-email");
    await forgot.getByRole("button", { name: "Send Reset Link" }).click();
    const failed = page.getByRole("dialog", { name: "Reset Failed" });
    await expect(failed.getByRole("alert")).toBeVisible();
    await audit(page, "forgot-password dialog, failed");
    await failed.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("dialog").getByLabel("Email").fill("nobody-here@example.com");
    await page.getByRole("dialog").getByRole("button", { name: "Send Reset Link" }).click();
    const sent = page.getByRole("dialog", { name: "Check Your Email" });
    await expect(sent.getByText("a reset link is on its way")).toBeVisible();
    await audit(page, "forgot-password dialog, sent");
    await sent.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(sent).toBeHidden();

    await page.goto("/reset-password?token=x");
    await expect(page.getByRole("heading", { name: "Reset Link Issue" })).toBeVisible();
    await audit(page, "reset-password page, invalid or expired link");
  });

  test("home, the story list and a story page before reading", async ({ page }) => {
    await signUp(page, newUser());
    await audit(page, "home");

    await page.goto("/stories");
    await expect(page.getByRole("link", { name: "Start Reading: Noah and the Ark" })).toBeVisible();
    await audit(page, "story list");

    await page.goto("/stories/david-and-goliath");
    await expect(page.getByRole("heading", { name: "Reach Level 2" })).toBeVisible();
    await audit(page, "story page, locked");
    await page.goto("/stories/no-such-story");
    await expect(page.getByRole("heading", { name: "Story not found" })).toBeVisible();
    await audit(page, "story page, not found");

    await page.goto("/stories/noah-and-the-ark");
    await expect(page.getByRole("heading", { name: "Ready to Begin?" })).toBeVisible();
    await audit(page, "story page, ready to begin");
  });

  test("a story's layer, with its image and share dialogs", async ({ page }) => {
    await signUp(page, newUser());
    const groupName = `Ark Readers ${uniqueWord()}`;
    await createGroup(page, groupName);

    await page.goto("/stories/noah-and-the-ark");
    await page.getByRole("button", { name: "Start the story" }).click();
    await expect(page.getByRole("img", { name: /Illustration for/ })).toBeVisible({ timeout: 30_000 });
    await audit(page, "story page, a layer with its text and picture");

    await page.getByRole("button", { name: "Create a new image" }).click();
    const image = page.getByRole("dialog", { name: "Create Image for This Story" });
    await expect(image).toBeVisible();
    await audit(page, "image dialog");
    await image.getByRole("button", { name: "Cancel" }).click();
    await expect(image).toBeHidden();

    // Sharing is among the layer's actions, after its text: on the last step, or with the whole layer shown.
    await page.getByRole("button", { name: "Show the whole layer" }).click();
    await page.getByRole("button", { name: "Share", exact: true }).click();
    const share = page.getByRole("dialog", { name: "Share Your Journey" });
    await audit(page, "share dialog, the reader's note");
    await share.getByLabel("What did you learn?").fill("God keeps his promises.");
    await share.getByRole("button", { name: "Create Draft" }).click();
    await expect(share.getByLabel("Your post")).toBeVisible();
    await audit(page, "share dialog, the draft");
    await share.getByRole("button", { name: "Continue to Share" }).click();
    await share.getByRole("radio", { name: new RegExp(groupName) }).check();
    await audit(page, "share dialog, choosing a group");
    await share.getByRole("button", { name: "Share Now" }).click();
    await expect(share.getByRole("heading", { name: "Shared!" })).toBeVisible();
    await audit(page, "share dialog, shared");
  });

  test("Q&A: no conversations, folders, a conversation with its menus, renaming, deleting and search", async ({
    page,
  }) => {
    const question = "Why did David fight Goliath?";
    await signUp(page, newUser());
    await page.goto("/qna");
    await expect(page.getByText("No conversations yet. Ask your first question!")).toBeVisible();
    await audit(page, "Q&A, no conversations");

    const folderName = `Heroes ${uniqueWord()}`;
    await page.getByRole("button", { name: "New folder", exact: true }).click();
    const create = page.getByRole("dialog", { name: "Create New Folder" });
    await create.getByLabel("Folder name", { exact: true }).fill(folderName);
    await audit(page, "Q&A, create-folder dialog");
    await create.getByRole("button", { name: "Create", exact: true }).click();
    await expect(create).toBeHidden();

    await page.getByRole("button", { name: `Rename folder ${folderName}` }).click();
    await expect(page.getByLabel("Folder name", { exact: true })).toBeFocused();
    await audit(page, "Q&A, renaming a folder");
    await page.getByLabel("Folder name", { exact: true }).press("Escape");

    await page.getByRole("button", { name: `Delete folder ${folderName}` }).click();
    const deleteFolder = page.getByRole("dialog", { name: "Delete folder?" });
    await expect(deleteFolder).toBeVisible();
    await audit(page, "Q&A, delete-folder dialog");
    await deleteFolder.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("textbox", { name: "Your question" }).fill(question);
    await page.getByRole("textbox", { name: "Your question" }).press("Enter");
    const messages = page.getByRole("region", { name: "Messages" });
    await expect(messages.locator('a[href="/stories/david-and-goliath"]')).toBeVisible({ timeout: 30_000 });
    await audit(page, "Q&A, a conversation open with its answer");

    await page.getByRole("button", { name: `Options for ${question}` }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    await audit(page, "Q&A, conversation menu");
    await page.getByRole("menuitem", { name: "Move to folder" }).click();
    await expect(page.getByRole("menuitemradio", { name: folderName })).toBeVisible();
    await audit(page, "Q&A, move-to-folder menu");
    await page.getByRole("menuitemradio", { name: folderName }).click();
    await expect(page.getByRole("button", { name: `${folderName}, 1 conversation` })).toBeVisible();

    await page.getByRole("button", { name: `Options for ${question}` }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await expect(page.getByLabel("Conversation title", { exact: true })).toBeFocused();
    await audit(page, "Q&A, renaming a conversation");
    await page.getByLabel("Conversation title", { exact: true }).press("Escape");

    await page.getByRole("button", { name: `Options for ${question}` }).click();
    await page.getByRole("menuitem", { name: "Delete", exact: true }).click();
    const deleteConversation = page.getByRole("dialog", { name: "Delete conversation?" });
    await expect(deleteConversation).toBeVisible();
    await audit(page, "Q&A, delete-conversation dialog");
    await deleteConversation.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("searchbox", { name: "Search conversations" }).fill("goliath");
    await expect(page.getByRole("list", { name: "Search results" })).toBeVisible();
    await audit(page, "Q&A, search results");
  });

  test("groups as an owner: none yet, the join and create dialogs, the lists, and the group's page with its dialogs", async ({
    page,
  }) => {
    const unique = uniqueWord();
    const groupName = `Owner Circle ${unique}`;
    const postTitle = `Psalm 121 ${unique}`;
    await signUp(page, newUser());
    await page.goto("/groups");
    await expect(page.getByRole("heading", { name: "You're not in a group yet" })).toBeVisible();
    await audit(page, "groups, none yet");
    await page.getByRole("button", { name: "Join Study Group" }).click();
    await expect(page.getByRole("dialog", { name: "Join Study Group" })).toBeVisible();
    await audit(page, "join-group dialog");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Create Study Group" }).click();
    await expect(page.getByRole("dialog", { name: "Create Study Group" })).toBeVisible();
    await audit(page, "create-group dialog");
    await page.keyboard.press("Escape");
    await createGroup(page, groupName);
    await audit(page, "groups, my groups");
    await page.getByRole("button", { name: "All Groups" }).click();
    await expect(page.getByRole("button", { name: "All Groups" })).toHaveAttribute("aria-pressed", "true");
    await audit(page, "groups, all groups");

    await page.getByRole("button", { name: "My Groups" }).click();
    await openChat(page, groupName);
    await expect(page.getByRole("heading", { name: "No Posts Yet" })).toBeVisible();
    await audit(page, "group page, empty feed and chat, with the group's settings");
    await page.getByRole("button", { name: "New Post" }).click();
    const postDialog = page.getByRole("dialog", { name: "New Post" });
    await postDialog
      .getByLabel("Photo or video (optional)")
      .setInputFiles({ name: "lake.png", mimeType: "image/png", buffer: await photoPng() });
    await expect(postDialog.getByRole("img", { name: "Preview of lake.png" })).toBeVisible();
    await audit(page, "new-post dialog, with a photo chosen");
    await postDialog.getByRole("button", { name: "Cancel" }).click();

    await newPost(page, postTitle, "I lift up my eyes to the hills.");
    await page
      .getByRole("article", { name: postTitle })
      .getByRole("button", { name: "Post options" })
      .click();
    await page.getByRole("menuitem", { name: "Delete", exact: true }).click();
    const deletePost = page.getByRole("dialog", { name: "Delete this post?" });
    await expect(deletePost).toBeVisible();
    await audit(page, "delete-post dialog");
    await deletePost.getByRole("button", { name: "Cancel" }).click();
    await page.getByRole("button", { name: "Leave Group" }).click();
    const leave = page.getByRole("dialog", { name: `Leave ${groupName}?` });
    await expect(leave).toBeVisible();
    await audit(page, "leave-group dialog");
    await leave.getByRole("button", { name: "Cancel" }).click();
  });

  test("a group's feed as a member: a post's menu, reporting it, the admin-delete panel, and the owner's notifications", async ({
    browser,
  }) => {
    const { owner, friend, postTitle } = await groupWithAPost(browser, "Feed Circle");
    const f = friend.page;
    const post = f.getByRole("article", { name: postTitle });
    await audit(f, "group page, a post in the feed and a chat message");

    await post.getByRole("button", { name: /^Like/ }).click();
    await expect(post.getByRole("button", { name: /^Like/ })).toHaveAttribute("aria-pressed", "true");
    await post.getByRole("button", { name: "Post options" }).click();
    await expect(f.getByRole("menu")).toBeVisible();
    await audit(f, "post menu");
    await f.getByRole("menuitem", { name: "Report" }).click();
    const reportPost = f.getByRole("dialog", { name: "Report this post" });
    await expect(reportPost).toBeVisible();
    await audit(f, "report dialog, a post");
    await reportPost.getByRole("radio", { name: "Spam" }).check();
    await reportPost.getByRole("button", { name: "Send report" }).click();
    await expect(reportPost.getByText("Thanks for telling us.")).toBeVisible();
    await audit(f, "report dialog, sent");
    await reportPost.getByRole("button", { name: "Close", exact: true }).last().click();
    await expect(reportPost).toBeHidden();

    await post.getByRole("button", { name: "Post options" }).click();
    await f.getByRole("menuitem", { name: "Admin Delete" }).click();
    await expect(post.getByLabel("Admin password", { exact: true })).toBeFocused();
    await audit(f, "admin-delete panel");
    await post.getByRole("button", { name: "Cancel" }).click();

    // The owner heard about the like.
    const o = owner.page;
    await o.getByRole("button", { name: /^Notifications, \d+ unread$/ }).click();
    const notifications = o.getByRole("dialog", { name: "Notifications" });
    await expect(notifications.getByRole("listitem").first()).toBeVisible();
    await audit(o, "notifications menu");
    await o.keyboard.press("Escape");

    await Promise.all([owner.context.close(), friend.context.close()]);
  });

  test("a group's feed as a member: comments, a reply, mentions, and reporting a comment and a chat message", async ({
    browser,
  }) => {
    const { owner, friend, postTitle, ownerName } = await groupWithAPost(browser, "Comment Circle");
    const f = friend.page;
    const post = f.getByRole("article", { name: postTitle });
    await post.getByRole("button", { name: /^Comments/ }).click();
    await expect(post.getByText("I shall not want.")).toBeVisible();
    await audit(f, "a post's comments and the comment box");
    await post.getByRole("button", { name: `Reply to ${ownerName}` }).click();
    await expect(post.getByRole("combobox", { name: /Write a reply/ })).toBeFocused();
    await audit(f, "a comment's reply box");
    await post.getByRole("combobox", { name: /Write a reply/ }).press("Escape");
    await post.getByRole("button", { name: `Report comment by ${ownerName}` }).click();
    const reportComment = f.getByRole("dialog", { name: "Report this comment" });
    await expect(reportComment).toBeVisible();
    await audit(f, "report dialog, a comment");
    await reportComment.getByRole("button", { name: "Cancel" }).click();

    const commentBox = post.getByRole("combobox", { name: "Write a comment" });
    await commentBox.fill("Thank you @e2e");
    await expect(f.getByRole("listbox", { name: "Mention suggestions" })).toBeVisible();
    await audit(f, "mention suggestions");
    await commentBox.press("Escape");

    await f.getByRole("button", { name: `Report message from ${ownerName}` }).click();
    const reportMessage = f.getByRole("dialog", { name: "Report this message" });
    await expect(reportMessage).toBeVisible();
    await audit(f, "report dialog, a chat message");
    await reportMessage.getByRole("button", { name: "Cancel" }).click();

    await Promise.all([owner.context.close(), friend.context.close()]);
  });

  test("profile: editing, changing the password, 'Your data' and deleting the account", async ({ page }) => {
    const user = newUser();
    await signUp(page, user);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "Your data" })).toBeVisible();
    await audit(page, "profile, with 'Your data'");

    await page.getByRole("button", { name: "Edit profile" }).click();
    await expect(page.getByRole("heading", { name: "Edit Profile" })).toBeVisible();
    await audit(page, "profile, editing");
    await page.getByRole("button", { name: "Cancel" }).click();

    await page.getByRole("button", { name: "Change Password" }).click();
    const change = page.getByRole("dialog", { name: "Change Password" });
    await expect(change.getByLabel("Current password", { exact: true })).toBeFocused();
    await change.getByLabel("Current password", { exact: true }).fill(user.password);
    await change.getByLabel("New password", { exact: true }).fill("Lamp-river-2027");
    await change.getByLabel("Confirm new password", { exact: true }).fill("Lamp-river-2027");
    await audit(page, "change-password dialog");
    await change.getByRole("button", { name: "Update Password" }).click();
    await expect(change.getByText("Password Updated!")).toBeVisible();
    await audit(page, "change-password dialog, updated");
    await page.keyboard.press("Escape");
    await expect(change).toBeHidden();

    await page.getByRole("button", { name: "Delete my account" }).click();
    const remove = page.getByRole("dialog", { name: "Delete my account" });
    await remove.getByRole("button", { name: "Delete my account" }).click();
    await expect(remove.getByRole("alert")).toBeVisible();
    await audit(page, "delete-account dialog, with its error");
    await remove.getByRole("button", { name: "Cancel" }).click();
  });

  test("leader review: every tab and its dialogs, signed in as an admin", async ({ browser }) => {
    const unique = uniqueWord();
    const groupName = `Review Circle ${unique}`;
    const postTitle = `Sunset ${unique}`;
    const risky = "Is suicide a sin?";
    const member = await newContext(browser);
    const admin = await newContext(browser);
    const m = member.page;
    const a = admin.page;
    const [code] = await Promise.all([
      (async () => {
        await signUp(m, newUser());
        const code = await createGroup(m, groupName);
        await openChat(m, groupName);
        // Waits for a leader: the group approves photos and videos first, and its owner is a member.
        await newPost(m, postTitle, "Look at the sky!", await photoPng());
        return code;
      })(),
      // The admin signs up meanwhile, and confirms the address by its link.
      signUp(a, { ...newUser(), email: A11Y_ADMIN_EMAIL }).then(() =>
        confirmEmailFromOutbox(a, A11Y_ADMIN_EMAIL),
      ),
    ]);

    await Promise.all([
      (async () => {
        await m.goto("/qna");
        await m.getByRole("textbox", { name: "Your question" }).fill(risky);
        await m.getByRole("textbox", { name: "Your question" }).press("Enter");
        await expect(
          m.getByRole("region", { name: "Messages" }).getByText("I'm really glad you told me."),
        ).toBeVisible({
          timeout: 30_000,
        });
      })(),
      // The admin joins the group and reports the post while the member asks.
      (async () => {
        await joinGroup(a, code, groupName);
        await a
          .getByRole("article", { name: postTitle })
          .getByRole("button", { name: "Post options" })
          .click();
        await a.getByRole("menuitem", { name: "Report" }).click();
        const report = a.getByRole("dialog", { name: "Report this post" });
        await report.getByRole("radio", { name: "Unkind or bullying" }).check();
        await report.getByRole("button", { name: "Send report" }).click();
        await expect(report.getByText("Thanks for telling us.")).toBeVisible();
        await a.keyboard.press("Escape");
      })(),
    ]);

    await a.goto("/leader");
    const reported = a.getByRole("article").filter({ hasText: "Look at the sky!" });
    await expect(reported).toBeVisible();
    await audit(a, "leader review, Reports");
    await reported.getByRole("button", { name: "Hide" }).click();
    const hide = a.getByRole("dialog", { name: "Hide this post?" });
    await expect(hide.getByLabel("Why? (kept in the audit log)")).toBeFocused();
    await audit(a, "leader review, action dialog");
    await a.keyboard.press("Escape");
    await expect(reported.getByRole("button", { name: "Hide" })).toBeFocused();

    await a.getByRole("tab", { name: "Photos and videos" }).click();
    const waiting = a.getByRole("article").filter({ hasText: postTitle });
    await expect(waiting.getByRole("img")).toBeVisible();
    await audit(a, "leader review, Photos and videos");
    await waiting.getByRole("button", { name: "Reject" }).click();
    await expect(a.getByRole("dialog", { name: "Reject this photo?" })).toBeVisible();
    await audit(a, "leader review, reject dialog");
    await a.keyboard.press("Escape");

    await a.getByRole("tab", { name: "AI helper" }).click();
    const flag = a.getByRole("article").filter({ hasText: risky }).first();
    await expect(flag).toBeVisible();
    await audit(a, "leader review, AI helper");
    await flag.getByRole("button", { name: "Mark as handled" }).click();
    const handled = a.getByRole("dialog", { name: "Mark this as handled?" });
    await handled.getByLabel("Why? (kept in the audit log)").fill("Talked with the family.");
    await audit(a, "leader review, AI helper action dialog");
    await handled.getByRole("button", { name: "Mark as handled" }).click();
    await expect(handled).toBeHidden();

    await a.getByRole("tab", { name: "Audit log" }).click();
    await expect(a.getByRole("row").filter({ hasText: "Talked with the family." })).toBeVisible();
    await audit(a, "leader review, Audit log");

    // The tabs, by keyboard: the arrow keys move between them, Home goes to the first.
    await expect(a.getByRole("tab", { name: "Audit log" })).toBeFocused();
    await a.keyboard.press("ArrowLeft");
    await expect(a.getByRole("tab", { name: "Questions" })).toHaveAttribute("aria-selected", "true");
    await expect(a.getByRole("heading", { name: "Waiting for a reply", level: 2 })).toBeVisible();
    await audit(a, "leader review, Questions");
    await a.keyboard.press("Home");
    await expect(a.getByRole("tab", { name: "Reports" })).toBeFocused();
    await expect(a.getByRole("heading", { name: "Reports", level: 2 })).toBeVisible();
    await a.keyboard.press("Tab");
    await expect(a.getByRole("tabpanel", { name: "Reports" })).toBeFocused();

    await Promise.all([member.context.close(), admin.context.close()]);
  });

  test("a phone-sized screen: landing, home and the mobile menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/");
    await expect(page.getByRole("button", { name: "START FREE ADVENTURE" })).toBeVisible();
    await audit(page, "landing page, phone");
    await signUp(page, newUser());
    await audit(page, "home, phone");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await audit(page, "mobile menu");
    await page.getByRole("dialog").getByRole("link", { name: "Profile" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await page.getByRole("button", { name: "Notifications", exact: true }).click();
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
    await audit(page, "notifications menu, phone, none yet");
  });
});

test.describe("keyboard only", () => {
  test("a visitor signs up with the keyboard, then skips to the content", async ({ page }) => {
    const user = newUser();
    await page.goto("/");
    await tabTo(page, page.getByRole("button", { name: "START FREE ADVENTURE" }));
    await page.keyboard.press("Enter");
    // The form takes the focus, at its first field: the birth year, chosen by typing it.
    const birthYear = page.getByLabel("Birth year");
    await expect(birthYear).toBeFocused();
    await page.keyboard.type("1990");
    await expect(birthYear).toHaveValue("1990");
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Username")).toBeFocused();
    await page.keyboard.type(user.username);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email", { exact: true })).toBeFocused();
    await page.keyboard.type(user.email);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password", { exact: true })).toBeFocused();
    await page.keyboard.type(user.password);
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Show password" })).toBeFocused();
    await page.keyboard.press("Space");
    await expect(page.getByLabel("Password", { exact: true })).toHaveAttribute("type", "text");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("button", { name: "Create Account" })).toBeFocused();
    await page.keyboard.press("Enter");
    // A new account's first-run tour: a dialog that takes the focus, and Escape skips it.
    const tour = page.getByRole("dialog", { name: "Welcome to Lamplight!" });
    await expect(tour.getByRole("button", { name: "Next" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(tour).toBeHidden();
    await expect(page.getByRole("heading", { level: 1, name: "Welcome!", exact: true })).toBeVisible();

    // 'Skip to content' is the first stop, shown when focused, and lands on the main content.
    await page.keyboard.press("Tab");
    const skip = page.getByRole("link", { name: "Skip to content" });
    await expect(skip).toBeFocused();
    expect((await skip.boundingBox())?.width ?? 0).toBeGreaterThan(20);
    await page.keyboard.press("Enter");
    await expect(page.locator("main")).toBeFocused();
    // On from there, the quick links of the home page.
    await tabTo(
      page,
      page.getByRole("navigation", { name: "Quick links" }).getByRole("link", { name: /Groups/ }),
    );
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Study Groups", level: 1 })).toBeVisible();

    // Signing out and back in, by keyboard, through the reset link the outbox holds.
    await page.goto("/profile");
    await tabTo(page, page.getByRole("button", { name: "Sign Out" }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("button", { name: "START FREE ADVENTURE" })).toBeVisible();
    await tabTo(page, page.getByRole("button", { name: "Forgot your password?" }));
    await page.keyboard.press("Enter");
    const forgot = page.getByRole("dialog", { name: "Forgot Password" });
    await expect(forgot.getByLabel("Email")).toBeFocused();
    await page.keyboard.type(user.email);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Check Your Email" })).toBeVisible();
    await expect(page.getByRole("dialog").getByRole("button", { name: "Close" }).last()).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.getByRole("button", { name: "Forgot your password?" })).toBeFocused();

    await page.goto(await resetLinkFromOutbox(user.email));
    await expect(page.getByRole("heading", { name: "Reset Your Password" })).toBeVisible();
    await audit(page, "reset-password page, the form");
    await tabTo(page, page.getByLabel("New password", { exact: true }));
    await page.keyboard.type("Lamp-meadow-2026");
    await tabTo(page, page.getByLabel("Confirm password", { exact: true }));
    await page.keyboard.type("Lamp-meadow-2026");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Password Updated!" })).toBeVisible();
    await audit(page, "reset-password page, updated");
  });

  test("the profile's dialogs, its edit mode and the notifications menu: opened by keyboard, focus trapped and given back", async ({
    page,
  }) => {
    await signUp(page, newUser());

    // A dialog opened with Enter.
    await page.goto("/profile");
    const changePassword = page.getByRole("button", { name: "Change Password" });
    await tabTo(page, changePassword);
    await page.keyboard.press("Enter");
    const change = page.getByRole("dialog", { name: "Change Password" });
    await expect(change).toBeVisible();
    expect(await change.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
    await expectFocusTrapped(page, change);
    await page.keyboard.press("Escape");
    await expect(change).toBeHidden();
    await expect(changePassword).toBeFocused();

    // A dialog opened with Space, cancelled with its own button.
    const deleteAccount = page.getByRole("button", { name: "Delete my account" });
    await tabTo(page, deleteAccount);
    await page.keyboard.press("Space");
    const remove = page.getByRole("dialog", { name: "Delete my account" });
    await expect(remove).toBeVisible();
    await expectFocusTrapped(page, remove);
    await tabTo(page, remove.getByRole("button", { name: "Cancel" }));
    await page.keyboard.press("Enter");
    await expect(remove).toBeHidden();
    await expect(deleteAccount).toBeFocused();

    // The pencil into edit mode, and back to it after Escape... or Cancel.
    const pencil = page.getByRole("button", { name: "Edit profile" });
    await tabTo(page, pencil, { back: true });
    await page.keyboard.press("Enter");
    await expect(page.getByLabel("Username")).toBeFocused();
    await tabTo(page, page.getByRole("button", { name: "Cancel" }));
    await page.keyboard.press("Enter");
    await expect(pencil).toBeFocused();

    // The notifications menu.
    const bell = page.getByRole("button", { name: /^Notifications/ });
    await tabTo(page, bell, { back: true });
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Notifications" })).toBeHidden();
    await expect(bell).toBeFocused();
  });

  test("a group, a post, its menu and its comments: made and worked by keyboard, focus trapped and given back", async ({
    page,
  }) => {
    await signUp(page, newUser());

    // A group made by keyboard, a post, and its menu worked with the arrow keys.
    await page.goto("/groups");
    const createButton = page.getByRole("button", { name: "Create Study Group" });
    await tabTo(page, createButton);
    await page.keyboard.press("Enter");
    const create = page.getByRole("dialog", { name: "Create Study Group" });
    await expect(create.getByLabel("Group name")).toBeFocused();
    await expectFocusTrapped(page, create, 6);
    await tabTo(page, create.getByLabel("Group name"));
    const groupName = `Keys ${uniqueWord()}`;
    await page.keyboard.type(groupName);
    await page.keyboard.press("Enter");
    await expect(create).toBeHidden();
    await expect(createButton).toBeFocused();
    await tabTo(page, page.getByRole("link", { name: `Open Chat: ${groupName}` }));
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: groupName, level: 1 })).toBeVisible();

    await tabTo(page, page.getByRole("button", { name: "New Post" }));
    await page.keyboard.press("Enter");
    const postDialog = page.getByRole("dialog", { name: "New Post" });
    await expect(postDialog).toBeVisible();
    await tabTo(page, postDialog.getByLabel("Title"));
    await page.keyboard.type("By keyboard");
    await page.keyboard.press("Tab");
    await expect(postDialog.getByLabel("Content")).toBeFocused();
    await page.keyboard.type("Every step with the keys.");
    await tabTo(page, postDialog.getByRole("button", { name: "Post", exact: true }));
    await page.keyboard.press("Enter");
    await expect(postDialog).toBeHidden();

    const options = page
      .getByRole("article", { name: "By keyboard" })
      .getByRole("button", { name: "Post options" });
    await tabTo(page, options);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("menu")).toBeVisible();
    await expect(page.getByRole("menuitem").first()).toBeFocused();
    await expectVisibleFocus(page.getByRole("menuitem").first());
    await page.keyboard.press("Escape");
    await expect(page.getByRole("menu")).toBeHidden();
    await expect(options).toBeFocused();
    // Delete, chosen from the menu, asks first; Escape goes back to the menu's button.
    await page.keyboard.press("Enter");
    const deleteItem = page.getByRole("menuitem", { name: "Delete", exact: true });
    for (
      let step = 0;
      step < 4 && !(await deleteItem.evaluate((item) => item === document.activeElement));
      step++
    )
      await page.keyboard.press("ArrowDown");
    await expect(deleteItem).toBeFocused();
    await page.keyboard.press("Enter");
    const confirm = page.getByRole("dialog", { name: "Delete this post?" });
    await expect(confirm).toBeVisible();
    await expectFocusTrapped(page, confirm, 4);
    await page.keyboard.press("Escape");
    await expect(confirm).toBeHidden();
    await expect(options).toBeFocused();

    // The comments, a reply and its Escape, by keyboard.
    const comments = page
      .getByRole("article", { name: "By keyboard" })
      .getByRole("button", { name: /^Comments/ });
    await tabTo(page, comments);
    await page.keyboard.press("Enter");
    await expect(comments).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("Tab");
    await expect(page.getByRole("combobox", { name: "Write a comment" })).toBeFocused();
    await page.keyboard.type("A comment by keyboard");
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await expect(page.getByText("A comment by keyboard")).toBeVisible();
  });

  test("the mobile menu traps and returns the focus, and the helper is asked with Enter", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await signUp(page, newUser());
    const openMenu = page.getByRole("button", { name: "Open menu" });
    await tabTo(page, openMenu);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expectFocusTrapped(page, menu, 8);
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(openMenu).toBeFocused();
    await page.keyboard.press("Enter");
    await tabTo(page, menu.getByRole("link", { name: "Q&A" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/qna$/);
    await expect(menu).toBeHidden();

    // Asking the helper with Enter.
    await tabTo(page, page.getByRole("textbox", { name: "Your question" }));
    await page.keyboard.type("Who was Noah?");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("region", { name: "Messages" }).getByText("Who was Noah?")).toBeVisible();
  });
});

test.describe("visible focus", () => {
  test("a link, a button, an input and a dialog's close button show a focus ring", async ({ page }) => {
    await page.goto("/");
    const signIn = page.getByRole("banner").getByRole("link", { name: "Sign In" });
    await tabTo(page, signIn);
    await expectVisibleFocus(signIn);
    const start = page.getByRole("button", { name: "START FREE ADVENTURE" });
    await tabTo(page, start);
    await expectVisibleFocus(start);
    const email = page.getByLabel("Email or username");
    await tabTo(page, email);
    await expectVisibleFocus(email);
    const faq = page.locator("summary").first();
    await tabTo(page, faq);
    await expectVisibleFocus(faq);

    await tabTo(page, page.getByRole("button", { name: "Forgot your password?" }), { back: true });
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Forgot Password" });
    await tabTo(page, dialog.getByRole("button", { name: "Close" }));
    await expectVisibleFocus(dialog.getByRole("button", { name: "Close" }));
  });
});

test.describe("prefers-reduced-motion", () => {
  test("spinners, transitions and scrolling stand still for those who ask", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    // The landing page's calls to action bring the form into view: instantly, not smoothly.
    await page.addInitScript(() => {
      const calls: unknown[] = [];
      (window as unknown as { scrollCalls: unknown[] }).scrollCalls = calls;
      const original = Element.prototype.scrollIntoView;
      Element.prototype.scrollIntoView = function (options?: boolean | ScrollIntoViewOptions) {
        calls.push(options);
        return original.call(this, options);
      };
    });
    await page.goto("/");
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe("auto");
    await page.getByRole("button", { name: "START FREE ADVENTURE" }).click();
    const calls = await page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls);
    expect(calls).toEqual([{ behavior: "auto", block: "start" }]);
    const chevron = page.getByRole("button", { name: "SEE WHAT'S INSIDE" }).locator("svg");
    expect(await motion(chevron)).toMatchObject({ still: true });

    await page.emulateMedia({ reducedMotion: "no-preference" });
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.getByRole("button", { name: "START FREE ADVENTURE" }).click();
    expect(await page.evaluate(() => (window as unknown as { scrollCalls: unknown[] }).scrollCalls)).toEqual([
      { behavior: "auto", block: "start" },
      { behavior: "smooth", block: "start" },
    ]);
    await page.emulateMedia({ reducedMotion: "reduce" });

    await signUp(page, newUser());
    // The story list held while loading, so its spinner can be looked at.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/stories", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto("/stories");
    const spinner = page
      .getByRole("status")
      .filter({ hasText: "Loading stories..." })
      .locator(".animate-spin");
    await expect(spinner).toBeVisible();
    expect(await motion(spinner)).toMatchObject({ still: true });
    await page.emulateMedia({ reducedMotion: "no-preference" });
    // Without the preference it spins, so the check above is not passing by accident.
    expect(await motion(spinner)).toMatchObject({ still: false });
    await page.emulateMedia({ reducedMotion: "reduce" });
    release();
    await expect(page.getByRole("link", { name: "Start Reading: Noah and the Ark" })).toBeVisible();
    expect(await motion(page.getByRole("link", { name: "Start Reading: Noah and the Ark" }))).toMatchObject({
      still: true,
    });

    // Dialogs appear and go without animating.
    await page.goto("/profile");
    await page.getByRole("button", { name: "Change Password" }).click();
    const dialog = page.getByRole("dialog", { name: "Change Password" });
    await expect(dialog).toBeVisible();
    expect(await motion(dialog)).toMatchObject({ still: true });
    expect(await motion(page.locator(".fixed.inset-0.z-40"))).toMatchObject({
      still: true,
    });
  });
});

/**
 * Whether an element moves: every animation and transition on it over in at most 0.01ms (or none at all), and
 * an animation that runs at most once.
 */
async function motion(target: Locator) {
  return target.evaluate((element) => {
    const style = getComputedStyle(element);
    const seconds = (value: string) =>
      Math.max(
        ...value
          .split(",")
          .map((part) =>
            part.trim().endsWith("ms") ? Number.parseFloat(part) / 1000 : Number.parseFloat(part),
          ),
      );
    const animated = style.animationName !== "none";
    const animationSeconds = animated ? seconds(style.animationDuration) : 0;
    const iterations = style.animationIterationCount;
    const transitionSeconds = seconds(style.transitionDuration);
    const still =
      animationSeconds <= 0.00001 &&
      (!animated || iterations === "1") &&
      transitionSeconds <= 0.00001 &&
      seconds(style.animationDelay) === 0 &&
      seconds(style.transitionDelay) === 0;
    return { still, animationName: style.animationName, animationSeconds, iterations, transitionSeconds };
  });
}
