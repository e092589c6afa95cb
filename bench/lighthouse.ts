// Lighthouse on the pages a child sees first: the landing page signed out, the story list and a story page
// signed in. Mobile (Lighthouse's default form factor, with its simulated slow phone and network), so the
// scores are those a child on an ordinary phone would get.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

export const LIGHTHOUSE_CATEGORIES = ["performance", "accessibility", "best-practices"] as const;

export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];

export type LighthousePage = {
  /** What the rows call it. */
  label: string;
  path: string;
  /** The session cookie of a signed-in user; none for a visitor. */
  cookie?: string;
};

export type LighthouseFinding = { category: LighthouseCategory; id: string; title: string; detail: string };

export type LighthouseResult = {
  page: LighthousePage;
  scores: Record<LighthouseCategory, number>;
  /** Lighthouse's total blocking time on its simulated phone: the main thread's long tasks past 50 ms each. */
  totalBlockingMs: number;
  /** Audits that cost points, with what they found, so that a missed goal can be acted on. */
  failing: LighthouseFinding[];
};

const CHROMIUM_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** What an audit found: its value and the first few elements, URLs or issues it points at. */
function describe(audit: { displayValue?: string; details?: unknown }): string {
  const items = (audit.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const found = items.flatMap((item) => {
    const node = item.node as { selector?: string } | undefined;
    const text = node?.selector ?? item.url ?? item.description ?? item.issueType;
    return typeof text === "string" ? [text] : [];
  });
  return [audit.displayValue, ...found.slice(0, 5)].filter(Boolean).join(" · ");
}

/** Lighthouse could not record the page load (NO_NAVSTART and the like, which it says to try again). */
class RuntimeError extends Error {}

async function audit(port: number, appUrl: string, page: LighthousePage): Promise<LighthouseResult> {
  const url = `${appUrl}${page.path}`;
  const run = await lighthouse(url, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: [...LIGHTHOUSE_CATEGORIES],
    // The session cookie is HttpOnly: the browser sends it with every request, the page never reads it.
    extraHeaders: page.cookie ? { cookie: page.cookie } : null,
  });
  if (!run) throw new Error(`Lighthouse gave no result for ${url}`);
  const { lhr } = run;
  if (lhr.runtimeError) throw new RuntimeError(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
  // Without a session a signed-in page sends the browser to "/": the landing page would be scored instead.
  const landedOn = new URL(lhr.finalDisplayedUrl).pathname;
  if (landedOn !== page.path) throw new Error(`Lighthouse on ${url} ended on ${landedOn}`);
  const scores = {} as Record<LighthouseCategory, number>;
  const failing: LighthouseFinding[] = [];
  for (const category of LIGHTHOUSE_CATEGORIES) {
    const result = lhr.categories[category];
    scores[category] = Math.round((result?.score ?? 0) * 100);
    for (const ref of result?.auditRefs ?? []) {
      const found = lhr.audits[ref.id];
      if (!found || ref.weight === 0 || found.score === null || found.score >= 1) continue;
      failing.push({ category, id: ref.id, title: found.title, detail: describe(found) });
    }
  }
  const totalBlockingMs = Math.round(lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
  return { page, scores, totalBlockingMs, failing };
}

/**
 * Each page `runs` times, keeping the run with the median performance score: one run's score moves by
 * several points with what else the machine is doing, and Lighthouse itself advises the median of several.
 */
export async function measureLighthouse(
  appUrl: string,
  pages: LighthousePage[],
  runs = 3,
): Promise<LighthouseResult[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const results: LighthouseResult[] = [];
    for (const page of pages) {
      const attempts: LighthouseResult[] = [];
      let retries = 2;
      while (attempts.length < runs) {
        try {
          attempts.push(await audit(chrome.port, appUrl, page));
        } catch (error) {
          if (!(error instanceof RuntimeError) || retries-- === 0) throw error;
        }
      }
      attempts.sort((a, b) => a.scores.performance - b.scores.performance);
      const median = attempts[Math.floor(attempts.length / 2)];
      if (median) results.push(median);
    }
    return results;
  } finally {
    chrome.kill();
  }
}
