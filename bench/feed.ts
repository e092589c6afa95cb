// The group feed under load, on a group big enough that a missing index or a per-post query
// would show: 100,000 posts, 200,000 comments and reactions on every other post.
import autocannon from "autocannon";
import type { RunSql } from "./setup";

export const FEED_POSTS = 100_000;
export const FEED_COMMENTS = 200_000;
const CONNECTIONS = 50;
/** The deeper page is reached by following nextCursor, as a reader scrolling down would. */
export const DEEPER_PAGE = 50;

/** autocannon gives up on a request after this long; such a request counts as this slow at least. */
const TIMEOUT_SECONDS = 10;

/** `lowerBound`: more than 1% of requests timed out, so the p99 is at least the timeout, not a measurement. */
export type LoadResult = { requestsPerSecond: number; p99: number; lowerBound: boolean };

/**
 * Set-based seeding, a few statements whatever the size. Authors are the group's real members; the newest
 * posts get most of the comments (rank ~ random²), so the first page's counts aggregate thousands of rows,
 * and three pinned posts sit deep in the history so that "pinned first" has to find them.
 */
export async function seedFeed(run: RunSql, groupId: string, memberIds: string[]) {
  const members = `{${memberIds.map((id) => `"${id.replaceAll('"', '\\"')}"`).join(",")}}`;
  await run("select setseed(0.42)");
  await run(
    `insert into group_posts (group_id, author_id, title, content, is_pinned, created_at)
     select $1::uuid, m.ids[1 + i % cardinality(m.ids)], 'Reading plan, day ' || i,
            repeat('What did you notice in today''s story, and what would you ask about it? ', 1 + i % 5),
            i % 33333 = 0, now() - make_interval(secs => i * 30)
     from generate_series(1, ${FEED_POSTS}) i, (select $2::text[] as ids) m`,
    [groupId, members],
  );
  await run(
    `create temp table bench_ranked as
     select id, created_at, row_number() over (order by is_pinned desc, created_at desc, id desc) as rank
     from group_posts where group_id = $1::uuid`,
    [groupId],
  );
  await run(
    `insert into post_comments (post_id, author_id, content, created_at)
     select r.id, m.ids[1 + c.i % cardinality(m.ids)], 'Comment number ' || c.i || ': amen to that!',
            least(now(), r.created_at + make_interval(secs => 1 + c.i % 600))
     from (select i, 1 + floor(${FEED_POSTS} * random() ^ 2)::int as rank
           from generate_series(1, ${FEED_COMMENTS}) i) c
     join bench_ranked r using (rank), (select $1::text[] as ids) m`,
    [members],
  );
  // One reaction per member and post (the primary key), up to 12 members on every other post.
  await run(
    `insert into post_reactions (post_id, user_id, reaction_type)
     select r.id, m.ids[k], (array['like', 'love', 'pray'])[1 + (r.rank + k) % 3]
     from bench_ranked r, (select $1::text[] as ids) m,
          lateral generate_series(1, least(cardinality(m.ids), (r.rank * 7919) % 13)::int) k
     where r.rank % 2 = 1`,
    [members],
  );
  await run("drop table bench_ranked");
  // Statistics and visibility maps as autovacuum would have left them by the time a group grew this big, and
  // its pages written out as checkpoints would have: otherwise the checkpointer spends the next minutes
  // writing the seed's hundreds of megabytes while the feed and fan-out are measured, and every commit waits.
  await run("vacuum analyze");
  await run("checkpoint");
}

/** One signed-in GET at 50 connections for `seconds`; the stories bench uses it too. */
export async function load(url: string, cookie: string, seconds: number): Promise<LoadResult> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: TIMEOUT_SECONDS,
    headers: { cookie },
  });
  // autocannon times 2xx answers only: a run of fast 401s or 500s must not pass for a fast feed. Timeouts
  // are counted among its errors; they are slowness, not failure.
  const failures = result.non2xx + result.errors - result.timeouts;
  if (failures > 0)
    throw new Error(
      `load on ${new URL(url).pathname} had ${failures} failed requests (${result.non2xx} non-2xx)`,
    );
  const lowerBound = result.timeouts > 0.01 * (result.requests.total + result.timeouts);
  return {
    requestsPerSecond: result.requests.average,
    p99: lowerBound ? Math.max(result.latency.p99, TIMEOUT_SECONDS * 1000) : result.latency.p99,
    lowerBound,
  };
}

type FeedPage = { posts: { commentsCount: number; reactionsCount: number }[]; nextCursor: string | null };

async function page(url: string, cookie: string): Promise<FeedPage> {
  const response = await fetch(url, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as FeedPage;
}

export async function measureFeed(
  appUrl: string,
  cookie: string,
  groupId: string,
): Promise<{ first: LoadResult; deeper: LoadResult }> {
  const firstUrl = `${appUrl}/api/groups/${groupId}/posts`;
  const first = await page(firstUrl, cookie);
  if (first.posts.length !== 20 || !first.posts.some((post) => post.commentsCount > 0))
    throw new Error("the seeded feed does not look as seeded");
  let cursor = first.nextCursor;
  for (let pageNumber = 2; pageNumber < DEEPER_PAGE && cursor; pageNumber++) {
    cursor = (await page(`${firstUrl}?cursor=${cursor}`, cookie)).nextCursor;
  }
  if (!cursor) throw new Error(`the feed ended before page ${DEEPER_PAGE}`);

  // Warm-up, so that JIT, the connection pool and the database's caches are not what is measured.
  await load(firstUrl, cookie, 2);
  return {
    first: await load(firstUrl, cookie, 10),
    deeper: await load(`${firstUrl}?cursor=${cursor}`, cookie, 10),
  };
}
