import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";
import sharp from "sharp";
import { safeLetters } from "../src/server/test/unique-name";

let counter = 0;

/** Credentials of a brand-new user; every test makes its own. */
export function newUser() {
  counter += 1;
  // Letters that never spell a rude word or a phone number, which moderation would refuse as a username.
  const unique = `${safeLetters(Date.now() % 13 ** 9)}${safeLetters(process.pid % 169)}${safeLetters(counter)}`;
  return {
    email: `e2e_${unique}@example.com`,
    username: `e2e_${unique}`.slice(0, 20),
    password: "Lamp-river-2026",
  };
}

export async function signUp(page: Page, user: ReturnType<typeof newUser>) {
  await page.goto("/");
  await page.getByRole("button", { name: "START FREE ADVENTURE" }).click();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByRole("heading", { name: `Welcome back, ${user.username}!` })).toBeVisible();
}

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** The newest mail the embedded outbox wrote to this address, decoded enough to read its link. */
export async function resetLinkFromOutbox(email: string): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? "", "outbox");
  for (let attempt = 0; attempt < 50; attempt++) {
    const files = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(`-${email}.eml`))
      .map((entry) => entry.name)
      .sort();
    const newest = files.at(-1);
    if (newest) {
      const mail = readFileSync(join(dir, newest), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "=");
      const link = mail.match(/http:\/\/\S+\/reset-password#token=[A-Za-z0-9]+&type=recovery/)?.[0];
      if (link) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no reset mail for ${email}`);
}

/**
 * WCAG 2.x A and AA rules. Colour transitions end first: a button judged halfway from its disabled colours
 * (the Share Now button, just after a group is chosen) showed a contrast it never keeps. Endless animations,
 * such as spinners, are not waited for.
 */
export async function expectNoAxeViolations(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => {
          const end = animation.effect?.getComputedTiming().endTime;
          return typeof end === "number" && Number.isFinite(end);
        })
        .map((animation) => animation.finished.catch(() => {})),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
  );
  expect(summary).toEqual([]);
}

/** A small PNG, as a child's photo would be. */
export function photoPng(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: "#6fa8dc" } })
    .png()
    .toBuffer();
}

/** Creates a group from 'Study Groups' and gives back its invite code; the page stays on the group list. */
export async function createGroup(page: Page, name: string): Promise<string> {
  await page.goto("/groups");
  await page.getByRole("button", { name: "Create Study Group" }).click();
  const create = page.getByRole("dialog", { name: "Create Study Group" });
  await create.getByLabel("Group name").fill(name);
  await create.getByRole("button", { name: "Create Group" }).click();
  await expect(create).toBeHidden();
  const card = page.getByRole("article").filter({ hasText: name });
  const code = (await card.locator(".font-mono").textContent())?.trim() ?? "";
  expect(code).toMatch(/^[A-Z0-9]{6}$/);
  return code;
}

/** From the group list, the group's page with its chat and feed. */
export async function openChat(page: Page, name: string) {
  await page.getByRole("link", { name: `Open Chat: ${name}` }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
}

/** Joins a group with its invite code and opens it. */
export async function joinGroup(page: Page, code: string, name: string) {
  await page.goto("/groups");
  await page.getByRole("button", { name: "Join Study Group" }).click();
  const join = page.getByRole("dialog", { name: "Join Study Group" });
  await join.getByLabel("Invite code").fill(code);
  await join.getByRole("button", { name: "Join Group" }).click();
  await expect(join).toBeHidden();
  await openChat(page, name);
}

/** Posts to the open group's feed, with a photo when given, and waits for the post to show. */
export async function newPost(page: Page, title: string, content: string, photo?: Buffer) {
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "New Post" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Content").fill(content);
  if (photo) {
    await dialog
      .getByLabel("Photo or video (optional)")
      .setInputFiles({ name: "lake.png", mimeType: "image/png", buffer: photo });
  }
  await dialog.getByRole("button", { name: "Post", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("article", { name: title })).toBeVisible();
}
