import { expect, test } from "@playwright/test";
import { newUser, signUp } from "./fixtures";

test("signed-out visitors are sent to the landing page from any other path", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("button", { name: "START FREE ADVENTURE" })).toBeVisible();
});

test("a signed-in page load is served with its screen's hints, and asks for its reads once", async ({
  page,
}) => {
  const user = newUser();
  await signUp(page, user);
  // The page as the build wrote it, with the hints the server adds for the screen (preload-hints.ts).
  const html = await (await page.request.get("/stories")).text();
  expect(html).toMatch(/<link rel="modulepreload" crossorigin href="\/assets\/stories-page-[^"]+\.js">/);
  expect(html).toContain('<link rel="preload" as="fetch" crossorigin href="/api/stories">');
  expect(html.indexOf('href="/api/stories"')).toBeLessThan(html.indexOf("</head>"));
  // Its scripts go as the build compressed them.
  const entry = html.match(/<script type="module" crossorigin src="([^"]+)"/)?.[1] ?? "";
  const script = await page.request.get(entry, { headers: { "accept-encoding": "gzip, br" } });
  expect(script.headers()["content-encoding"]).toBe("br");
  expect(await script.text()).toContain("react");

  await page.goto("/stories");
  await expect(page.getByRole("heading", { name: "Bible Stories" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
  // The app's own read finds the hinted one on its way: a URL or mode that differed would fetch it twice.
  const storyListReads = await page.evaluate(
    () =>
      performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname === "/api/stories").length,
  );
  expect(storyListReads).toBe(1);
});

test("signed-in users reach the route table and unknown paths go home", async ({ page }) => {
  const user = newUser();
  await signUp(page, user);
  await page.goto("/no-such-page");
  await expect(page).toHaveURL(/\/$/);
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Stories" }).click();
  await expect(page.getByRole("heading", { name: "Bible Stories" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Stories" }).first()).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Reach Level 2").first()).toBeVisible();
});
