import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createS3Storage } from "./s3";

/**
 * A small S3 of our own on 127.0.0.1: path-style PUT/GET/DELETE, SigV4 Authorization header checked for the
 * expected key id, scope and signed headers, errors as S3's XML.
 */
function fakeS3(accessKeyId: string) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const seen: { method: string; path: string; authorization: string }[] = [];
  const xmlError = (code: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const authorization = request.headers.authorization ?? "";
      const path = decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname);
      seen.push({ method: request.method ?? "", path, authorization });
      const scope = new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${accessKeyId}/\\d{8}/eu-test-1/s3/aws4_request, SignedHeaders=[^,]*host[^,]*x-amz-date[^,]*, Signature=[0-9a-f]{64}$`,
      );
      if (
        !scope.test(authorization) ||
        !request.headers["x-amz-date"] ||
        !request.headers["x-amz-content-sha256"]
      ) {
        response.writeHead(403, { "content-type": "application/xml" }).end(xmlError("SignatureDoesNotMatch"));
        return;
      }
      if (!path.startsWith("/lamplight-media/")) {
        response.writeHead(404, { "content-type": "application/xml" }).end(xmlError("NoSuchBucket"));
        return;
      }
      const key = path.slice("/lamplight-media/".length);
      if (request.method === "PUT") {
        objects.set(key, {
          body: Buffer.concat(chunks),
          contentType: String(request.headers["content-type"]),
        });
        response.writeHead(200, { etag: '"1"' }).end();
      } else if (request.method === "GET") {
        const object = objects.get(key);
        if (!object)
          response.writeHead(404, { "content-type": "application/xml" }).end(xmlError("NoSuchKey"));
        else response.writeHead(200, { "content-type": object.contentType }).end(object.body);
      } else if (request.method === "DELETE") {
        objects.delete(key);
        response.writeHead(204).end();
      } else response.writeHead(405).end();
    });
  });
  return { server, objects, seen };
}

describe("S3 storage", () => {
  const fake = fakeS3("AKIDLAMPLIGHT");
  let endpoint: string;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, "127.0.0.1", resolve));
    endpoint = `http://127.0.0.1:${(fake.server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => (fake.server as Server).close(() => resolve())));

  const storage = () =>
    createS3Storage({
      endpoint,
      bucket: "lamplight-media",
      region: "eu-test-1",
      accessKeyId: "AKIDLAMPLIGHT",
      secretAccessKey: "secret-key",
    });

  it("puts, gets and deletes signed objects path-style", async () => {
    const key = "user-uploads/u1/avatar/1700000000000.webp";
    await storage().put(key, new Uint8Array([7, 8, 9]), "image/webp");
    expect(fake.objects.get(key)).toEqual({ body: Buffer.from([7, 8, 9]), contentType: "image/webp" });
    expect(await storage().get(key)).toEqual({ bytes: new Uint8Array([7, 8, 9]), contentType: "image/webp" });
    await storage().delete(key);
    expect(await storage().get(key)).toBeNull();
    expect(fake.seen.every((request) => request.authorization.startsWith("AWS4-HMAC-SHA256"))).toBe(true);
  });

  it("reports S3's error code when the bucket refuses", async () => {
    const wrongKey = createS3Storage({
      endpoint,
      bucket: "lamplight-media",
      region: "eu-test-1",
      accessKeyId: "SOMEONE-ELSE",
      secretAccessKey: "x",
    });
    await expect(wrongKey.put("a/1.png", new Uint8Array([1]), "image/png")).rejects.toThrow(
      "S3 put failed: 403 SignatureDoesNotMatch",
    );
  });

  it("refuses unsafe keys before any request", async () => {
    const before = fake.seen.length;
    await expect(storage().get("../other-bucket/x")).rejects.toThrow(/unsafe/);
    expect(fake.seen.length).toBe(before);
  });
});
