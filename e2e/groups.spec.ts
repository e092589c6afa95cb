import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, LONG_FLOW_TIMEOUT_MS, newUser, signUp, uniqueWord } from "./fixtures";

test("two friends make a group, join it with a lowercased code and chat live", async ({ browser }) => {
  // Two browsers through the whole group flow: slower when the suite runs two workers at once.
  test.setTimeout(LONG_FLOW_TIMEOUT_MS);
  const alice = await browser.newContext();
  const bob = await browser.newContext();
  await alice.grantPermissions(["clipboard-read", "clipboard-write"]);
  const a = await alice.newPage();
  const b = await bob.newPage();
  const userA = newUser();
  const userB = newUser();
  await signUp(a, userA);
  await signUp(b, userB);

  await a.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Groups" }).click();
  await expect(a.getByRole("heading", { name: "You're not in a group yet" })).toBeVisible();
  await a.getByRole("button", { name: "Create Study Group" }).click();
  const create = a.getByRole("dialog", { name: "Create Study Group" });
  await expect(create.getByRole("button", { name: "Create Group" })).toBeDisabled();
  await create.getByLabel("Group name").fill("Sunday Explorers");
  await create.getByRole("button", { name: "Create Group" }).click();
  await expect(create).toBeHidden();
  // A first group earns Group Leader: a small celebration, and a notification Alice reads at once.
  await expect(a.getByRole("status").getByText("You earned the Group Leader achievement! 🎉")).toBeVisible();
  await a.getByRole("button", { name: "Notifications, 1 unread" }).click();
  await a.getByRole("button", { name: "Mark all read" }).click();
  await expect(a.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  await a.keyboard.press("Escape");
  const card = a.getByRole("article").filter({ hasText: "Sunday Explorers" });
  const code = (await card.locator(".font-mono").textContent())?.trim() ?? "";
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  await card.getByRole("button", { name: /Copy invite code/ }).click();
  await expect(card.getByText("Copied!")).toBeVisible();
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await expect(card.getByText("Copied!")).toBeHidden({ timeout: 4000 });
  await expectNoAxeViolations(a);

  await b.goto("/groups");
  await b.getByRole("button", { name: "Join Study Group" }).click();
  const join = b.getByRole("dialog", { name: "Join Study Group" });
  await join.getByLabel("Invite code").fill("zzzzzz");
  await join.getByRole("button", { name: "Join Group" }).click();
  await expect(join.getByRole("alert")).toHaveText("Invalid invite code - no group found");
  await join.getByLabel("Invite code").fill(code.toLowerCase());
  await join.getByRole("button", { name: "Join Group" }).click();
  await expect(join).toBeHidden();
  await b.getByRole("link", { name: "Open Chat: Sunday Explorers" }).click();
  await expect(b.getByRole("heading", { name: "Sunday Explorers", level: 1 })).toBeVisible();

  await card.getByRole("link", { name: "Open Chat: Sunday Explorers" }).click();
  await a.getByRole("textbox", { name: "Message" }).fill("Welcome, friend!");
  await a.keyboard.press("Enter");
  await expect(a.getByRole("log", { name: "Chat messages" }).getByText("Welcome, friend!")).toBeVisible();
  // Bob sees it without reloading.
  await expect(b.getByRole("log", { name: "Chat messages" }).getByText("Welcome, friend!")).toBeVisible();
  await b.getByRole("textbox", { name: "Message" }).fill("Thanks! Happy to be here.");
  await b.getByRole("button", { name: "Send", exact: true }).click();
  await expect(
    a.getByRole("log", { name: "Chat messages" }).getByText("Thanks! Happy to be here."),
  ).toBeVisible();
  await expectNoAxeViolations(b);

  // The feed: Alice posts; Bob sees it live, comments and prays; Alice replies.
  await expect(a.getByRole("heading", { name: "No Posts Yet" })).toBeVisible();
  await expect(a.getByText("Be the first to start a discussion in this group!")).toBeVisible();
  await a.getByRole("button", { name: "New Post" }).click();
  const newPost = a.getByRole("dialog", { name: "New Post" });
  await newPost.getByLabel("Title").fill("What did you learn this week?");
  await newPost.getByLabel("Content").fill("I read about the Good Samaritan.\nWho is my neighbour?");
  await newPost.getByRole("button", { name: "Post", exact: true }).click();
  await expect(newPost).toBeHidden();
  const bobPost = b.getByRole("article", { name: "What did you learn this week?" });
  await expect(bobPost).toBeVisible();
  await expect(bobPost.getByText("Who is my neighbour?")).toBeVisible();
  await expect(bobPost.getByText(userA.username, { exact: true })).toBeVisible();
  // The comment box is on the card, without a click.
  const bobComment = bobPost.getByPlaceholder("Write a comment... Use @username to mention someone");
  await expect(bobPost.getByRole("button", { name: "Comment", exact: true })).toBeDisabled();
  await bobComment.fill(`Me too, @${userA.username}! It was great.`);
  await bobPost.getByRole("button", { name: "Comment", exact: true }).click();

  // Bob's mention rings Alice's bell without a reload.
  const alicePost = a.getByRole("article", { name: "What did you learn this week?" });
  await expect(alicePost.getByText(userA.username, { exact: true })).toBeVisible();
  await expect(alicePost.getByRole("button", { name: "Comments (1)" })).toBeVisible();
  const bell = a.getByRole("button", { name: "Notifications, 1 unread" });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(a.getByText(`${userB.username} mentioned you in a comment`)).toBeVisible();
  await a.getByText(`${userB.username} mentioned you in a comment`).click();
  await expect(a.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();

  // Alice replies; Bob prays for the post.
  await alicePost.getByRole("button", { name: "Comments (1)" }).click();
  await alicePost.getByRole("button", { name: `Reply to ${userB.username}` }).click();
  await alicePost
    .getByPlaceholder("Write a reply... Use @username to mention someone")
    .fill("Thanks for sharing!");
  await alicePost.getByRole("button", { name: "Reply", exact: true }).click();
  await expect(
    alicePost.getByRole("list", { name: `Replies to ${userB.username}` }).getByText("Thanks for sharing!"),
  ).toBeVisible();
  // On a phone, the card with its open thread and a nested reply fits the screen: nothing scrolls sideways.
  const desktop = a.viewportSize();
  await a.setViewportSize({ width: 375, height: 800 });
  await expect(alicePost.getByText("Thanks for sharing!")).toBeVisible();
  expect(await a.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  if (desktop) await a.setViewportSize(desktop);
  // The post's own reactions come first; each comment has its own below.
  const bobPray = bobPost.getByRole("button", { name: /Pray/ }).first();
  await bobPray.click();
  await expect(bobPray).toHaveAttribute("aria-pressed", "true");
  await expect(alicePost.getByRole("button", { name: /Pray 1/ }).first()).toBeVisible();
  await expect(a.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();
  await expectNoAxeViolations(a);

  // Admin Delete with a wrong password: the spec's alert, and the post stays.
  await alicePost.getByRole("button", { name: "Post options" }).click();
  await a.getByRole("menuitem", { name: "Admin Delete" }).click();
  await alicePost.getByRole("textbox", { name: "Admin password" }).fill("not-the-password");
  const alerts: string[] = [];
  a.on("dialog", (dialog) => {
    alerts.push(dialog.message());
    void dialog.dismiss();
  });
  await alicePost.getByRole("button", { name: "Delete", exact: true }).click();
  await expect.poll(() => alerts).toEqual(["Invalid admin password or error deleting post"]);
  await expect(alicePost).toBeVisible();

  await alice.close();
  await bob.close();
});

test("a non-member opening a group's chat is sent to /groups", async ({ browser }) => {
  const owner = await browser.newContext();
  const stranger = await browser.newContext();
  const o = await owner.newPage();
  const s = await stranger.newPage();
  // Unique, because every test shares one server and 'All Groups' lists everyone's groups.
  const name = `Private Circle ${uniqueWord()}`;
  await signUp(o, newUser());
  await signUp(s, newUser());
  await o.goto("/groups");
  await o.getByRole("button", { name: "Create Study Group" }).click();
  await o.getByLabel("Group name").fill(name);
  await o.getByRole("button", { name: "Create Group" }).click();
  await o.getByRole("link", { name: `Open Chat: ${name}` }).click();
  await expect(o.getByRole("heading", { name, level: 1 })).toBeVisible();

  await s.goto(new URL(o.url()).pathname);
  await expect(s).toHaveURL(/\/groups$/);
  await s.getByRole("button", { name: "All Groups" }).click();
  const listed = s.getByRole("article").filter({ hasText: name });
  await expect(listed.getByText("Ask a member for the invite code to join.")).toBeVisible();
  await expect(listed.getByRole("link", { name: /Open Chat/ })).toHaveCount(0);
  await owner.close();
  await stranger.close();
});
