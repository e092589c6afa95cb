import { createECDH, createPublicKey, randomBytes, verify } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Agent, createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
// @ts-expect-error http_ece (web-push's own encryption library) ships no types; the test decrypts with it.
import ece from "http_ece";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { PUSH_MESSAGES } from "../../../core/schemas/push";
import { profiles, pushSubscriptions } from "../../db/schema";
import { createRateLimiter } from "../../shared/rate-limit";
import { commentAs, groupWithMembers, postAs } from "../../test/fixtures";
import {
  call,
  createTestApp,
  fakePushServiceTls,
  parallel,
  signUpUserWithRole,
  type TestApp,
  type TestUser,
} from "../../test/harness";
import { createPushSender } from "./sender";
import { isQuietHour, type PushDeps, pushToReader } from "./service";

// Push notifications (issue 26) against a small fake push service on 127.0.0.1 that speaks the real wire
// format: it checks each push's VAPID signature (RFC 8292) and its aes128gcm encryption headers (RFC 8291),
// and decrypts the payload with the device's own keys, as a browser would.

let t: TestApp;
let service: Server;
let serviceUrl: string;
/** What the fake push service received, decrypted; and the endpoints it answers 410 Gone for. */
const received: { endpoint: string; message: unknown }[] = [];
const problems: string[] = [];
const goneEndpoints = new Set<string>();
/** Each fake device's private keys, by endpoint, to decrypt what arrives for it. */
const devices = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: string }>();

function readBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => resolve(Buffer.concat(chunks)));
  });
}

/** Checks the VAPID header: an ES256 JWT for this origin, signed by the key it names, not expired. */
function vapidProblem(header: string | undefined, origin: string): string | null {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) return `no VAPID authorization: ${header}`;
  const [, head, claims, signature, key] = match as unknown as [string, string, string, string, string];
  if (key !== t.vapid.publicKey) return "signed with another key";
  const raw = Buffer.from(key, "base64url");
  const publicKey = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!signed) return "the VAPID signature does not verify";
  const body = JSON.parse(Buffer.from(claims, "base64url").toString()) as {
    aud: string;
    exp: number;
    sub: string;
  };
  if (body.aud !== origin) return `audience ${body.aud}, not ${origin}`;
  if (body.exp * 1000 < Date.now() || body.exp * 1000 > Date.now() + 24 * 3600_000)
    return "expiry out of range";
  if (body.sub !== t.vapid.subject) return `subject ${body.sub}`;
  return null;
}

