// The group feed under load. One reader of one big group (100,000 posts, 200,000 comments, reactions on every
// other post), which the page cache answers after the first read; and many readers of many small groups, without
// and with a writer posting between their reads, which send pages to the database again and again.
import { baseUrl, bench, recordLoad, recordSkipped, withServer } from "./harness";
import { type LoadResult, load } from "./load";
import {
  type BenchUser,
  callApi,
  createGroupOf,
  getJson,
  inBatches,
  postToGroup,
  type RunSql,
  signUpUsers,
  waitUntilIdle,
  withSql,
} from "./setup";

export const FEED_POSTS = 100_000;
export const FEED_COMMENTS = 200_000;
/** The deeper page is reached by following nextCursor, as a reader scrolling down would. */
export const DEEPER_PAGE = 50;

/**
 * Set-based seeding, a few statements whatever the size. Authors are the group's real members; the newest
 * posts get most of the comments (rank ~ random²), so the first page's counts aggregate thousands of rows,
 * and three pinned posts sit deep in the history so that "pinned first" has to find them.
 */
export async function seedFeed(
  run: RunSql,
  groupId: string,
  memberIds: string[],
  { posts = FEED_POSTS, comments = FEED_COMMENTS } = {},
) {
  const members = `{${memberIds.map((id) => `"${id.replaceAll('"', '\\"')}"`).join(",")}}`;
  await run("select setseed(0.42)");
  await run(
    `insert into group_posts (group_id, author_id, title, content, is_pinned, created_at)
     select $1::uuid, m.ids[1 + i % cardinality(m.ids)], 'Reading plan, day ' || i,
            repeat('What did you notice in today''s story, and what would you ask about it? ', 1 + i % 5),
            i % ${Math.max(1, Math.floor(posts / 3))} = 0, now() - make_interval(secs => i * 30)
     from generate_series(1, ${posts}) i, (select $2::text[] as ids) m`,
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
     from (select i, 1 + floor(${posts} * random() ^ 2)::int as rank
           from generate_series(1, ${comments}) i) c
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
  // Reactions on the newest comments, which the cards of the first pages show with their counts.
  await run(
    `insert into comment_reactions (comment_id, user_id, reaction_type)
     select c.id, m.ids[k], (array['like', 'love', 'pray'])[1 + k % 3]
     from bench_ranked r join post_comments c on c.post_id = r.id, (select $1::text[] as ids) m,
          lateral generate_series(1, least(cardinality(m.ids), 1 + (r.rank * 31) % 4)::int) k
     where r.rank <= 200`,
    [members],
  );
  await run("drop table bench_ranked");
  // Statistics and visibility maps as autovacuum would have left them by the time a group grew this big, and
  // its pages written out as checkpoints would have: otherwise the checkpointer spends the next minutes
  // writing the seed's hundreds of megabytes while the feed and fan-out are measured, and every commit waits.
  await run("vacuum analyze");
  await run("checkpoint");
}

type FeedPage = { posts: { commentsCount: number; reactionsCount: number }[]; nextCursor: string | null };

/** The first page and page 50 of one big group, read by one member: after the first read, cache hits. */
async function measureOneBigGroup(reader: BenchUser, groupId: string) {
  const firstUrl = `${baseUrl}/api/groups/${groupId}/posts`;
  const first = await getJson<FeedPage>(firstUrl, reader.cookie);
  if (first.posts.length !== 20 || !first.posts.some((post) => post.commentsCount > 0))
    throw new Error("the seeded feed does not look as seeded");
  let cursor = first.nextCursor;
  for (let pageNumber = 2; pageNumber < DEEPER_PAGE && cursor; pageNumber++) {
    cursor = (await getJson<FeedPage>(`${firstUrl}?cursor=${cursor}`, reader.cookie)).nextCursor;
  }
  if (!cursor) throw new Error(`the feed ended before page ${DEEPER_PAGE}`);
  const rows: [string, LoadResult][] = [
    [
      `first page (${FEED_POSTS / 1000}k posts, ${FEED_COMMENTS / 1000}k comments)`,
      await load({ url: firstUrl, cookie: reader.cookie }, 10),
    ],
    [
      `page ${DEEPER_PAGE} by cursor`,
      await load({ url: `${firstUrl}?cursor=${cursor}`, cookie: reader.cookie }, 10),
    ],
  ];
  for (const [page, result] of rows)
    recordLoad(`Feed ${page}, one reader, 50 connections (${bench.database})`, result, 25);
}

/** Many small groups: their members, and a few posts, comments and reactions in each, made through the app. */
const SMALL_GROUPS = 20;
const MEMBERS_PER_GROUP = 5;
const POSTS_PER_GROUP = 25;
/** The writer's pace: one post this often, taking the groups in turn. */
const WRITE_EVERY_MS = 50;

async function makeSmallGroups(members: BenchUser[]) {
  const groups = await inBatches(
    Array.from({ length: SMALL_GROUPS }, (_, index) => index),
    4,
    async (index) => {
      const people = members.slice(index * MEMBERS_PER_GROUP, (index + 1) * MEMBERS_PER_GROUP);
      return { id: await createGroupOf(baseUrl, people, `Reading group ${index + 1}`), people };
    },
  );
  await inBatches(groups, 4, async ({ id, people }) => {
    for (let post = 0; post < POSTS_PER_GROUP; post++) {
      const author = people[post % people.length] as BenchUser;
      const { id: postId } = await postToGroup(baseUrl, author.cookie, id, {
        title: `Day ${post + 1} of the reading plan`,
        content: "What did you notice in today's story, and what would you ask about it?",
      });
      // The newest posts get a comment and reactions, as the first page shows them.
      if (post < POSTS_PER_GROUP - 10) continue;
      const reader = people[(post + 1) % people.length] as BenchUser;
      const path = `/api/groups/${id}/posts/${postId}`;
      await callApi(baseUrl, `${path}/comments`, { content: "Amen, I liked that part too." }, reader.cookie);
      for (const [index, member] of people.entries())
        if (index !== post % people.length)
          await callApi(baseUrl, `${path}/reaction`, { type: "pray" }, member.cookie);
    }
  });
  return groups;
}

/**
 * Issue 20 item 7: readers who are not all the same child on the same page. Every request is another
 * member's first page of their own group (100 members in 20 groups), so sessions, memberships and pages are
 * many; then the same while a writer posts into those groups every 50 ms, so that each group's page moves
 * about once a second and is read from the database again.
 */
async function measureManyGroups(members: BenchUser[]) {
  const groups = await makeSmallGroups(members);
  const readers = groups.flatMap(({ id, people }) =>
    people.map((person) => ({ path: `/api/groups/${id}/posts`, cookie: person.cookie })),
  );
  let turn = 0;
  // Spread over the groups: consecutive requests go to different groups.
  const order = readers.map(
    (_, index) => (index % SMALL_GROUPS) * MEMBERS_PER_GROUP + Math.floor(index / SMALL_GROUPS),
  );
  const target = {
    url: `${baseUrl}/api/groups`,
    next: () => readers[order[turn++ % order.length] as number] as { path: string; cookie: string },
  };
  const name = `Feed first page, ${readers.length} readers in ${SMALL_GROUPS} groups (each request another reader), 50 connections (${bench.database})`;
  recordLoad(`${name}, no writes`, await load(target, 10));
  await waitUntilIdle(baseUrl);

  let writing = true;
  let written = 0;
  let failed = 0;
  const writer = (async () => {
    for (let index = 0; writing; index++) {
      const startedAt = performance.now();
      const group = groups[index % groups.length] as (typeof groups)[number];
      const author = group.people[Math.floor(index / groups.length) % group.people.length] as BenchUser;
      // Not awaited: a slow answer must not slow the pace; the pace is what the row promises.
      postToGroup(baseUrl, author.cookie, group.id, {
        title: `A thought, number ${index + 1}`,
        content: "I read it again tonight and noticed something new.",
      }).then(
        () => (written += 1),
        () => (failed += 1),
      );
      await new Promise((resolve) =>
        setTimeout(resolve, Math.max(0, WRITE_EVERY_MS - (performance.now() - startedAt))),
      );
    }
  })();
  try {
    const result = await load(target, 10);
    recordLoad(
      `${name}, a post every ${WRITE_EVERY_MS} ms into those groups`,
      result,
      undefined,
      `${written} posts written during warm-up and load`,
    );
  } finally {
    writing = false;
    await writer;
  }
  if (failed > 0) throw new Error(`${failed} of the writer's posts failed`);
}

const MEMBERS = 100;

/** The `feed` part. */
export async function measureFeedRows() {
  // The writer posts far more than a child may in an hour; the limit is not what is measured.
  await withServer(
    { LIMIT_POSTS_PER_HOUR: "0", LIMIT_COMMENTS_PER_MINUTE: "0", LIMIT_REACTIONS_PER_MINUTE: "0" },
    async () => {
      const members = await signUpUsers(baseUrl, MEMBERS, "bf");
      if (bench.databaseUrl) {
        const groupId = await createGroupOf(baseUrl, members, "Bench group");
        const memberIds = members.map((member) => member.id);
        await withSql(bench.databaseUrl, (run) => seedFeed(run, groupId, memberIds));
        await measureOneBigGroup(members[1] as BenchUser, groupId);
        await waitUntilIdle(baseUrl);
      } else {
        for (const page of [`first page (${FEED_POSTS / 1000}k posts)`, `page ${DEEPER_PAGE} by cursor`])
          recordSkipped(
            `Feed ${page}, one reader, 50 connections`,
            "ms",
            "needs DATABASE_URL: the big feed is seeded by SQL",
          );
      }
      await measureManyGroups(members);
    },
  );
}
