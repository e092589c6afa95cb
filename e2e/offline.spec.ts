import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, newUser, signUp } from "./fixtures";

// Issue 26: Lamplight installs as an app, and a story the reader has opened reads with no connection.

const OFFLINE_BANNER = "You're offline. Stories you've opened still work.";

test("the app is installable, and a story opened once still reads with no connection", async ({
  page,
  context,
}) => {
  // The manifest a phone installs from, with its icons.
  const manifest = await (await page.request.get("/manifest.webmanifest")).json();
  expect(manifest).toMatchObject({
    name: "Lamplight",
    short_name: "Lamplight",
    display: "standalone",
    start_url: "/",
  });
  const sizes = manifest.icons.map(
    (icon: { sizes: string; purpose: string }) => `${icon.sizes} ${icon.purpose}`,
  );
  expect(sizes).toEqual(["192x192 any", "512x512 any", "512x512 maskable"]);
  for (const icon of manifest.icons) expect((await page.request.get(icon.src)).ok()).toBe(true);

  await signUp(page, newUser());
  // The service worker registers once the page has loaded, and takes the page.
  await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, undefined, {
    timeout: 30_000,
  });

  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stories" }).click();
  await page.getByRole("link", { name: "Start Reading: Noah and the Ark" }).click();
  await page.getByRole("button", { name: "Start the story" }).click();
  const picture = page.getByRole("img", { name: /Illustration for/ });
  await expect(picture).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Show the whole layer" }).click();
  const layerText = page.getByRole("region", { name: "Basic Understanding" });
  const firstVerse = layerText.locator("cite").first();
  await expect(firstVerse).toBeVisible();
  const verse = await firstVerse.innerText();

  // No connection at all: the page loads again from what the service worker kept.
  await context.setOffline(true);
  await page.reload();
  // From the start of the page load to the frame that shows the layer's verse, as the page's own clock has it
  // (looked for at every frame, so the test's own polling adds nothing). The goal is under 1 s (about 0.7 s here
  // when the machine is quiet, 1.2-3 s while other test runs load it); the check leaves room for a slow, busy
  // machine, and still fails on a real fault: a page that waits on the network (4 s for the page, 6 s for a read).
  const rendered = await page.waitForFunction(
    (text) =>
      [...document.querySelectorAll("cite")].some((cite) => cite.textContent?.includes(text)) &&
      Math.round(performance.now()),
    verse,
    { polling: "raf", timeout: 15_000 },
  );
  const renderMs = await rendered.jsonValue();
  console.log(`an opened story rendered offline in ${renderMs} ms`);
  expect(renderMs).toBeLessThan(8_000);
  await expect(page.getByRole("heading", { name: "Noah and the Ark", level: 1 })).toBeVisible();
  await expect(layerText.locator("cite").filter({ hasText: verse }).first()).toBeVisible();
  await expect(page.getByText(OFFLINE_BANNER)).toBeVisible();
  await expect(picture).toBeVisible();
  expect(await picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(
    true,
  );
  // Drawing a picture needs the server: its button says why it is off.
  await expect(page.getByRole("button", { name: "Create a new image" })).toBeDisabled();
  await expectNoAxeViolations(page);

  // The list says which stories open offline; one never opened says so instead of failing.
  await page.goto("/stories");
  const noah = page.getByRole("article").filter({ hasText: "Noah and the Ark" });
  await expect(noah.getByText("Available offline")).toBeVisible();
  const creation = page.getByRole("article").filter({ hasText: "Creation" }).first();
  await expect(creation.getByText("Available offline")).toHaveCount(0);
  await page.goto("/stories/creation").catch(() => {});
  await expect(page.getByText("This story isn't available offline yet.")).toBeVisible();

  // Back online: the banner goes.
  await context.setOffline(false);
  await expect(page.getByText(OFFLINE_BANNER)).toBeHidden();
});
