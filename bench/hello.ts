// Hono's own hello-world on @hono/node-server, in a process of its own: what one request costs the framework
// and the node server with nothing of ours in it, the measure of the app's middleware chain
// (bench/ceiling-rows.ts). Prints its address on the first line and stops when stdin ends.
//
// With HELLO_APP_HEADERS=1 it sends the headers every API answer of the app carries (the security headers,
// no-store and a fresh X-Request-Id), set on Node's response as the app sets them: what those bytes alone cost,
// so that the chain's own cost can be read apart from them.
import { randomUUID } from "node:crypto";
import type { ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { serve } from "@hono/node-server";
import { Hono } from "hono";
import { NO_STORE_HEADERS } from "../src/server/http/no-store";
import { securityHeaderList } from "../src/server/http/security";

const appHeaders = [...securityHeaderList("http://localhost:3200"), ...NO_STORE_HEADERS];
const app = new Hono<{ Bindings: { outgoing: ServerResponse } }>();
if (process.env.HELLO_APP_HEADERS === "1")
  app.get("/", (c) => {
    c.env.outgoing.setHeader("X-Request-Id", randomUUID());
    for (const [name, value] of appHeaders) c.env.outgoing.setHeader(name, value);
    return c.json({});
  });
else app.get("/", (c) => c.json({}));

const server = serve({ fetch: app.fetch, hostname: "127.0.0.1", port: 0 }, (info: AddressInfo) => {
  process.stdout.write(`http://127.0.0.1:${info.port}\n`);
});
process.stdin.resume();
process.stdin.once("end", () => {
  server.close();
  process.exit(0);
});
