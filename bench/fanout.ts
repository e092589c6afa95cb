// Issue 20 item 4: one chat message reaching every open tab of a group, at 1,000 and at 5,000 open realtime
// streams, and what each open stream costs the server's memory. With PostgreSQL the message goes through
// LISTEN/NOTIFY, as it would between instances. The timing client runs in a process of its own
// (bench/fanout-client.ts).
import type { FanoutResult, FanoutTask } from "./fanout-client";
import { baseUrl, bench, record, startScript, withServer } from "./harness";
import { type BenchUser, createGroupOf, signUpUsers } from "./setup";

const MEMBERS = 100;
/** Open streams at each stage; every member holds the same share of them, as tabs and devices. */
export const FANOUT_STAGES = [1000, 5000];
/** Independent messages per stage: a p99 over fewer would be the slowest message's, not a percentile. */
const MESSAGES = 100;
const GOAL_MS_AT = new Map([[1000, 50]]);

async function runClient(task: FanoutTask): Promise<FanoutResult> {
  const client = startScript("fanout-client.ts");
  let output = "";
  client.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString("utf8");
  });
  client.stdin?.end(JSON.stringify(task));
  const code = await new Promise((resolve) => client.once("exit", resolve));
  if (code !== 0) throw new Error(`the fan-out client failed (exit ${code})`);
  return JSON.parse(output) as FanoutResult;
}

/** The `fanout` part. */
export async function measureFanoutRows() {
  const largest = Math.max(...FANOUT_STAGES);
  // 50 tabs a member is past EVENT_STREAMS_PER_USER's default of 5, and 5,000 streams is EVENT_STREAMS_MAX's
  // default: both are lifted, as they are limits, not what is measured.
  const env = { EVENT_STREAMS_PER_USER: "0", EVENT_STREAMS_MAX: String(largest + 1000) };
  await withServer(env, async (server) => {
    if (!server.pid) throw new Error("the server has no process id");
    const members = await signUpUsers(baseUrl, MEMBERS, "fo");
    const groupId = await createGroupOf(baseUrl, members, "Fan-out group");
    const result = await runClient({
      appUrl: baseUrl,
      groupId,
      serverPid: server.pid,
      senders: members.map((member) => member.cookie),
      cookies: Array.from({ length: largest }, (_, index) => (members[index % MEMBERS] as BenchUser).cookie),
      stages: FANOUT_STAGES,
      messages: MESSAGES,
    });
    for (const stage of result.stages) {
      const name = `Chat message to ${stage.streams.toLocaleString("en-US")} realtime streams (${MEMBERS} members), ${stage.messages} messages, ${stage.samples.toLocaleString("en-US")} deliveries (${bench.database})`;
      record(`${name}: p50`, stage.p50, "ms");
      record(`${name}: p99`, stage.p99, "ms", GOAL_MS_AT.get(stage.streams));
      record(`${name}: slowest`, stage.max, "ms");
    }
    const last = result.stages.at(-1);
    if (last)
      record(
        `Memory per open realtime stream, server RSS growth from 0 to ${last.streams.toLocaleString("en-US")} streams ÷ streams (${bench.database})`,
        ((last.rssMb - result.rssBeforeMb) * 1024) / last.streams,
        "KB",
      );
  });
}
