import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";
import sharp from "sharp";
import { safeLetters } from "../src/server/test/unique-name";

let counter = 0;

/**
 * A word that makes a test's names (groups, folders, titles) unique. Never `Date.now().toString(36)`: a
 * base-36 string now and then spells a word moderation refuses, and the test fails by chance.
 */
export function uniqueWord(): string {
  counter += 1;
  return `${safeLetters(Date.now() % 13 ** 9)}${safeLetters(process.pid % 169)}${safeLetters(counter)}`;
}

/**
 * The time a flow through several browsers may take: 40-50 s on a two-core machine running two workers, and more
 * than three times that on a busy neighbour of the same kind (one such flow passed 150 s in CI). Every expectation
 * keeps its own 10 s, so a page that never shows what is expected still fails fast.
 */
export const LONG_FLOW_TIMEOUT_MS = 300_000;

/** Credentials of a brand-new user; every test makes its own. */
export function newUser() {
  // Letters that never spell a rude word or a phone number, which moderation would refuse as a username.
  const unique = uniqueWord();
  return {
    email: `e2e_${unique}@example.com`,
    username: `e2e_${unique}`.slice(0, 20),
    password: "Lamp-river-2026",
  };
}

export async function signUp(page: Page, user: ReturnType<typeof newUser>) {
  await page.goto("/");
  await page.getByRole("button", { name: "START FREE ADVENTURE" }).click();
  // A grown-up's year: 13 and older sign up with their own email (issue 24).
  await page.getByLabel("Birth year").selectOption("2000");
  await page.getByLabel("Email", { exact: true }).fill(user.email);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Create Account" }).click();
  // A new account is shown around first (e2e/covers-and-path.spec.ts walks the tour); other specs skip it.
  await page
    .getByRole("dialog", { name: "Welcome to Lamplight!" })
    .getByRole("button", { name: "Skip tour" })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Welcome!", exact: true })).toBeVisible();
}

/** The button that brings a layer's text: the offline library's wording, or the AI's. */
export const layerStart = (page: Page) =>
  page.getByRole("button", { name: /^(Generate Story with AI|Start the story|Read layer \d)$/ });

export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email or username").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
}

