// The two reads every child makes most: the story list with their progress, and one story page's data
// (its layers and the child's progress in it), signed in, under the same load as the feed.
import { type LoadResult, load } from "./feed";

async function getJson<T>(url: string, cookie: string): Promise<T> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function measureStories(
  appUrl: string,
  cookie: string,
): Promise<{ slug: string; list: LoadResult; story: LoadResult }> {
  const listUrl = `${appUrl}/api/stories`;
  const [first] = await getJson<{ slug: string }[]>(listUrl, cookie);
  if (!first) throw new Error("the story library is empty");
  const storyUrl = `${appUrl}/api/stories/${encodeURIComponent(first.slug)}`;
  await getJson(storyUrl, cookie);

  // Warm-up, so that JIT, the connection pool and the database's caches are not what is measured.
  await load(listUrl, cookie, 2);
  await load(storyUrl, cookie, 2);
  return {
    slug: first.slug,
    list: await load(listUrl, cookie, 10),
    story: await load(storyUrl, cookie, 10),
  };
}
