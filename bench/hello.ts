// Hono's own hello-world on @hono/node-server, in a process of its own: what one request costs the framework
// and the node server with nothing of ours in it, the measure of the app's middleware chain
// (bench/ceiling-rows.ts). Prints its address on the first line and stops when stdin ends.
//
// With HELLO_APP_HEADERS=1 it sends the headers every API answer of the app carries (the security headers,
// no-store and a fresh X-Request-Id), written into the head as the app writes them (AppServerResponse): what
// those bytes alone cost, so that the chain's own cost can be read apart from them.
import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { createAdaptorServer, type HttpBindings } from "@hono/node-server";
import { Hono } from "hono";
import { NO_STORE_HEADERS } from "../src/server/http/no-store";
import { type AppServerResponse, createAppServer, prepareHeaders } from "../src/server/http/response-headers";
import { securityHeaderList } from "../src/server/http/security";

const appHeaders = prepareHeaders([...securityHeaderList("http://localhost:3200"), ...NO_STORE_HEADERS]);
const withAppHeaders = process.env.HELLO_APP_HEADERS === "1";
const app = new Hono<{ Bindings: HttpBindings }>();
if (withAppHeaders)
  app.get("/", (c) => {
    (c.env.outgoing as AppServerResponse).answerWith(appHeaders, randomUUID());
    return c.json({});
  });
else app.get("/", (c) => c.json({}));

// The plain one is served as @hono/node-server serves any Hono app.
const server = withAppHeaders ? createAppServer(app.fetch) : createAdaptorServer({ fetch: app.fetch });
server.listen(0, "127.0.0.1", () => {
  process.stdout.write(`http://127.0.0.1:${(server.address() as AddressInfo).port}\n`);
});
process.stdin.resume();
process.stdin.once("end", () => {
  server.close();
  process.exit(0);
});
