import { createHash } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeObject = { body: Buffer; contentType: string; lastModified: Date; etag: string };

const xmlError = (code: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`;
const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/**
 * A small S3 of our own on 127.0.0.1, for one bucket: path-style PUT/GET/HEAD/DELETE of objects (GET with a
 * single `Range`, answered 206 or 416 as S3 does; a PUT must say its Content-Length), and ListObjectsV2
 * (prefix, continuation token, `pageSize` keys a page unless max-keys asks for fewer), the SigV4 Authorization
 * header checked for the expected key id, scope and signed headers, errors as S3's XML. A test may set an
 * object's lastModified to make it old.
 */
export function createFakeS3({
  accessKeyId,
  bucket,
  region,
  pageSize = 1000,
}: {
  accessKeyId: string;
  bucket: string;
  region: string;
  pageSize?: number;
}) {
  const objects = new Map<string, FakeObject>();
  const seen: { method: string; path: string; authorization: string; range?: string }[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const authorization = request.headers.authorization ?? "";
      const url = new URL(request.url ?? "/", "http://x");
      const path = decodeURIComponent(url.pathname);
      seen.push({ method: request.method ?? "", path, authorization, range: request.headers.range });
      const scope = new RegExp(
        `^AWS4-HMAC-SHA256 Credential=${accessKeyId}/\\d{8}/${region}/s3/aws4_request, SignedHeaders=[^,]*host[^,]*x-amz-date[^,]*, Signature=[0-9a-f]{64}$`,
      );
      if (
        !scope.test(authorization) ||
        !request.headers["x-amz-date"] ||
        !request.headers["x-amz-content-sha256"]
      ) {
        response.writeHead(403, { "content-type": "application/xml" }).end(xmlError("SignatureDoesNotMatch"));
        return;
      }
      if (request.method === "GET" && path === `/${bucket}` && url.searchParams.get("list-type") === "2") {
        const prefix = url.searchParams.get("prefix") ?? "";
        const after = url.searchParams.get("continuation-token") ?? "";
        const max = Math.min(Number(url.searchParams.get("max-keys")) || pageSize, pageSize);
        const keys = [...objects.keys()].filter((key) => key.startsWith(prefix) && key > after).sort();
        const page = keys.slice(0, max);
        const truncated = keys.length > page.length;
        const contents = page
          .map((key) => {
            const object = objects.get(key) as FakeObject;
            return `<Contents><Key>${escapeXml(key)}</Key><LastModified>${object.lastModified.toISOString()}</LastModified><Size>${object.body.length}</Size></Contents>`;
          })
          .join("");
        const next = truncated
          ? `<NextContinuationToken>${escapeXml(page.at(-1) ?? "")}</NextContinuationToken>`
          : "";
        response
          .writeHead(200, { "content-type": "application/xml" })
          .end(
            `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>${bucket}</Name><Prefix>${escapeXml(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${contents}${next}</ListBucketResult>`,
          );
        return;
      }
      if (!path.startsWith(`/${bucket}/`)) {
        response.writeHead(404, { "content-type": "application/xml" }).end(xmlError("NoSuchBucket"));
        return;
      }
      const key = path.slice(`/${bucket}/`.length);
      if (request.method === "PUT") {
        const body = Buffer.concat(chunks);
        if (request.headers["content-length"] !== String(body.length)) {
          response
            .writeHead(411, { "content-type": "application/xml" })
            .end(xmlError("MissingContentLength"));
          return;
        }
        const etag = `"${createHash("md5").update(body).digest("hex")}"`;
        objects.set(key, {
          body,
          contentType: String(request.headers["content-type"]),
          lastModified: new Date(),
          etag,
        });
        response.writeHead(200, { etag }).end();
      } else if (request.method === "GET" || request.method === "HEAD") {
        const object = objects.get(key);
        if (!object) {
          response.writeHead(404, { "content-type": "application/xml" });
          response.end(request.method === "HEAD" ? undefined : xmlError("NoSuchKey"));
          return;
        }
        const size = object.body.length;
        const headers = { "content-type": object.contentType, etag: object.etag, "accept-ranges": "bytes" };
        const range = request.method === "GET" ? request.headers.range?.match(/^bytes=(\d+)-(\d*)$/) : null;
        if (!range) {
          response.writeHead(200, { ...headers, "content-length": size });
          response.end(request.method === "HEAD" ? undefined : object.body);
          return;
        }
        const start = Number(range[1]);
        const end = Math.min(range[2] ? Number(range[2]) : size - 1, size - 1);
        if (start >= size || end < start) {
          response.writeHead(416, { "content-type": "application/xml" }).end(xmlError("InvalidRange"));
          return;
        }
        response
          .writeHead(206, { ...headers, "content-range": `bytes ${start}-${end}/${size}` })
          .end(object.body.subarray(start, end + 1));
      } else if (request.method === "DELETE") {
        objects.delete(key);
        response.writeHead(204).end();
      } else response.writeHead(405).end();
    });
  });
  return {
    server,
    objects,
    seen,
    /** Starts listening on a free port of 127.0.0.1 and answers the endpoint to give the S3 storage. */
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => (server as Server).close(() => resolve())),
  };
}
