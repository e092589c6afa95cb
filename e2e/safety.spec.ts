import { expect, test } from "@playwright/test";
import {
  confirmEmailFromOutbox,
  createGroup,
  expectNoAxeViolations,
  joinGroup,
  LONG_FLOW_TIMEOUT_MS,
  newUser,
  openChat,
  signUp,
  uniqueWord,
} from "./fixtures";

// Listed in ADMIN_EMAILS of the e2e server (playwright.config.ts), so this account is an admin, and so a leader,
// from sign-up. Each run starts on a fresh data directory, so the address is free the first time it is used.
const ADMIN_EMAIL = "e2e-admin@example.com";
const PHONE_REFUSAL = "Please don't share phone numbers here.";
const THANKS = "Thanks for telling us. A leader will take a look.";

test("a phone number is refused, a member reports a post, and a leader deletes it on the record", async ({
  browser,
}) => {
  // Three browsers through the whole flow: slower when the suite runs two workers at once.
  test.setTimeout(LONG_FLOW_TIMEOUT_MS);
  const unique = uniqueWord();
  // Unique, because every test shares one server and the queue and 'All Groups' list everyone's.
  const groupName = `Safe Harbour ${unique}`;
  const postTitle = `Knock knock ${unique}`;
  const reason = `Spam in the group ${unique}`;
  const owner = newUser();
  const reporter = newUser();
  const admin = { ...newUser(), email: ADMIN_EMAIL };
  const ownerContext = await browser.newContext();
  const reporterContext = await browser.newContext();
  const adminContext = await browser.newContext();
  const o = await ownerContext.newPage();
  const r = await reporterContext.newPage();
  const a = await adminContext.newPage();
  await signUp(o, owner);
  await signUp(r, reporter);
  await signUp(a, admin);
  // ADMIN_EMAILS promotes the account once the mailed link confirms its address.
  await confirmEmailFromOutbox(a, admin.email);
  await a.goto("/");

  // Members see no Leader entry; the page sends them home.
  await expect(o.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leader" })).toHaveCount(
    0,
  );
  await o.goto("/leader");
  await expect(o.getByRole("heading", { level: 1, name: "Welcome!", exact: true })).toBeVisible();

  const code = await createGroup(o, groupName);
  await openChat(o, groupName);

  // A phone number in a new post: a kind refusal beside the form, what was written kept, and nothing posted.
  await o.getByRole("button", { name: "New Post" }).click();
  const newPost = o.getByRole("dialog", { name: "New Post" });
  await newPost.getByLabel("Title").fill("Call me");
  await newPost.getByLabel("Content").fill("My number is 555 123 4567.");
  await newPost.getByRole("button", { name: "Post", exact: true }).click();
  await expect(newPost.getByRole("alert")).toHaveText(PHONE_REFUSAL);
  await expect(newPost.getByLabel("Title")).toHaveValue("Call me");
  await newPost.getByRole("button", { name: "Cancel" }).click();
  await expect(newPost).toBeHidden();
  await expect(o.getByRole("heading", { name: "No Posts Yet" })).toBeVisible();
  await expect(o.getByRole("article", { name: "Call me" })).toHaveCount(0);

  // A post the others will find in their feed.
  await o.getByRole("button", { name: "New Post" }).click();
  await newPost.getByLabel("Title").fill(postTitle);
  await newPost.getByLabel("Content").fill("Who's there? Buy my stickers! Buy my stickers!");
  await newPost.getByRole("button", { name: "Post", exact: true }).click();
  await expect(newPost).toBeHidden();
  await expect(o.getByRole("article", { name: postTitle })).toBeVisible();

  await joinGroup(r, code, groupName);
  await joinGroup(a, code, groupName);

  // A second member reports the post from its menu.
  const reported = r.getByRole("article", { name: postTitle });
  await reported.getByRole("button", { name: "Post options" }).click();
  await r.getByRole("menuitem", { name: "Report" }).click();
  const report = r.getByRole("dialog", { name: "Report this post" });
  await expect(report.getByRole("button", { name: "Send report" })).toBeDisabled();
  await expectNoAxeViolations(r);
  await report.getByRole("radio", { name: "Spam" }).check();
  await report.getByLabel("Anything else a leader should know? (optional)").fill("Selling things to us.");
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(report.getByText(THANKS)).toBeVisible();
  // The dialog's own X is called Close too; the one under the answer is the last.
  await report.getByRole("button", { name: "Close", exact: true }).last().click();
  await expect(report).toBeHidden();

  // The admin (a leader too) finds it in the queue and deletes the post, saying why.
  await a.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leader" }).click();
  await expect(a).toHaveURL(/\/leader$/);
  await expect(a.getByRole("heading", { name: "Leader review", level: 1 })).toBeVisible();
  const queued = a.getByRole("article").filter({ hasText: postTitle });
  await expect(queued).toBeVisible();
  await expect(queued.getByRole("heading", { name: `Post by ${owner.username}` })).toBeVisible();
  await expect(queued.getByText("Spam", { exact: true })).toBeVisible();
  await expect(queued.getByText("Selling things to us.")).toBeVisible();
  await expect(queued.getByText(reporter.username, { exact: true })).toBeVisible();
  await expect(queued.getByText(groupName, { exact: true })).toBeVisible();
  await expect(queued.getByText("1 report", { exact: true })).toBeVisible();
  await expectNoAxeViolations(a);

  await queued.getByRole("button", { name: "Delete" }).click();
  const confirm = a.getByRole("dialog", { name: "Delete this post?" });
  await expect(confirm.getByRole("button", { name: "Delete" })).toBeDisabled();
  await confirm.getByLabel("Why? (kept in the audit log)").fill(reason);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(confirm).toBeHidden();
  await expect(queued).toHaveCount(0);
  // Gone from the group's feed for its author too, without a reload.
  await expect(o.getByRole("article", { name: postTitle })).toHaveCount(0);

  await a.getByRole("tab", { name: "Audit log" }).click();
  const entry = a.getByRole("row").filter({ hasText: reason });
  await expect(entry).toBeVisible();
  await expect(entry.getByText("Deleted", { exact: true })).toBeVisible();
  await expect(entry.getByText(admin.username, { exact: true })).toBeVisible();
  await expect(entry.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expectNoAxeViolations(a);

  await ownerContext.close();
  await reporterContext.close();
  await adminContext.close();
});
