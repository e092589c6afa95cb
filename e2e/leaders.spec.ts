import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import {
  confirmEmailFromOutbox,
  createGroup,
  expectNoAxeViolations,
  joinGroup,
  newUser,
  openChat,
  signUp,
  uniqueWord,
} from "./fixtures";

// Issue 25: a leader sets this week's story, sees who read it, and hears by mail when a child needs a grown-up.

// Listed in ADMIN_EMAILS of the e2e server (playwright.config.ts): an admin, and so a leader, once confirmed.
const LEADER_EMAIL = "e2e-leaders-admin@example.com";
const STORY = "Daniel in the Lions' Den";

/** The mails written to an address so far, decoded enough to read. */
function mailsTo(email: string): string[] {
  const dir = join(process.env.E2E_DATA_DIR ?? "", "outbox");
  return readdirSync(dir)
    .filter((name) => name.endsWith(`-${email}.eml`))
    .sort()
    .map((name) =>
      readFileSync(join(dir, name), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    );
}

test("a leader sets this week's story, sees who read it, and is mailed when a child needs a grown-up", async ({
  browser,
}) => {
  const groupName = `Lions ${uniqueWord()}`;
  const contexts = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [leader, reader, quiet] = await Promise.all(contexts.map((context) => context.newPage()));
  if (!leader || !reader || !quiet) throw new Error("three pages");
  const readerUser = newUser();
  const quietUser = newUser();

  await signUp(leader, { ...newUser(), email: LEADER_EMAIL });
  await confirmEmailFromOutbox(leader, LEADER_EMAIL);
  const code = await createGroup(leader, groupName);
  await signUp(reader, readerUser);
  await joinGroup(reader, code, groupName);
  await signUp(quiet, quietUser);
  await joinGroup(quiet, code, groupName);

  // The leader sets Daniel, layers 1 and 2.
  await openChat(leader, groupName);
  await leader.getByRole("button", { name: "Set this week's story" }).click();
  const dialog = leader.getByRole("dialog", { name: "Set this week's story" });
  await dialog.getByLabel("Story").selectOption({ label: STORY });
  await dialog.getByLabel("Layers to read").selectOption("2");
  await expectNoAxeViolations(leader);
  await dialog.getByRole("button", { name: "Set story" }).click();
  await expect(dialog).toBeHidden();
  const card = leader.getByRole("region", { name: "This week's story" });
  await expect(card.getByText(STORY)).toBeVisible();

  // A member reads both layers from the card on their home page, whatever their level.
  await reader.goto("/");
  await expect(reader.getByText(`From ${groupName}: ${STORY}`)).toBeVisible();
  await reader
    .getByRole("link", { name: /Read it now/ })
    .first()
    .click();
  await expect(reader.getByRole("heading", { level: 1, name: STORY })).toBeVisible();
  await reader.getByRole("button", { name: "Start the story" }).click();
  // The whole layer on one page (remembered for the next layer), so 'Move to Layer 2' is at hand.
  await reader.getByRole("button", { name: "Show the whole layer" }).click({ timeout: 30_000 });
  await expect(reader.getByRole("button", { name: "Move to Layer 2" })).toBeEnabled({ timeout: 30_000 });
  await reader.getByRole("button", { name: "Move to Layer 2" }).click();
  await expect(reader.getByRole("button", { name: "Move to Layer 3" })).toBeEnabled({ timeout: 30_000 });

  // The leader's Progress tab: 2 of 2 for the reader, 0 for the other.
  await leader.reload();
  await leader.getByRole("tab", { name: "Progress" }).click();
  const table = leader.getByRole("table");
  await expect(table.getByRole("row").filter({ hasText: readerUser.username })).toContainText(
    "2 of 2 layers",
  );
  await expect(table.getByRole("row").filter({ hasText: quietUser.username })).toContainText("0 of 2 layers");
  await expectNoAxeViolations(leader);

  // A member asks the helper something that needs a grown-up: the leader's mail, without the words, in 10 s.
  const question = "i dont feel safe at home tonight";
  await quiet.goto("/qna");
  const box = quiet.getByRole("textbox", { name: "Your question" });
  await box.fill(question);
  await box.press("Enter");
  await expect
    .poll(() => mailsTo(LEADER_EMAIL).filter((mail) => mail.includes("grown-up's care")).length, {
      timeout: 10_000,
    })
    .toBeGreaterThan(0);
  for (const mail of mailsTo(LEADER_EMAIL)) expect(mail).not.toContain("safe at home");
  await Promise.all(contexts.map((context) => context.close()));
});
