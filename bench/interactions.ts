// How soon a tap answers on a slow phone (issue 23): 'Check your understanding' and the memory-verse practice,
// driven in Chromium with its CPU slowed 4× (Lighthouse's mobile setting). Each tap's Event Timing entry runs from
// the tap to the next paint after its handlers, the measure INP is made of; the row is the slowest tap.
import { chromium, type Page } from "@playwright/test";
import { chromiumLaunchOptions } from "../e2e/chromium";

/** Lighthouse's mobile profile slows the CPU this much. */
const CPU_SLOWDOWN = 4;

export type TapLatency = { taps: number; slowestMs: number };

/** Starts collecting every tap's duration (from input to the next paint) on the page. */
async function watchTaps(page: Page) {
  await page.evaluate(() => {
    const durations: number[] = [];
    (window as unknown as { tapDurations: number[] }).tapDurations = durations;
    new PerformanceObserver((list) => {
      // interactionId: the taps and keys a reader makes (Event Timing level 2; not in TypeScript's DOM types yet).
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId?: number })[])
        if (entry.interactionId && entry.name === "click") {
          durations.push(entry.duration);
          if (localStorage.getItem("bench.debug"))
            console.log(
              `tap ${entry.duration} ms: waited ${entry.processingStart - entry.startTime}, handlers ${entry.processingEnd - entry.processingStart}`,
            );
        }
    }).observe({ type: "event", durationThreshold: 16, buffered: false } as PerformanceObserverInit);
  });
}

async function tapsSoFar(page: Page): Promise<TapLatency> {
  // Event Timing reports an entry once the paint after it has happened.
  await page.waitForTimeout(500);
  const durations = await page.evaluate(() => (window as unknown as { tapDurations: number[] }).tapDurations);
  // Taps faster than the 16 ms threshold leave no entry: they count as 16.
  return { taps: durations.length, slowestMs: Math.max(16, ...durations) };
}

/**
 * A reader who has read layer 1 of `slug` (the server's cookie), on its story page: answers its check (one wrong
 * first), then practises its memory verse's first step.
 */
export async function measureTapLatency(
  appUrl: string,
  cookie: string,
  slug: string,
): Promise<{ check: TapLatency; verse: TapLatency }> {
  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
    await context.addCookies(
      cookie.split("; ").map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url: appUrl };
      }),
    );
    const page = await context.newPage();
    // BENCH_DEBUG=1 prints each tap's wait and handler time, to tell a busy thread from slow handlers or paint.
    if (process.env.BENCH_DEBUG) {
      await context.addInitScript(() => window.localStorage.setItem("bench.debug", "1"));
      page.on("console", (message) => console.error(message.text()));
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
    await page.goto(`${appUrl}/stories/${slug}`);

    // The layer in steps, as a reader first sees it: 'Next' to the last step, where the check is. Its questions
    // load as the reader nears them: scroll down to them (the next layer's button is just below), as a reader does.
    const next = page.getByRole("button", { name: "Next", exact: true });
    const moveOn = page.getByRole("button", { name: "Move to Layer 2" });
    await next.or(moveOn).first().waitFor({ timeout: 60_000 });
    while (await next.isVisible()) await next.click();
    await moveOn.scrollIntoViewIfNeeded({ timeout: 60_000 });
    const check = page.getByRole("region", { name: "Check your understanding" });
    await check.getByRole("group").first().waitFor({ timeout: 60_000 });
    await watchTaps(page);
    for (const group of await check.getByRole("group").all()) {
      for (const option of await group.getByRole("button").all()) {
        if ((await option.getAttribute("aria-disabled")) === "true") continue;
        await option.click();
        // The server's verdict, before the next tap.
        await group
          .getByRole("status")
          .filter({ hasText: /Correct!|Not quite/ })
          .waitFor();
        if (await group.getByText("Correct!").isVisible()) break;
      }
    }
    const checkTaps = await tapsSoFar(page);

    await page.evaluate(() => {
      (window as unknown as { tapDurations: number[] }).tapDurations.length = 0;
    });
    await page.getByRole("button", { name: "Learn this verse" }).click();
    const choices = page.getByRole("list", { name: "Word choices" });
    await choices.waitFor();
    for (let tap = 0; tap < 4 && (await choices.isVisible()); tap++)
      await choices.locator('button:not([aria-disabled="true"])').first().click();
    const verseTaps = await tapsSoFar(page);
    return { check: checkTaps, verse: verseTaps };
  } finally {
    await browser.close();
  }
}
