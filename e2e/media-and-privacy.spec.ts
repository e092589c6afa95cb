import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "@playwright/test";
import { ffmpegPath } from "../src/server/media/video-clean";
import {
  confirmEmailFromOutbox,
  createGroup,
  expectNoAxeViolations,
  joinGroup,
  LONG_FLOW_TIMEOUT_MS,
  newPost,
  newUser,
  openChat,
  type PickedFile,
  photoPng,
  signUp,
  uniqueWord,
} from "./fixtures";

// Issue 6, the rest of child safety as people use it: a member's photo waits for a leader, and a member
// downloads their data and deletes their account while their post stays, by "deleted user".

// Listed in ADMIN_EMAILS of the e2e server (playwright.config.ts): an admin, and so a leader, once the mailed link
// confirms the address.
const MEDIA_ADMIN_EMAIL = "e2e-media-admin@example.com";
// Another listed admin for the profile-picture test: an address signs up once per run.
const PICTURE_ADMIN_EMAIL = "e2e-picture-admin@example.com";
const PENDING_FOR_AUTHOR = "Only you can see this until a leader approves it.";
const PENDING_FOR_OTHERS = "A photo or video here is waiting for a leader's approval.";

test("a member's photo waits for a leader, who approves it for the whole group", async ({ browser }) => {
  test.setTimeout(LONG_FLOW_TIMEOUT_MS);
  const unique = uniqueWord();
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
  const unique = uniqueWord();
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

/** A clip long enough to seek in, made by the same ffmpeg the server uses. */
function makeClip(kind: "mp4" | "webm"): PickedFile {
  const folder = mkdtempSync(join(tmpdir(), "lamplight-e2e-clip-"));
  const path = join(folder, `clip.${kind}`);
  const codec =
    kind === "mp4"
      ? ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"]
      : ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "300k"];
  execFileSync(ffmpegPath(), [
    ...["-v", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=320x240:rate=15:duration=6"],
    ...codec,
    path,
  ]);
  const buffer = readFileSync(path);
  rmSync(folder, { recursive: true, force: true });
  return { name: `clip.${kind}`, mimeType: `video/${kind}`, buffer };
}

// Issue 18: a video is served to the group only, in byte ranges, and plays and seeks in the browser.
for (const kind of ["mp4", "webm"] as const) {
  test(`a member's ${kind.toUpperCase()} video plays and seeks, with its poster, and no one else can fetch it`, async ({
    page,
    browser,
  }) => {
    const unique = uniqueWord();
    const title = `Our play ${kind} ${unique}`;
    await signUp(page, newUser());
    await createGroup(page, `Players ${unique}`);
    await openChat(page, `Players ${unique}`);
    const ranged: number[] = [];
    page.on("response", (response) => {
      if (response.url().includes("/uploads/") && !response.url().endsWith(".poster.webp"))
        ranged.push(response.status());
    });
    await newPost(page, title, "Our play, filmed by Sam", makeClip(kind));

    const video = page.getByRole("article", { name: title }).locator("video");
    await expect(video).toHaveAttribute("poster", /\.poster\.webp$/);
    const src = (await video.getAttribute("src")) ?? "";
    const poster = await page.request.get(`${src}.poster.webp`);
    expect(poster.status()).toBe(200);
    expect(poster.headers()["content-type"]).toBe("image/webp");

    // Loaded, then moved to the middle as a child dragging the bar would.
    await video.evaluate(async (element: HTMLVideoElement) => {
      element.preload = "auto";
      element.load();
      if (element.readyState < 1)
        await new Promise((resolve, reject) => {
          element.addEventListener("loadedmetadata", resolve, { once: true });
          element.addEventListener("error", () => reject(new Error("the video did not load")), {
            once: true,
          });
        });
    });
    expect(await video.evaluate((element: HTMLVideoElement) => element.duration)).toBeGreaterThan(5);
    const position = await video.evaluate(
      (element: HTMLVideoElement) =>
        new Promise<number>((resolve, reject) => {
          element.addEventListener("seeked", () => resolve(element.currentTime), { once: true });
          element.addEventListener("error", () => reject(new Error("the video failed to seek")), {
            once: true,
          });
          element.currentTime = 4;
        }),
    );
    expect(position).toBeCloseTo(4, 0);
    await expect.poll(() => ranged.includes(206)).toBe(true);
    expect(ranged.every((status) => status === 200 || status === 206)).toBe(true);

    // Another browser, signed out: the file does not exist for it.
    const stranger = await browser.newContext();
    try {
      expect((await stranger.request.get(new URL(src, page.url()).toString())).status()).toBe(404);
    } finally {
      await stranger.close();
    }
  });
}

// Issue 18: a built-in picture shows at once; an uploaded one waits for a leader, then can be reported.
test("a member's own picture waits for a leader; a built-in one shows at once; a friend can report it", async ({
  browser,
}) => {
  test.setTimeout(LONG_FLOW_TIMEOUT_MS);
  const unique = uniqueWord();
  const groupName = `Pictures ${unique}`;
  const [ownerContext, friendContext, adminContext] = await Promise.all([
    browser.newContext(),
    browser.newContext(),
    browser.newContext(),
  ]);
  const owner = await ownerContext.newPage();
  const friend = await friendContext.newPage();
  const admin = await adminContext.newPage();
  const ownerUser = newUser();
  // Three browsers of their own: they sign up at the same time.
  await Promise.all([
    signUp(owner, ownerUser),
    signUp(friend, newUser()),
    signUp(admin, { ...newUser(), email: PICTURE_ADMIN_EMAIL }).then(() =>
      confirmEmailFromOutbox(admin, PICTURE_ADMIN_EMAIL),
    ),
  ]);

  // A built-in picture: no one needs to look at it.
  await owner.goto("/profile");
  await owner.getByRole("button", { name: "Edit profile" }).click();
  // The picture's own label is what a child clicks; the radio behind it is for keyboards and screen readers.
  await owner.getByText("Lamb", { exact: true }).click();
  await expect(owner.getByRole("radio", { name: "Lamb" })).toBeChecked();
  await expectNoAxeViolations(owner);
  await owner.getByRole("button", { name: "Save" }).click();
  const headerPicture = owner.getByRole("link", { name: "Your profile" }).locator("img");
  await expect(headerPicture).toHaveAttribute("src", "/avatars/lamb.svg");

  // An uploaded one: the owner sees it at once, with a note that others do not yet.
  await owner.getByRole("button", { name: "Edit profile" }).click();
  await owner
    .getByLabel("Choose avatar")
    .setInputFiles({ name: "me.png", mimeType: "image/png", buffer: await photoPng() });
  await owner.getByRole("button", { name: "Save" }).click();
  await expect(
    owner.getByText("Waiting for a leader to approve your picture.", { exact: false }),
  ).toBeVisible();
  await expect(headerPicture).toHaveAttribute("src", /^\/uploads\/user-uploads\/.+\/avatar\/\d+\.webp$/);

  const code = await createGroup(owner, groupName);
  await openChat(owner, groupName);
  await joinGroup(friend, code, groupName);
  const title = `Hello from me ${unique}`;
  await newPost(owner, title, "Hi everyone!");

  // The friend sees the first letter, and nothing to report yet.
  const post = friend.getByRole("article", { name: title });
  await post.getByRole("button", { name: `${ownerUser.username}'s profile` }).click();
  const card = friend.getByRole("dialog", { name: ownerUser.username });
  await expect(card.getByText(`Level 1`)).toBeVisible();
  await expect(card.locator("img")).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Report picture" })).toHaveCount(0);
  await friend.keyboard.press("Escape");

  // A leader approves it in 'Profile pictures', and the owner's open tab drops the waiting note.
  await admin.goto("/leader");
  await admin.getByRole("tab", { name: "Photos and videos" }).click();
  const waiting = admin
    .getByRole("list", { name: "Profile pictures waiting for approval" })
    .getByRole("listitem");
  const mine = waiting.filter({ hasText: ownerUser.username });
  await expect(mine).toHaveCount(1);
  await expectNoAxeViolations(admin);
  await mine.getByRole("button", { name: "Approve" }).click();
  await expect(mine).toHaveCount(0);
  await expect(
    owner.getByText("Waiting for a leader to approve your picture.", { exact: false }),
  ).toHaveCount(0);

  // Now the friend sees it, and can report it.
  await friend.reload();
  await friend
    .getByRole("article", { name: title })
    .getByRole("button", { name: `${ownerUser.username}'s profile` })
    .click();
  await expect(card.locator("img")).toBeVisible();
  await expectNoAxeViolations(friend);
  await card.getByRole("button", { name: "Report picture" }).click();
  const report = friend.getByRole("dialog", { name: "Report this picture" });
  await report.getByRole("radio", { name: "Not right for children" }).check();
  await report.getByRole("button", { name: "Send report" }).click();
  await expect(friend.getByText("Thanks for telling us. A leader will take a look.")).toBeVisible();

  await Promise.all([ownerContext.close(), friendContext.close(), adminContext.close()]);
});
