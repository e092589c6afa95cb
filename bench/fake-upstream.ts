// The fake AI upstream in a process of its own, for the first-piece latency: the real upstream is another
// machine, so asking it directly crosses a process boundary just as our server's call to it does. Prints its
// address on the first line and stops when its parent closes stdin (or dies).
import { startFakeOpenAi } from "../src/server/test/fakes/openai";

const upstream = await startFakeOpenAi({ apiKey: "sk-bench" });
process.stdout.write(`${upstream.baseUrl}\n`);
process.stdin.resume();
process.stdin.once("end", () => void upstream.close().then(() => process.exit(0)));
