// One chat message reaching every open tab of a group: the time from just before the message is sent until
// each of 1,000 realtime streams has received it. With PostgreSQL that includes the trip through
// LISTEN/NOTIFY, as it would between instances.
import http from "node:http";
import { safeLetters } from "../src/server/test/unique-name";
import { summarise } from "./percentiles";
import type { BenchUser } from "./setup";

export type FanoutSummary = { p50: number; p99: number; samples: number };

const OPEN_TIMEOUT_MS = 60_000;
const DELIVERY_TIMEOUT_MS = 15_000;

type Stream = { request: http.ClientRequest; seen: number };

export async function measureFanout(
  appUrl: string,
  members: BenchUser[],
  groupId: string,
  options: { streamsPerMember: number; messages: number },
): Promise<FanoutSummary> {
  const [sender] = members;
  if (!sender) throw new Error("fan-out needs members");
  // Node's default agent has no socket limit either, but its own agent keeps these sockets apart and is
  // destroyed with them.
  const agent = new http.Agent({ keepAlive: false, maxSockets: Number.POSITIVE_INFINITY });
  const streams: Stream[] = [];
  /** The message being waited for: its marker, when it was sent, and who still has to receive it. */
  let current: { marker: string; index: number; sentAt: number; left: number; done: () => void } | undefined;
  const samples: number[] = [];
  let failure: Error | undefined;
  let failed: (() => void) | undefined;
  const fail = (error: Error) => {
    failure ??= error;
    failed?.();
  };

  const open = (cookie: string) =>
    new Promise<void>((resolve, reject) => {
      const stream: Stream = {
        request: http.get(`${appUrl}/api/events`, { agent, headers: { cookie } }),
        seen: -2,
      };
      streams.push(stream);
      let opened = false;
      // A marker may be split between two chunks: the tail of the last one is kept and searched again.
      let tail = "";
      stream.request.on("response", (response) => {
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
          if (current && stream.seen < current.index && text.includes(current.marker)) {
            stream.seen = current.index;
            if (current.index >= 0) samples.push(performance.now() - current.sentAt);
            current.left -= 1;
            if (current.left === 0) current.done();
          }
          tail = text.slice(-64);
        });
        response.on("end", () => fail(new Error("a realtime stream ended during the fan-out")));
      });
      stream.request.on("error", (error) => {
        if (!opened) reject(error);
        else fail(error);
      });
    });

  try {
    const cookies = members.flatMap((member) => Array<string>(options.streamsPerMember).fill(member.cookie));
    let openTimer: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(cookies.map(open)),
      new Promise((_, reject) => {
        openTimer = setTimeout(() => reject(new Error("realtime streams did not all open")), OPEN_TIMEOUT_MS);
      }),
    ]).finally(() => clearTimeout(openTimer));

    // Letters only: moderation refuses a message whose digits could be a phone number.
    const run = `${safeLetters(process.pid)}${safeLetters(Date.now())}`;
    // Message -1 warms up (JIT, the database's caches, each socket's first write) and is not counted.
    for (let index = -1; index < options.messages; index++) {
      const marker = `fanout-${run}-${safeLetters(index + 1)}-end`;
      let timer: NodeJS.Timeout | undefined;
      const delivered = new Promise<void>((resolve, reject) => {
        if (failure) return reject(failure);
        current = { marker, index, sentAt: performance.now(), left: streams.length, done: resolve };
        failed = () => reject(failure);
        timer = setTimeout(
          () =>
            reject(new Error(`message ${index}: ${current?.left} of ${streams.length} streams never got it`)),
          DELIVERY_TIMEOUT_MS,
        );
      });
      // Handled below; this only keeps a failure during the POST from counting as unhandled.
      delivered.catch(() => {});
      try {
        const sent = await fetch(`${appUrl}/api/groups/${groupId}/messages`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: appUrl, cookie: sender.cookie },
          body: JSON.stringify({ body: marker }),
        });
        if (sent.status !== 201) throw new Error(`POST message: ${sent.status} ${await sent.text()}`);
        await delivered;
      } finally {
        clearTimeout(timer);
      }
      // A short pause, so that each message meets a quiet server as a real chat message would.
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } finally {
    current = undefined;
    failed = undefined;
    for (const stream of streams) stream.request.destroy();
    agent.destroy();
  }
  return { ...summarise(samples), samples: samples.length };
}
