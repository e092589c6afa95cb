import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, newUser, signUp, uniqueWord } from "./fixtures";

const WELCOME =
  "Hello! I'm here to help you understand Bible stories better. Ask me anything about the characters, lessons, or what happened in the stories you've read!";
const FIRST_QUESTION = "Why did David fight Goliath?";
const SECOND_QUESTION = "What did the Good Samaritan do?";

test("a reader asks the AI helper, files the conversation in a folder, finds it and keeps it all", async ({
  page,
}) => {
  await signUp(page, newUser());
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Q&A" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Ask AI About Bible Stories" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Chats" })).toBeVisible();
  const messages = page.getByRole("region", { name: "Messages" });
  await expect(messages.getByText(WELCOME)).toBeVisible();
  await expect(page.getByText("No conversations yet. Ask your first question!")).toBeVisible();
  await expectNoAxeViolations(page);

  // The first question creates the conversation, titled by the question; the answer streams in.
  const question = page.getByRole("textbox", { name: "Your question" });
  const send = page.getByRole("button", { name: "Send", exact: true });
  await expect(send).toBeDisabled();
  await question.fill(FIRST_QUESTION);
  await question.press("Enter");
  await expect(messages.getByText(FIRST_QUESTION, { exact: true })).toBeVisible();
  await expect(question).toHaveValue("");
  const conversation = page.getByRole("button", { name: FIRST_QUESTION, exact: true });
  await expect(conversation).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("heading", { level: 2, name: FIRST_QUESTION })).toBeVisible();
  // The question bank's reviewed answer, with its verse and the way to the story.
  await expect(messages).toContainText("(1 Samuel 17:45)", { timeout: 30_000 });
  await expect(messages.locator('a[href="/stories/david-and-goliath"]')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("The AI Helper has answered.")).toBeAttached();

  // The second question goes to the same conversation.
  await question.fill(SECOND_QUESTION);
  await send.click();
  await expect(messages.getByText(SECOND_QUESTION, { exact: true })).toBeVisible();
  await expect(messages).toContainText("The Good Samaritan", { timeout: 30_000 });
  await expect(messages.locator('a[href="/stories/the-good-samaritan"]')).toBeVisible({ timeout: 30_000 });
  await expect(conversation).toHaveAccessibleDescription("4 messages");
  await expectNoAxeViolations(page);

  // A purple folder, and the conversation moved into it.
  const folderName = `Heroes ${uniqueWord()}`;
  await page.getByRole("button", { name: "New folder", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Create New Folder" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Create", exact: true })).toBeDisabled();
  await expect(dialog.getByRole("radio", { name: "Blue" })).toBeChecked();
  await dialog.getByLabel("Folder name").fill(folderName);
  await dialog.getByText("Purple", { exact: true }).click();
  await expect(dialog.getByRole("radio", { name: "Purple" })).toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Create", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: `${folderName}, 0 conversations` })).toBeVisible();

  await page.getByRole("button", { name: `Options for ${FIRST_QUESTION}` }).click();
  await page.getByRole("menuitem", { name: "Move to folder" }).click();
  await page.getByRole("menuitemradio", { name: folderName }).click();
  const folder = page.getByRole("button", { name: `${folderName}, 1 conversation` });
  await expect(folder).toHaveAttribute("aria-expanded", "true");
  const inFolder = page.getByRole("list", { name: `Conversations in ${folderName}` });
  await expect(inFolder.getByRole("button", { name: FIRST_QUESTION, exact: true })).toBeVisible();
  await folder.click();
  await expect(folder).toHaveAttribute("aria-expanded", "false");
  await expect(inFolder).toBeHidden();
  await folder.click();

  // Search by title, in any case.
  const search = page.getByRole("searchbox", { name: "Search conversations" });
  await search.fill("goliath");
  const results = page.getByRole("list", { name: "Search results" });
  await expect(results.getByRole("button", { name: FIRST_QUESTION, exact: true })).toBeVisible();
  await expect(results).toContainText(folderName);
  await search.fill("no such conversation");
  await expect(page.getByText('No conversations match "no such conversation"')).toBeVisible();
  await search.fill("");

  // Everything is still there after a reload.
  await page.reload();
  const reloadedFolder = page.getByRole("button", { name: `${folderName}, 1 conversation` });
  await expect(reloadedFolder).toBeVisible();
  await expect(reloadedFolder.locator("svg.text-purple-700")).toHaveCount(1);
  await inFolder.getByRole("button", { name: FIRST_QUESTION, exact: true }).click();
  await expect(messages.getByText(FIRST_QUESTION, { exact: true })).toBeVisible();
  await expect(messages.getByText(SECOND_QUESTION, { exact: true })).toBeVisible();
  await expect(messages).toContainText("(1 Samuel 17:45)");
  await expect(messages).toContainText("The Good Samaritan");
  await expectNoAxeViolations(page);

  // 'New conversation' starts afresh, at the question box.
  await page.getByRole("button", { name: "New conversation", exact: true }).click();
  await expect(question).toBeFocused();
  await expect(page.getByRole("heading", { level: 2, name: "New conversation" })).toBeVisible();
  await expect(messages.getByText(FIRST_QUESTION, { exact: true })).toBeHidden();
});
