// Issue 20 item 1: the app's read routes against the limit of this machine. For each route, Lamplight and the
// ceiling (bench/ceiling.ts: node:http + pg, the same SQL, the same body) are measured in turn in the same run,
// and judged by their ratio: throughput ≥ 0.67 of the ceiling's, p99 ≤ 1.5 times its p99. The middleware
// chain alone is judged against Hono's own hello-world (bench/hello.ts): ≥ 70 % of its throughput.
// Before anything is measured, both servers are connected to PostgreSQL through a tap (bench/sql-tap.ts) and
// each route is asked of both once: the bodies must be the same byte for byte and the statements executed the
// same word for word, or the route's rows say so instead of a value. Then both are started again, connected
// straight to PostgreSQL, and measured.
import { randomBytes } from "node:crypto";
import { seedFeed } from "./feed";
import {
  baseUrl,
  bench,
  type HelperServer,
  record,
  recordSkipped,
  startHelperServer,
  withServer,
} from "./harness";
import { alternate, type LoadResult } from "./load";
import {
  type BenchUser,
  createGroupOf,
  getJson,
  type RunSql,
  signUpUsers,
  waitUntilIdle,
  withSql,
} from "./setup";
import { type SqlTap, startSqlTap } from "./sql-tap";

/** The app's pool (src/server/db/client.ts, `max` 10); the ceiling gets as many connections. */
const APP_POOL_SIZE = 10;
const THROUGHPUT_RATIO_GOAL = 0.67;
export const P99_RATIO_GOAL = 1.5;
const MIDDLEWARE_RATIO_GOAL = 0.7;
/** The signed-in route that only returns {} (served when BENCH_ROUTES=1). */
const EMPTY_ROUTE = "/api/bench/empty";

/** Headers that differ from one answer to the next, or belong to the connection, not to the answer. */
const INCIDENTAL_HEADERS = new Set(["date", "connection", "keep-alive", "content-length", "x-request-id"]);

/**
 * The bench reader's own things, so that each route's body has something in every field: progress in three
 * stories (one finished), two written layers of the first story with a picture, 60 notifications from the
 * group (some read, some from no one) and 60 conversations with the AI helper, a third of them in a folder.
 */
