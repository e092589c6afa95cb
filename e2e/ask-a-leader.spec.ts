import { expect, test } from "@playwright/test";
import { confirmEmailFromOutbox, expectNoAxeViolations, newUser, signUp, uniqueWord } from "./fixtures";

// Listed in ADMIN_EMAILS of the e2e server (playwright.config.ts): an admin, and so a leader, once the mailed link
// confirms the address.
const QUESTIONS_ADMIN_EMAIL = "e2e-questions-admin@example.com";
const FALLBACK = "That's a wonderful question! Let me think about that and get back to you.";
const CONFIRMATION = "I've asked a leader, and their answer will appear here.";
const SCREENSHOTS = "test-results/screenshots";

test("a child sends a question the helper cannot answer to a leader, and the leader's reply arrives in the conversation", async ({
  browser,
}) => {
  const unique = uniqueWord();
  const question = `Why do zebras have stripes ${unique}?`;
  const replyText = `God made zebras wonderfully! Scientists think the stripes keep flies away (${unique}).`;
  const childContext = await browser.newContext();
  const leaderContext = await browser.newContext();
  const c = await childContext.newPage();
  const l = await leaderContext.newPage();
  const child = newUser();
  await signUp(c, child);
  await signUp(l, { ...newUser(), email: QUESTIONS_ADMIN_EMAIL });
  await confirmEmailFromOutbox(l, QUESTIONS_ADMIN_EMAIL);

  // The helper has no answer, and says so kindly; nothing is promised until the child sends it.
  await c.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Q&A" }).click();
  const messages = c.getByRole("region", { name: "Messages" });
  const box = c.getByRole("textbox", { name: "Your question" });
  await box.fill(question);
  await box.press("Enter");
  await expect(messages).toContainText(FALLBACK, { timeout: 30_000 });
  await expect(c.getByText("The AI Helper has answered.")).toBeAttached({ timeout: 30_000 });
  await expect(messages.getByText(CONFIRMATION)).toHaveCount(0);
  await expectNoAxeViolations(c);

  const askLeader = messages.getByRole("button", { name: "Ask a leader" });
  await askLeader.click();
  await expect(messages.getByText(CONFIRMATION)).toBeVisible();
  await expect(messages.getByText("Sent to a leader")).toBeVisible();
  await expect(messages.getByRole("button", { name: "Ask a leader" })).toHaveCount(0);

  // A leader finds it in the 'Questions' tab of the leader page and replies.
  await l.goto("/leader");
  await l.getByRole("tab", { name: "Questions" }).click();
  const card = l.getByRole("article").filter({ hasText: question });
  await expect(card).toBeVisible();
  await expect(card.getByText(child.username)).toBeVisible();
  await expectNoAxeViolations(l);
  await l.screenshot({ path: `${SCREENSHOTS}/ask-a-leader-questions-tab.png` });
  await card.getByLabel("Your reply").fill(replyText);
  await card.getByRole("button", { name: "Send reply" }).click();
  await expect(card).toHaveCount(0);

  // The reply arrives in the child's open conversation, from 'A leader' (never the leader's name), and the bell says so.
  const reply = messages.getByRole("listitem").filter({ hasText: replyText });
  await expect(reply).toBeVisible({ timeout: 15_000 });
  await expect(reply).toContainText("A leader");
  await expect(c.getByRole("button", { name: /Notifications, \d+ unread/ })).toBeVisible();
  await c.getByRole("button", { name: /Notifications/ }).click();
  await c.getByText("A leader answered your question").click();
  await expect(c).toHaveURL(/\/qna\?c=/);
  await expect(messages.getByText(replyText)).toBeVisible();
  await expectNoAxeViolations(c);
  await c.screenshot({ path: `${SCREENSHOTS}/ask-a-leader-reply.png` });

  // The leader offers the answer to the question bank as a draft.
  await l.getByRole("group", { name: "Which questions" }).getByText("Answered", { exact: true }).click();
  await expect(l.getByRole("radio", { name: "Answered" })).toBeChecked();
  const answered = l.getByRole("article").filter({ hasText: question });
  await answered.getByRole("button", { name: "Add to the question bank" }).click();
  await expect(answered.getByText("Added to the question bank as a draft for review.")).toBeVisible();

  await childContext.close();
  await leaderContext.close();
});
