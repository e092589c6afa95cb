// Issue 20 item 4: the feed of a group with 1,000,000 posts on PostgreSQL. The first page cached (the group's
// feed has not moved since it was read), the first page read from the database (a reaction moves the feed
// between two reads, as happens all day in a busy group), and pages read from the database under load (more
// different pages than the page cache keeps, read in turn, so that none is still cached when it comes again).

import { baseUrl, bench, record, recordLoad, recordSkipped, withServer } from "./harness";
import { load } from "./load";
import { summarise } from "./percentiles";
import {
  type BenchUser,
  callApi,
  createGroupOf,
  getJson,
  signUpUsers,
  waitUntilIdle,
  withSql,
} from "./setup";

const POSTS = 1_000_000;
/** More than the app's page cache keeps (500 pages, src/server/features/feed/page-cache.ts). */
const DISTINCT_PAGES = 600;
const UNCACHED_READS = 300;

type FeedPage = { posts: { id: string }[]; nextCursor: string | null };

const NAME = `Feed of one group with ${POSTS.toLocaleString("en-US")} posts`;

/** The `million` part. */
export async function measureMillionRows() {
  const databaseUrl = bench.databaseUrl;
  if (!databaseUrl) {
    const note = "needs DATABASE_URL: the posts are seeded by SQL";
    for (const row of ["first page cached", "first page from the database", "pages from the database"])
      recordSkipped(`${NAME}: ${row}`, "ms", note);
    return;
  }
  // The reactions that move the feed between reads are far more than a child's minute allows.
  await withServer({ LIMIT_REACTIONS_PER_MINUTE: "0" }, async () => {
    const members = await signUpUsers(baseUrl, 10, "mi");
    const [reader, reactor] = members as [BenchUser, BenchUser];
    const groupId = await createGroupOf(baseUrl, members, "Million group");
    const seedStartedAt = performance.now();
    await withSql(databaseUrl, async (run) => {
      // One statement, set-based; the feed's statement trigger moves the group's version once.
      await run(
        `insert into group_posts (group_id, author_id, title, content, created_at)
         select $1::uuid, m.ids[1 + i % cardinality(m.ids)], 'Reading plan, day ' || i,
                repeat('What did you notice in today''s story? ', 1 + i % 4), now() - make_interval(secs => i * 3)
         from generate_series(1, ${POSTS}) i, (select $2::text[] as ids) m`,
        [groupId, `{${members.map((member) => member.id).join(",")}}`],
      );
      // As autovacuum and the checkpointer would have left things by the time a group grew this big.
      await run("vacuum analyze group_posts");
      await run("checkpoint");
    });
    console.error(`seeded ${POSTS} posts in ${((performance.now() - seedStartedAt) / 1000).toFixed(1)} s`);

    const firstUrl = `${baseUrl}/api/groups/${groupId}/posts`;
    const cursors: string[] = [];
    let page = await getJson<FeedPage>(firstUrl, reader.cookie);
    const deepPost = page.posts.at(-1)?.id;
    while (cursors.length < DISTINCT_PAGES && page.nextCursor) {
      cursors.push(page.nextCursor);
      page = await getJson<FeedPage>(`${firstUrl}?cursor=${page.nextCursor}`, reader.cookie);
    }
    if (cursors.length < DISTINCT_PAGES || !deepPost)
      throw new Error("the seeded feed is shorter than seeded");

    recordLoad(
      `${NAME}: first page cached, one reader, 50 connections`,
      await load({ url: firstUrl, cookie: reader.cookie }, 10),
    );
    await waitUntilIdle(baseUrl);

    // One reader, one read at a time, each right after a reaction on the first page's last post moved the feed.
    const reactionPath = `/api/groups/${groupId}/posts/${deepPost}/reaction`;
    const times: number[] = [];
    for (let read = 0; read < UNCACHED_READS; read++) {
      await callApi(baseUrl, reactionPath, { type: "like" }, reactor.cookie);
      const startedAt = performance.now();
      const response = await fetch(firstUrl, { headers: { cookie: reader.cookie } });
      await response.arrayBuffer();
      times.push(performance.now() - startedAt);
      if (!response.ok) throw new Error(`GET the first page: ${response.status}`);
    }
    const uncached = summarise(times);
    const single = `${NAME}: first page from the database (a reaction between reads), one reader, ${UNCACHED_READS} reads`;
    record(`${single}: p50`, uncached.p50, "ms");
    record(`${single}: p99`, uncached.p99, "ms");
    await waitUntilIdle(baseUrl);

    let turn = 0;
    const target = {
      url: firstUrl,
      next: () => ({
        path: `${new URL(firstUrl).pathname}?cursor=${cursors[turn++ % cursors.length]}`,
        cookie: reader.cookie,
      }),
    };
    recordLoad(
      `${NAME}: pages from the database (${DISTINCT_PAGES} pages by cursor in turn, more than the page cache keeps), 50 connections`,
      await load(target, 10),
    );
  });
}
