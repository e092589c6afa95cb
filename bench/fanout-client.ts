// The timing side of the fan-out (bench/fanout.ts), in a Node process of its own: thousands of streams make
// thousands of callbacks per message, and in the bench's own process (with Lighthouse's heap, say) its collector
// paused the timings. Reads its task as JSON on stdin, prints its results as JSON on stdout.
//
// For each stage it opens streams up to the stage's count (GET /api/events, `cookies[i]` for the i-th), lets
// the server settle, reads its resident memory, then sends `messages` chat messages one after another (each by
// the next of `senders`, so that no child's per-minute limit is reached) and takes the time from just before a
// message is sent until each open stream has received it. Every message counts: the first after the streams
// opened included.
import { readFileSync } from "node:fs";
import http from "node:http";
import { safeLetters } from "../src/server/test/unique-name";
import { summarise } from "./percentiles";

export type FanoutTask = {
  appUrl: string;
  groupId: string;
  /** The server's process, whose memory is read. */
  serverPid: number;
  senders: string[];
  /** One cookie per stream, for the largest stage. */
  cookies: string[];
  stages: number[];
  messages: number;
};

export type FanoutStage = {
  streams: number;
  messages: number;
  samples: number;
  p50: number;
  p99: number;
  /** The slowest delivery of all. */
  max: number;
  /** The server's resident memory with these streams open, once settled. */
  rssMb: number;
};

export type FanoutResult = { rssBeforeMb: number; stages: FanoutStage[] };

const OPENING_AT_ONCE = 50;
const OPEN_TIMEOUT_MS = 120_000;
const DELIVERY_TIMEOUT_MS = 15_000;
/** Between two messages, so that each meets a quiet server as a real chat message would. */
const PAUSE_MS = 200;
/** Enough for the timing client's own HTTP code to be compiled (see warmUpSending). */
const WARM_UP_REQUESTS = 50;

const residentMb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, "utf8").match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(task: FanoutTask): Promise<FanoutResult> {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const requests: http.ClientRequest[] = [];
  /** Per stream, the index of the last message it received. */
  const seen: number[] = [];
  let current: { marker: string; index: number; sentAt: number; left: number; done: () => void } | undefined;
  let samples: number[] = [];
  let failure: Error | undefined;
  let failed: (() => void) | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    failed?.();
  };

  const open = (cookie: string) =>
    new Promise<void>((resolve, reject) => {
      const place = seen.length;
      seen.push(-1);
      const request = http.get(`${task.appUrl}/api/events`, { agent, headers: { cookie } });
      requests.push(request);
      let opened = false;
      // A marker may be split between two chunks: the tail of the last one is kept and searched again.
      let tail = "";
      request.on("response", (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`GET /api/events: ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          // The server writes its `retry:` hint only after subscribing this stream to the bus.
          if (!opened) {
            opened = true;
            resolve();
          }
          const text = tail + chunk;
          if (current && (seen[place] as number) < current.index && text.includes(current.marker)) {
            seen[place] = current.index;
            samples.push(performance.now() - current.sentAt);
            current.left -= 1;
            if (current.left === 0) current.done();
          }
          tail = text.slice(-64);
        });
        response.on("end", () => fail(new Error("a realtime stream ended during the fan-out")));
      });
      request.on("error", (error) => {
        if (!opened) reject(error);
        else fail(error);
      });
    });

  const openUpTo = async (count: number) => {
    const cookies = task.cookies.slice(seen.length, count);
    let next = 0;
    const worker = async () => {
      while (next < cookies.length) await open(cookies[next++] as string);
    };
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(Array.from({ length: OPENING_AT_ONCE }, worker)),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("realtime streams did not all open")), OPEN_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
  };

  const send = async (index: number) => {
    // Letters only: moderation refuses a message whose digits could be a phone number.
    const marker = `fanout-${safeLetters(process.pid)}-${safeLetters(index + 1)}-end`;
    let timer: NodeJS.Timeout | undefined;
    const delivered = new Promise<void>((resolve, reject) => {
      if (failure) return reject(failure);
      current = { marker, index, sentAt: performance.now(), left: seen.length, done: resolve };
      failed = () => reject(failure);
      timer = setTimeout(
        () => reject(new Error(`message ${index}: ${current?.left} of ${seen.length} streams never got it`)),
        DELIVERY_TIMEOUT_MS,
      );
    });
    // Handled below; this only keeps a failure during the POST from counting as unhandled.
    delivered.catch(() => {});
    try {
      const sender = task.senders[index % task.senders.length] as string;
      const sent = await fetch(`${task.appUrl}/api/groups/${task.groupId}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: task.appUrl, cookie: sender },
        body: JSON.stringify({ body: marker }),
      });
      if (sent.status !== 201) throw new Error(`POST message: ${sent.status} ${await sent.text()}`);
      await delivered;
    } finally {
      clearTimeout(timer);
    }
  };

  try {
    await warmUpSending(task.appUrl);
    await sleep(1000);
    const rssBeforeMb = residentMb(task.serverPid);
    const stages: FanoutStage[] = [];
    let sent = 0;
    for (const streams of task.stages) {
      await openUpTo(streams);
      // Let the opening's garbage and the sockets' buffers settle before reading memory and timing.
      await sleep(1000);
      const rssMb = residentMb(task.serverPid);
      samples = [];
      /** Per message, when its first and its last stream had it: says whether a p99 is every message or a few. */
      const spans: { first: number; last: number }[] = [];
      for (let message = 0; message < task.messages; message++) {
        const before = samples.length;
        await send(sent++);
        const own = samples.slice(before);
        spans.push({ first: Math.min(...own), last: Math.max(...own) });
        await sleep(PAUSE_MS);
      }
      const { p50, p99 } = summarise(samples);
      const slowest = spans
        .map((span, index) => ({ ...span, index }))
        .sort((a, b) => b.last - a.last)
        .slice(0, 5)
        .map(({ index, first, last }) => `#${index + 1} ${first.toFixed(0)}–${last.toFixed(0)} ms`);
      console.error(
        `fan-out to ${streams} streams: p50 ${p50.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms; slowest messages (first–last stream): ${slowest.join(", ")}`,
      );
      stages.push({
        streams,
        messages: task.messages,
        samples: samples.length,
        p50,
        p99,
        // Not Math.max(...samples): half a million arguments overflow the stack.
        max: samples.reduce((slowest, ms) => Math.max(slowest, ms), 0),
        rssMb,
      });
    }
    return { rssBeforeMb, stages };
  } finally {
    current = undefined;
    failed = undefined;
    for (const request of requests) request.destroy();
    agent.destroy();
  }
}

/**
 * This process's own first `fetch` loads and compiles Node's HTTP client: about 85 ms, then 9, 7 and 2 ms for the
 * next ones on this machine. Timed, that start-up would be the first messages' latency, though the server did
 * nothing slower. A few posts of the same shape to the health check, which has no post route (the API's 404), warm the
 * client's side alone: the server's first chat message is still the first one timed.
 */
async function warmUpSending(appUrl: string) {
  for (let round = 0; round < WARM_UP_REQUESTS; round++) {
    const answer = await fetch(`${appUrl}/api/health`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: appUrl },
      body: JSON.stringify({ body: "warm-up" }),
    });
    await answer.arrayBuffer();
  }
}

let input = "";
process.stdin.setEncoding("utf8");
process.stdin.on("data", (chunk: string) => {
  input += chunk;
});
process.stdin.once("end", () => {
  main(JSON.parse(input) as FanoutTask).then(
    (result) => {
      process.stdout.write(JSON.stringify(result));
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