beforeAll(async () => {
  t = await createTestApp();
  service = createServer(fakePushServiceTls, async (request, response) => {
    const body = await readBody(request);
    const endpoint = `${serviceUrl}${request.url}`;
    const problem =
      request.method !== "POST"
        ? `method ${request.method}`
        : request.headers["content-encoding"] !== "aes128gcm"
          ? `content-encoding ${request.headers["content-encoding"]}`
          : !request.headers.ttl
            ? "no TTL"
            : vapidProblem(request.headers.authorization, serviceUrl);
    if (problem) {
      problems.push(problem);
      response.writeHead(401).end();
      return;
    }
    if (goneEndpoints.has(endpoint)) {
      response.writeHead(410).end();
      return;
    }
    const device = devices.get(endpoint);
    const plain = device
      ? ece.decrypt(body, { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.auth })
      : null;
    received.push({ endpoint, message: plain ? JSON.parse(plain.toString()) : null });
    response.writeHead(201).end();
  });
  await new Promise<void>((resolve) => service.listen(0, "127.0.0.1", resolve));
  serviceUrl = `https://127.0.0.1:${(service.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => service.close(() => resolve()));
  await t?.close();
});
beforeEach(() => {
  received.length = 0;
  problems.length = 0;
});

let deviceCounter = 0;
/** A new browser's subscription: its own keys, on the fake push service. */
function newDevice() {
  deviceCounter += 1;
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const auth = randomBytes(16).toString("base64url");
  const endpoint = `${serviceUrl}/push/device-${deviceCounter}`;
  devices.set(endpoint, { ecdh, auth });
  return { endpoint, keys: { p256dh: ecdh.getPublicKey("base64url"), auth } };
}

async function subscribed(user: TestUser) {
  const device = newDevice();
  const response = await call(t, "/api/push/subscriptions", { cookie: user.cookie, json: device });
  expect(response.status, response.text).toBe(200);
  return device;
}

const deps = (limits = {}): PushDeps => ({
  db: t.db,
  logger: t.logger,
  rateLimiter: createRateLimiter(t.db, limits),
  sender: createPushSender(t.vapid, { agent: new Agent({ ca: fakePushServiceTls.cert }) }),
});

const message = { title: "Lamplight", body: "Ruth mentioned you", url: "/groups/g/chat" };
/** Noon UTC: outside the default quiet hours for a reader with no time zone. */
const NOON = new Date("2026-11-26T12:00:00Z");

describe("GET /api/push and the device routes", () => {
  it("gives the key to subscribe with and the default quiet hours; a stranger gets 401", async () => {
    const reader = await signUpUserWithRole(t, "member");
    const settings = await call(t, "/api/push", { cookie: reader.cookie });
    expect(settings.status).toBe(200);
    expect(settings.data).toEqual({
      publicKey: t.vapid.publicKey,
      quietHours: { start: 20, end: 7 },
      allowed: true,
    });
    expect((await call(t, "/api/push")).status).toBe(401);
  });

  it("keeps a device once, moves it to the next reader of a shared tablet, and stops only the reader's own", async () => {
    const first = await signUpUserWithRole(t, "member");
    const second = await signUpUserWithRole(t, "member");
    const device = await subscribed(first);
    // The same device again: still one row.
    expect((await call(t, "/api/push/subscriptions", { cookie: first.cookie, json: device })).status).toBe(
      200,
    );
    // The next reader turns notifications on on the same tablet.
    expect((await call(t, "/api/push/subscriptions", { cookie: second.cookie, json: device })).status).toBe(
      200,
    );
    const rows = await t.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.endpoint, device.endpoint));
    expect(rows.map((row) => row.userId)).toEqual([second.id]);
    // The first reader cannot stop it any more; its reader can.
    await call(t, "/api/push/subscriptions", {
      method: "DELETE",
      cookie: first.cookie,
      json: { endpoint: device.endpoint },
    });
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toHaveLength(1);
    await call(t, "/api/push/subscriptions", {
      method: "DELETE",
      cookie: second.cookie,
      json: { endpoint: device.endpoint },
    });
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toEqual([]);
  });

  it("keeps one row for a device sent 50 times at once", async () => {
    const reader = await signUpUserWithRole(t, "member");
    const device = newDevice();
    const responses = await parallel(50, () =>
      call(t, "/api/push/subscriptions", { cookie: reader.cookie, json: device }),
    );
    expect(responses.map((response) => response.status)).toEqual(responses.map(() => 200));
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, device.endpoint)),
    ).toHaveLength(1);
  });

  it("refuses a device with a bad address or keys with 400 and keeps nothing", async () => {
    const reader = await signUpUserWithRole(t, "member");
    const good = newDevice();
    for (const body of [
      {},
      { ...good, endpoint: "javascript:alert(1)" },
      { ...good, endpoint: `${serviceUrl}/${"x".repeat(1200)}` },
      { ...good, keys: { p256dh: "short", auth: good.keys.auth } },
      { ...good, keys: { p256dh: good.keys.p256dh, auth: "not base64url!" } },
    ]) {
      const response = await call(t, "/api/push/subscriptions", { cookie: reader.cookie, json: body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect(
      await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.id)),
    ).toEqual([]);
  });

  it("keeps the browser's time zone with a device, so the default quiet hours are the reader's own night", async () => {
    const reader = await signUpUserWithRole(t, "leader");
    const response = await call(t, "/api/push/subscriptions", {
      cookie: reader.cookie,
      json: newDevice(),
      headers: { "x-time-zone": "America/Chicago" },
    });
    expect(response.status, response.text).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, reader.id));
    expect(row?.timeZone).toBe("America/Chicago");
    // 09:00 UTC is 03:00 in Chicago, inside 20:00-07:00 there; 21:00 UTC is 15:00 there (and night in UTC).
    expect(await pushToReader(deps(), reader.id, message, new Date("2026-11-27T09:00:00Z"))).toBe(
      "quiet_hours",
    );
    expect(await pushToReader(deps(), reader.id, message, new Date("2026-11-26T21:00:00Z"))).toBe("sent");
  });

  it("saves quiet hours with the browser's time zone, and refuses hours that are not hours", async () => {
    const reader = await signUpUserWithRole(t, "member");
    const saved = await call(t, "/api/push/quiet-hours", {
      method: "PUT",
      cookie: reader.cookie,
      json: { start: 21, end: 6 },
      headers: { "x-time-zone": "Europe/Berlin" },
    });
    expect(saved.status, saved.text).toBe(200);
    const [row] = await t.db.select().from(profiles).where(eq(profiles.id, reader.id));
    expect([row?.pushQuietStart, row?.pushQuietEnd, row?.timeZone]).toEqual([21, 6, "Europe/Berlin"]);
    for (const json of [
      { start: 24, end: 6 },
      { start: -1, end: 6 },
      { start: 1.5, end: 6 },
      { start: 21 },
    ]) {
      const response = await call(t, "/api/push/quiet-hours", { method: "PUT", cookie: reader.cookie, json });
      expect(response.status).toBe(400);
    }
  });
});

describe("sending a push", () => {
  it("signs it with VAPID and encrypts it for the device alone (aes128gcm), which reads the message", async () => {
    const reader = await signUpUserWithRole(t, "leader");
    const device = await subscribed(reader);
    expect(await pushToReader(deps(), reader.id, message, NOON)).toBe("sent");
    expect(problems).toEqual([]);
    expect(received).toEqual([{ endpoint: device.endpoint, message }]);
  });

  it("holds none in the reader's quiet hours, in their own time zone", async () => {
    const reader = await signUpUserWithRole(t, "leader");
    await subscribed(reader);
    await t.db.update(profiles).set({ timeZone: "America/Chicago" }).where(eq(profiles.id, reader.id));
    // 21:30 in Chicago, and 06:30 the next morning: quiet. 07:30: not.
    expect(await pushToReader(deps(), reader.id, message, new Date("2026-11-27T03:30:00Z"))).toBe(
      "quiet_hours",
    );
    expect(await pushToReader(deps(), reader.id, message, new Date("2026-11-27T12:30:00Z"))).toBe(
      "quiet_hours",
    );
    expect(await pushToReader(deps(), reader.id, message, new Date("2026-11-27T13:30:00Z"))).toBe("sent");
    expect(received).toHaveLength(1);
    expect([isQuietHour(19, { start: 20, end: 7 }), isQuietHour(20, { start: 20, end: 7 })]).toEqual([
      false,
      true,
    ]);
    expect([isQuietHour(13, { start: 13, end: 15 }), isQuietHour(8, { start: 8, end: 8 })]).toEqual([
      true,
      false,
    ]);
  });

  it("sends a child at most 3 a day however many come at once; a leader has no such cap", async () => {
    const child = await signUpUserWithRole(t, "member");
    const leader = await signUpUserWithRole(t, "leader");
    // Fourteen: a child, though no parent governs the account.
    await t.db.update(profiles).set({ birthYear: 2012 }).where(eq(profiles.id, child.id));
    await subscribed(child);
    await subscribed(leader);
    const shared = deps();
    const results = await parallel(6, () => pushToReader(shared, child.id, message, NOON));
    expect(results.filter((result) => result === "sent")).toHaveLength(3);
    expect(results.filter((result) => result === "daily_cap")).toHaveLength(3);
    const leaders = await parallel(5, () => pushToReader(shared, leader.id, message, NOON));
    expect(leaders).toEqual(leaders.map(() => "sent"));
  });

  it("sends a child under 13 nothing until a parent turns notifications on", async () => {
    const child = await signUpUserWithRole(t, "member");
    await subscribed(child);
    const permissions = { groups: true, aiHelper: true, media: false, notifications: false };
    await t.db
      .update(profiles)
      .set({ familyPermissions: permissions, birthYear: 2016 })
      .where(eq(profiles.id, child.id));
    expect(await pushToReader(deps(), child.id, message, NOON)).toBe("not_allowed");
    await t.db
      .update(profiles)
      .set({ familyPermissions: { ...permissions, notifications: true } })
      .where(eq(profiles.id, child.id));
    expect(await pushToReader(deps(), child.id, message, NOON)).toBe("sent");
    expect(received).toHaveLength(1);
  });

  it("forgets a device the push service says is gone (410), and keeps the others", async () => {
    const reader = await signUpUserWithRole(t, "leader");
    const gone = await subscribed(reader);
    const kept = await subscribed(reader);
    goneEndpoints.add(gone.endpoint);
    expect(await pushToReader(deps(), reader.id, message, NOON)).toBe("sent");
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, reader.id));
    expect(left.map((row) => row.endpoint)).toEqual([kept.endpoint]);
  });

  it("reaches a member mentioned in a post, through the job queue, with who mentioned them and the way there", async () => {
    const { group, members, owner } = await groupWithMembers(t, { members: 1 });
    const [friend] = members;
    await t.db.update(profiles).set({ pushQuietStart: 0, pushQuietEnd: 0 }).where(eq(profiles.id, friend.id));
    const device = await subscribed(friend);
    await postAs(t, owner, group, { title: "Hello", content: `Read this, @${friend.username}!` });
    await t.mailQueueSettled();
    expect(received).toEqual([
      {
        endpoint: device.endpoint,
        message: { ...PUSH_MESSAGES.mention(owner.username), url: `/groups/${group.id}/chat` },
      },
    ]);
  });

  it("reaches the author of a post someone commented on, with who answered", async () => {
    const { group, members, owner } = await groupWithMembers(t, { members: 1 });
    const [friend] = members;
    await t.db.update(profiles).set({ pushQuietStart: 0, pushQuietEnd: 0 }).where(eq(profiles.id, owner.id));
    const device = await subscribed(owner);
    const created = await postAs(t, owner, group, { title: "Hello", content: "A post" });
    await commentAs(t, friend, created, "A comment");
    await t.mailQueueSettled();
    expect(received).toEqual([
      {
        endpoint: device.endpoint,
        message: { ...PUSH_MESSAGES.reply(friend.username), url: `/groups/${group.id}/chat` },
      },
    ]);
  });
});