async function seedReader(run: RunSql, readerId: string, senderIds: string[], groupId: string) {
  await run(
    `insert into story_progress (user_id, story_id, current_layer, highest_layer_reached, completed, completed_at)
     select $1, s.id, s.n, s.n, s.n = 3, case when s.n = 3 then now() - interval '2 days' end
     from (select id, row_number() over (order by difficulty, title) as n from stories) s where s.n <= 3`,
    [readerId],
  );
  await run(
    `insert into story_content (user_id, story_id, layer, content, image_url)
     select $1, s.id, l, 'What I learned in layer ' || l || E':\\n\\n**God made everything good.**', 
            case when l = 1 then '/uploads/story-images/bench.png' end
     from (select id from stories order by difficulty, title limit 1) s, generate_series(1, 2) l`,
    [readerId],
  );
  await run(
    `insert into notifications (recipient_id, sender_id, type, message, group_id, entity_id, read, created_at)
     select $1, case when i % 10 = 0 then null else m.ids[1 + i % cardinality(m.ids)] end,
            (array['post_mention', 'comment_mention', 'reaction'])[1 + i % 3],
            'Someone mentioned you in a post: Day ' || i, $3::uuid, gen_random_uuid(), i % 4 = 0,
            now() - make_interval(mins => i)
     from generate_series(1, 60) i, (select $2::text[] as ids) m`,
    [readerId, `{${senderIds.join(",")}}`, groupId],
  );
  const [folder] = await run(
    `insert into conversation_folders (user_id, name, color) values ($1, 'My questions', 'green') returning id`,
    [readerId],
  );
  await run(
    `insert into conversations (user_id, folder_id, title, last_message_at, message_count)
     select $1, case when i % 3 = 0 then $2::uuid end, 'Why did Noah build the ark? (' || i || ')',
            now() - make_interval(mins => i * 7), 2 * (1 + i % 5)
     from generate_series(1, 60) i`,
    [readerId, folder?.id],
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * One request's answer and the statements it executed, read through the tap. The same request is made once
 * before, so that what the app keeps between requests (the session, the story catalogue, the feed's page) is
 * kept by both, as under load.
 */
async function tapped(tap: SqlTap, url: string, cookie: string) {
  await (await fetch(url, { headers: { cookie } })).arrayBuffer();
  await sleep(50);
  tap.take();
  const response = await fetch(url, { headers: { cookie } });
  const body = await response.text();
  // Anything a request sets off after its answer is sent is counted with it.
  await sleep(50);
  return { response, body, statements: tap.take() };
}

/** Where two texts part: the first differing character, with some of each side around it. */
function whereTheyPart(app: string, ceiling: string) {
  let at = 0;
  while (at < app.length && app[at] === ceiling[at]) at++;
  const around = (text: string) => text.slice(Math.max(0, at - 60), at + 80);
  return `at character ${at}: app …${around(app)}… ceiling …${around(ceiling)}…`;
}

/**
 * Why the ceiling's answer to `path` cannot stand beside the app's, or undefined when it can: the same status,
 * the same body byte for byte, and the same statements executed for the request, word for word (in any order).
 */
async function checkRoute(tap: SqlTap, ceilingUrl: string, path: string, cookie: string) {
  const app = await tapped(tap, `${baseUrl}${path}`, cookie);
  const bare = await tapped(tap, `${ceilingUrl}${path}`, cookie);
  if (app.response.status !== 200 || bare.response.status !== 200)
    return `status ${app.response.status} from the app, ${bare.response.status} from the ceiling`;
  if (app.body !== bare.body) return `bodies differ ${whereTheyPart(app.body, bare.body)}`;
  // Whitespace aside: the app's statements are built by Drizzle, the ceiling's written by hand.
  const sorted = (statements: string[]) =>
    statements
      .map((statement) => statement.replace(/\s+/g, " "))
      .sort()
      .join("\n");
  if (sorted(app.statements) !== sorted(bare.statements))
    return `the statements differ (${app.statements.length} from the app, ${bare.statements.length} from the ceiling) ${whereTheyPart(sorted(app.statements), sorted(bare.statements))}`;
  // The headers are not part of the goal; a difference is worth knowing, as the ceiling copies them.
  const headersOf = (response: Response) =>
    [...response.headers]
      .filter(([name]) => !INCIDENTAL_HEADERS.has(name))
      .map(([name, value]) => `${name}: ${value}`)
      .sort()
      .join("\n");
  if (headersOf(app.response) !== headersOf(bare.response))
    console.error(
      `ceiling ${path}: headers differ from the app's\n${headersOf(app.response)}\n---\n${headersOf(bare.response)}`,
    );
  return undefined;
}

function recordPair(
  name: string,
  app: LoadResult,
  other: LoadResult,
  otherName: string,
  goals: { throughput: number; p99?: number },
) {
  const suffix = (result: LoadResult) => (result.lowerBound ? ", over 1% timed out, so at least" : "");
  record(`${name}: Lamplight throughput`, app.requestsPerSecond, "req/s");
  record(`${name}: Lamplight p99${suffix(app)}`, app.p99, "ms");
  record(`${name}: ${otherName} throughput`, other.requestsPerSecond, "req/s");
  record(`${name}: ${otherName} p99${suffix(other)}`, other.p99, "ms");
  record(
    `${name}: throughput ratio, Lamplight ÷ ${otherName}`,
    app.requestsPerSecond / other.requestsPerSecond,
    "×",
    goals.throughput,
    "min",
  );
  // autocannon times in whole milliseconds: a p99 of 0 ms reads as 1.
  if (goals.p99 !== undefined)
    record(`${name}: p99 ratio, Lamplight ÷ ${otherName}`, app.p99 / Math.max(1, other.p99), "×", goals.p99);
}

type Route = { label: string; path: string };

/**
 * CEILING_ROUTES=notifications,feed measures only the routes whose label names one of those words (and no
 * middleware row unless it names "middleware"): for working on one route; a whole run measures all.
 */
const onlyRoutes = process.env.CEILING_ROUTES?.toLowerCase().split(",").filter(Boolean);
const wanted = (label: string) =>
  !onlyRoutes || onlyRoutes.some((word) => label.toLowerCase().includes(word));

function routesOf(slug: string, groupId: string): Route[] {
  return [
    { label: "Stories list GET /api/stories", path: "/api/stories" },
    { label: "Story page data GET /api/stories/:slug", path: `/api/stories/${encodeURIComponent(slug)}` },
    { label: "Feed first page GET /api/groups/:id/posts", path: `/api/groups/${groupId}/posts` },
    { label: "Notifications GET /api/notifications", path: "/api/notifications" },
    { label: "Conversations list GET /api/qna/conversations", path: "/api/qna/conversations" },
  ];
}

const ROUTE_LABELS = routesOf(":slug", ":id").map((route) => route.label);
const routeName = (label: string) => `${label}, 50 connections (${bench.database}) vs the ceiling`;
const MIDDLEWARE_NAME = `Middleware chain: signed-in GET ${EMPTY_ROUTE} returning {} vs Hono's hello-world, 50 connections`;

/** The routes that passed the check, alternately against the ceiling; the others as rows saying why not. */
async function measureRoutes(
  ceiling: HelperServer,
  reader: BenchUser,
  routes: Route[],
  refusals: Map<string, string | undefined>,
) {
  for (const route of routes.filter((route) => wanted(route.label))) {
    const refusal = refusals.get(route.label);
    if (refusal) {
      console.error(`ceiling ${route.path}: ${refusal}`);
      recordSkipped(
        routeName(route.label),
        "×",
        "not measured: the ceiling does not answer as the app does (see stderr); bench/ceiling.ts must follow the app",
      );
      continue;
    }
    const [app, bare] = await alternate([
      { url: `${baseUrl}${route.path}`, cookie: reader.cookie },
      { url: `${ceiling.url}${route.path}`, cookie: reader.cookie },
    ]);
    recordPair(routeName(route.label), app as LoadResult, bare as LoadResult, "ceiling", {
      throughput: THROUGHPUT_RATIO_GOAL,
      p99: P99_RATIO_GOAL,
    });
    await waitUntilIdle(baseUrl);
  }
}

async function measureMiddleware(reader: BenchUser) {
  if (!wanted(MIDDLEWARE_NAME)) return;
  const probe = await fetch(`${baseUrl}${EMPTY_ROUTE}`, { headers: { cookie: reader.cookie } });
  const body = await probe.text();
  if (probe.status !== 200 || body !== "{}") {
    recordSkipped(
      MIDDLEWARE_NAME,
      "×",
      `not measured: ${EMPTY_ROUTE} answered ${probe.status} (the app serves it signed in when BENCH_ROUTES=1)`,
      `≥ ${MIDDLEWARE_RATIO_GOAL} ×`,
    );
    return;
  }
  const hello = await startHelperServer("hello.ts");
  const helloWithHeaders = await startHelperServer("hello.ts", { HELLO_APP_HEADERS: "1" });
  try {
    const [app, bare, withHeaders] = await alternate([
      { url: `${baseUrl}${EMPTY_ROUTE}`, cookie: reader.cookie },
      { url: `${hello.url}/`, cookie: reader.cookie },
      { url: `${helloWithHeaders.url}/`, cookie: reader.cookie },
    ]);
    recordPair(MIDDLEWARE_NAME, app as LoadResult, bare as LoadResult, "hello-world", {
      throughput: MIDDLEWARE_RATIO_GOAL,
    });
    // No goal of its own: it says how much of the gap is the answer's headers, which the app must send.
    record(
      `${MIDDLEWARE_NAME}: hello-world sending the app's own response headers, throughput ratio to the plain one`,
      (withHeaders as LoadResult).requestsPerSecond / (bare as LoadResult).requestsPerSecond,
      "×",
    );
    record(
      `${MIDDLEWARE_NAME}: throughput ratio, Lamplight ÷ hello-world sending the same headers`,
      (app as LoadResult).requestsPerSecond / (withHeaders as LoadResult).requestsPerSecond,
      "×",
    );
  } finally {
    await Promise.all([hello.close(), helloWithHeaders.close()]);
  }
}

/** The `ceiling` part. */
export async function measureCeilingRows() {
  const databaseUrl = bench.databaseUrl;
  if (!databaseUrl) {
    const note = "needs DATABASE_URL: the ceiling server connects to the app's database";
    for (const label of ROUTE_LABELS) recordSkipped(routeName(label), "×", note);
    // The middleware row needs no database of its own.
    await withServer({ BENCH_ROUTES: "1" }, async () => {
      const [reader] = await signUpUsers(baseUrl, 1, "mw");
      await measureMiddleware(reader as BenchUser);
    });
    return;
  }
  // Both servers check the same signed cookies.
  const authSecret = randomBytes(32).toString("base64url");
  const appEnv = { AUTH_SECRET: authSecret, BENCH_ROUTES: "1" };
  const ceilingEnv = { AUTH_SECRET: authSecret, CEILING_POOL_SIZE: String(APP_POOL_SIZE) };

  // First the data and the check, with the app and the ceiling connected through the tap.
  const tap = await startSqlTap(databaseUrl);
  let reader: BenchUser | undefined;
  let routes: Route[] = [];
  const refusals = new Map<string, string | undefined>();
  try {
    await withServer({ ...appEnv, DATABASE_URL: tap.url }, async () => {
      const members = await signUpUsers(baseUrl, 12, "ce");
      reader = members[0] as BenchUser;
      const groupId = await createGroupOf(baseUrl, members, "Ceiling group");
      const memberIds = members.map((member) => member.id);
      await withSql(databaseUrl, async (run) => {
        await seedFeed(run, groupId, memberIds, { posts: 2_000, comments: 4_000 });
        await seedReader(run, reader?.id as string, memberIds.slice(1), groupId);
      });
      const [story] = await getJson<{ slug: string }[]>(`${baseUrl}/api/stories`, reader.cookie);
      if (!story) throw new Error("the story library is empty");
      routes = routesOf(story.slug, groupId);
      const ceiling = await startHelperServer("ceiling.ts", { ...ceilingEnv, DATABASE_URL: tap.url });
      try {
        for (const route of routes)
          refusals.set(route.label, await checkRoute(tap, ceiling.url, route.path, reader.cookie));
      } finally {
        await ceiling.close();
      }
    });
  } finally {
    await tap.close();
  }

  // Then the measurements, both connected straight to PostgreSQL.
  const signedIn = reader as BenchUser;
  await withServer(appEnv, async () => {
    const ceiling = await startHelperServer("ceiling.ts", { ...ceilingEnv, DATABASE_URL: databaseUrl });
    try {
      await measureRoutes(ceiling, signedIn, routes, refusals);
      await measureMiddleware(signedIn);
    } finally {
      await ceiling.close();
    }
  });
}