/** The newest mail the embedded outbox wrote to this address, decoded enough to read its link. */
export function resetLinkFromOutbox(email: string): Promise<string> {
  return linkFromOutbox(email, /http:\/\/\S+\/reset-password#token=[A-Za-z0-9]+&type=recovery/);
}

/**
 * Opens the newest 'Confirm your email' link the outbox holds for this address, as its owner would, and waits
 * for the page to say the address is confirmed. ADMIN_EMAILS promotes an account only then.
 */
export async function confirmEmailFromOutbox(page: Page, email: string) {
  await page.goto(await linkFromOutbox(email, /http:\/\/\S+\/verify-email#token=[\w.-]+/));
  await expect(page.getByText("Your email is confirmed.")).toBeVisible();
}

/** The newest link matching `pattern` in the mails written to `email`, waited for while the server sends it. */
export async function linkFromOutbox(email: string, pattern: RegExp): Promise<string> {
  const dir = join(process.env.E2E_DATA_DIR ?? "", "outbox");
  for (let attempt = 0; attempt < 50; attempt++) {
    const link = readdirSync(dir, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith(`-${email.toLowerCase()}.eml`))
      .map((entry) => entry.name)
      .sort()
      .map((name) =>
        readFileSync(join(dir, name), "utf8")
          .replace(/=\r?\n/g, "")
          .replace(/=3D/g, "="),
      )
      .map((mail) => mail.match(pattern)?.[0])
      .filter(Boolean)
      .at(-1);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail with ${pattern} for ${email}`);
}

/** axe-core's WCAG 2.x A and AA rules: what every spec checks. */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** How long a check waits for animations to end before it judges the page as it stands. */
const ANIMATIONS_SETTLE_MS = 2_000;

/** axe-core's script: the copy @axe-core/playwright pins (its dependency, so resolved from it). */
const axeSource = readFileSync(
  createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright")).resolve(
    "axe-core/axe.min.js",
  ),
  "utf8",
);

type AxeInPage = { run(context: Document, options: RunOptions): Promise<AxeResults> };

/**
 * One axe run over the whole page, in the page: its violations as lines to read, or null when axe is not in this
 * document yet. Animations with an end get up to `settleMs` to reach it first; the @mention box is let off
 * aria-allowed-role (see below).
 */
function runAxeInPage({ options, settleMs }: { options: RunOptions; settleMs: number }) {
  const { axe } = window as unknown as { axe?: AxeInPage };
  if (!axe) return null;
  const finite = document.getAnimations().filter((animation) => {
    const end = animation.effect?.getComputedTiming().endTime;
    return typeof end === "number" && Number.isFinite(end);
  });
  const settled = Promise.race([
    Promise.all(finite.map((animation) => animation.finished.catch(() => {}))),
    new Promise((resolve) => setTimeout(resolve, settleMs)),
  ]);
  // The @mention box is a textarea that is a combobox (ARIA's pattern, on purpose: a post is many lines), which
  // the best-practice rule aria-allowed-role frowns on; every other rule still checks it.
  const isMentionBox = (target: unknown[]) =>
    target.length === 1 && document.querySelector(String(target[0]))?.matches('textarea[role="combobox"]');
  return settled
    .then(() => axe.run(document, options))
    .then((results) =>
      results.violations.flatMap((violation) => {
        const nodes = violation.nodes.filter(
          (node) => violation.id !== "aria-allowed-role" || !isMentionBox(node.target),
        );
        const where = nodes.map((node) => node.target.join(" ")).join(", ");
        return nodes.length > 0 ? [`${violation.id}: ${violation.help} (${where})`] : [];
      }),
    );
}

/**
 * axe-core's WCAG 2.x A and AA rules, plus the `bestPractices` rules named (axe files them under "best
 * practice"), in one run over the whole page.
 *
 * Colour transitions end first: a button judged halfway from its disabled colours (the Share Now button, just
 * after a group is chosen) showed a contrast it never keeps. Endless animations, such as spinners, are not
 * waited for, and the wait is bounded: an animation that never settles (one paused, or in a page the browser
 * has stopped painting) cannot hold the test, which then judges the page as it stands.
 *
 * axe is injected once per document and runs there, as AxeBuilder's legacy mode does, but AxeBuilder injects
 * its 0.5 MB script twice per check, and by default also opens a blank page per check to merge the frames'
 * results: the app has no frames (checked below), and on a busy machine that was most of a check's time.
 */
export async function expectNoAxeViolations(
  page: Page,
  { bestPractices = [] }: { bestPractices?: readonly string[] } = {},
) {
  expect(page.frames(), "a page with frames needs AxeBuilder's frame-by-frame run").toHaveLength(1);
  const check = {
    options: {
      runOnly: { type: "tag", values: WCAG_TAGS },
      // axe runs a rule enabled by name whatever its tags: these on top of the WCAG ones.
      rules: Object.fromEntries(bestPractices.map((id) => [id, { enabled: true }])),
      // Passing nodes are only counted, not described: describing them was a third of a run.
      resultTypes: ["violations"],
      iframes: false,
    } satisfies RunOptions,
    settleMs: ANIMATIONS_SETTLE_MS,
  };
  let violations = await page.evaluate(runAxeInPage, check);
  if (violations === null) {
    await page.evaluate(axeSource);
    violations = await page.evaluate(runAxeInPage, check);
  }
  expect(violations).toEqual([]);
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
/** A file as the post dialog's picker takes it. */
export type PickedFile = { name: string; mimeType: string; buffer: Buffer };

export async function newPost(page: Page, title: string, content: string, media?: Buffer | PickedFile) {
  await page.getByRole("button", { name: "New Post" }).click();
  const dialog = page.getByRole("dialog", { name: "New Post" });
  await dialog.getByLabel("Title").fill(title);
  await dialog.getByLabel("Content").fill(content);
  if (media) {
    await dialog
      .getByLabel("Photo or video (optional)")
      .setInputFiles(
        Buffer.isBuffer(media) ? { name: "lake.png", mimeType: "image/png", buffer: media } : media,
      );
  }
  await dialog.getByRole("button", { name: "Post", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("article", { name: title })).toBeVisible();
}
