// Hono's own hello-world on @hono/node-server, in a process of its own: what one request costs the framework
// and the node server with nothing of ours in it, the measure of the app's middleware chain
// (bench/ceiling-rows.ts). Prints its address on the first line and stops when stdin ends.
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const app = new Hono().get("/", (c) => c.json({}));
const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => {
  process.stdout.write(`http://127.0.0.1:${info.port}\n`);
});
process.stdin.resume();
process.stdin.once("end", () => {
  server.close();
  process.exit(0);
});
