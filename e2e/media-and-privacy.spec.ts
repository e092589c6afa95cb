import { expect, test } from "@playwright/test";
import {
  confirmEmailFromOutbox,
  createGroup,
  expectNoAxeViolations,
  joinGroup,
  newPost,
  newUser,
  openChat,
  photoPng,
  signUp,
} from "./fixtures";

// Issue 6, the rest of child safety as people use it: a member's photo waits for a leader, and a member
// downloads their data and deletes their account while their post stays, by "deleted user".

// Listed in ADMIN_EMAILS of the e2e server (playwright.config.ts): an admin, and so a leader, once the mailed link
// confirms the address.
const MEDIA_ADMIN_EMAIL = "e2e-media-admin@example.com";
const PENDING_FOR_AUTHOR = "Only you can see this until a leader approves it.";
const PENDING_FOR_OTHERS = "A photo or video here is waiting for a leader's approval.";

test("a member's photo waits for a leader, who approves it for the whole group", async ({ browser }) => {
  test.setTimeout(150_000);
  const unique = Date.now().toString(36);
  const groupName = `Lakeside ${unique}`;
  const title = `At the lake ${unique}`;
  const photo = await photoPng();
  const [authorContext, friendContext, adminContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const author = await authorContext.newPage();
  const friend = await friendContext.newPage();
  const admin = await adminContext.newPage();
  const authorUser = newUser();
  await signUp(author, authorUser);
  await signUp(friend, newUser());
  await signUp(admin, { ...newUser(), email: MEDIA_ADMIN_EMAIL });
  await confirmEmailFromOutbox(admin, MEDIA_ADMIN_EMAIL);

  const code = await createGroup(author, groupName);
  await openChat(author, groupName);
  // The owner sees the setting, on by default; a child who owns a group cannot change it (only leaders can).
  await expect(author.getByRole("checkbox", { name: /Approve photos and videos/ })).toBeChecked();
  await expect(author.getByRole("checkbox", { name: /Approve photos and videos/ })).toBeDisabled();
  await joinGroup(friend, code, groupName);
  await newPost(author, title, "Look at the water!", photo);

  const mine = author.getByRole("article", { name: title });
  await expect(mine.getByText(PENDING_FOR_AUTHOR)).toBeVisible();
  await expect(mine.getByRole("img", { name: `Shared by ${authorUser.username}` })).toBeVisible();
  const theirs = friend.getByRole("article", { name: title });
  await expect(theirs.getByText(PENDING_FOR_OTHERS)).toBeVisible();
  await expect(theirs.getByRole("img")).toHaveCount(0);
  await expectNoAxeViolations(friend);

  await admin.goto("/leader");
  await admin.getByRole("tab", { name: "Photos and videos" }).click();
  const waiting = admin.getByRole("article").filter({ hasText: title });
  await expect(waiting.getByRole("img", { name: `Shared by ${authorUser.username}` })).toBeVisible();
  await expect(waiting.getByText(groupName, { exact: true })).toBeVisible();
  await expectNoAxeViolations(admin);
  await waiting.getByRole("button", { name: "Approve" }).click();
  await expect(waiting).toHaveCount(0);

  // The friend's open feed shows the photo at once, and the author hears about it.
  await expect(theirs.getByRole("img", { name: `Shared by ${authorUser.username}` })).toBeVisible();
  await expect(theirs.getByText(PENDING_FOR_OTHERS)).toHaveCount(0);
  await expect(mine.getByText(PENDING_FOR_AUTHOR)).toHaveCount(0);

  await admin.getByRole("tab", { name: "AI helper" }).click();
  await expect(admin.getByRole("heading", { name: "AI helper" })).toBeVisible();
  await expectNoAxeViolations(admin);
  await admin.getByRole("tab", { name: "Audit log" }).click();
  await expect(
    admin.getByRole("row").filter({ hasText: "Approved the photo or video of" }).first(),
  ).toBeVisible();

  await Promise.all([authorContext.close(), friendContext.close(), adminContext.close()]);
});

test("a member downloads their data, deletes their account, and their post stays by 'deleted user'", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const unique = Date.now().toString(36);
  const groupName = `Goodbyes ${unique}`;
  const title = `Thank you all ${unique}`;
  const [leavingContext, friendContext] = await Promise.all([browser.newContext(), browser.newContext()]);
  const leaving = await leavingContext.newPage();
  const friend = await friendContext.newPage();
  const leavingUser = newUser();
  await signUp(leaving, leavingUser);
  await signUp(friend, newUser());
  const code = await createGroup(leaving, groupName);
  await openChat(leaving, groupName);
  await joinGroup(friend, code, groupName);
  await newPost(leaving, title, "It was lovely reading with you.");
  await expect(friend.getByRole("article", { name: title })).toBeVisible();

  await leaving.goto("/profile");
  const downloading = leaving.waitForEvent("download");
  await leaving.getByRole("button", { name: "Download my data" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^lamplight-data-\d{4}-\d\d-\d\d\.json$/);
  const exported = JSON.parse(await streamText(await download.createReadStream()));
  expect(JSON.stringify(exported)).toContain(leavingUser.email);
  expect(JSON.stringify(exported)).toContain(title);

  const opener = leaving.getByRole("button", { name: "Delete my account" });
  await opener.click();
  const dialog = leaving.getByRole("dialog", { name: "Delete my account" });
  await expect(dialog).toBeVisible();
  await expectNoAxeViolations(leaving);
  // Cancelled, focus goes back to the button that opened it.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  await opener.click();
  await dialog.getByRole("textbox", { name: "Your password" }).fill("not-my-password");
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(dialog.getByText("That password is not right.")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Your password" }).fill(leavingUser.password);
  await dialog.getByRole("button", { name: "Delete my account" }).click();
  await expect(leaving.getByRole("button", { name: "START FREE ADVENTURE" })).toBeVisible();

  // The friend, now the group's owner, still reads the post, by "deleted user".
  await friend.reload();
  const kept = friend.getByRole("article", { name: title });
  await expect(kept).toBeVisible();
  await expect(kept.getByText("deleted user")).toBeVisible();
  await expect(kept.getByText(leavingUser.username)).toHaveCount(0);

  await Promise.all([leavingContext.close(), friendContext.close()]);
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}
