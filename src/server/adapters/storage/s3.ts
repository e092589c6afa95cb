import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { contentTypeForKey, type FileInfo, isSafeStorageKey, type ListedFile, type Storage } from "./storage";

/** How many times a streamed upload is tried: each try reads the file again from the start. */
const PUT_FILE_ATTEMPTS = 3;

export type S3Options = {
  /** e.g. https://s3.eu-west-1.amazonaws.com, https://<account>.r2.cloudflarestorage.com, http://minio:9000 */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/**
 * Real provider: any S3-compatible bucket, addressed path-style (endpoint/bucket/key), which AWS, R2, MinIO
 * and most others accept. Requests are signed with SigV4 by aws4fetch. Files are still served by the app
 * (/uploads/...), so the bucket stays private.
 */
export function createS3Storage(options: S3Options): Storage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: "s3",
    retries: 2,
  });
  const base = `${options.endpoint.replace(/\/$/, "")}/${encodeURIComponent(options.bucket)}`;
  const urlFor = (key: string) => {
    if (!isSafeStorageKey(key)) throw new Error(`unsafe storage key: ${key}`);
    return `${base}/${key.split("/").map(encodeURIComponent).join("/")}`;
  };
  const fail = async (action: string, response: Response) => {
    const detail = (await response.text()).match(/<Code>([^<]+)<\/Code>/)?.[1] ?? response.statusText;
    return new Error(`S3 ${action} failed: ${response.status} ${detail}`);
  };

  return {
    kind: "s3",
    async put(key, bytes, contentType) {
      const response = await client.fetch(urlFor(key), {
        method: "PUT",
        body: bytes as Uint8Array<ArrayBuffer>,
        headers: { "content-type": contentType },
      });
      if (!response.ok) throw await fail("put", response);
    },
    async putFile(key, path, contentType) {
      const { size } = await stat(path);
      for (let attempt = 1; ; attempt++) {
        // A stream can be read once, so each try signs a request of its own (the body goes unsigned, as
        // S3 allows over TLS) rather than using the client's retries.
        const request = await client.sign(urlFor(key), {
          method: "PUT",
          body: Readable.toWeb(createReadStream(path)) as ReadableStream<Uint8Array>,
          headers: { "content-type": contentType, "content-length": String(size) },
        });
        const response = await fetch(request).catch((error: unknown) => error as Error);
        if (response instanceof Response && response.ok) return;
        const retry = !(response instanceof Response) || response.status >= 500 || response.status === 429;
        if (!retry || attempt === PUT_FILE_ATTEMPTS) {
          if (response instanceof Response) throw await fail("put", response);
          throw response;
        }
        if (response instanceof Response) await response.body?.cancel();
      }
    },
    async get(key) {
      const response = await client.fetch(urlFor(key));
      if (response.status === 404) return null;
      if (!response.ok) throw await fail("get", response);
      return { bytes: new Uint8Array(await response.arrayBuffer()), contentType: contentTypeForKey(key) };
    },
    async stat(key) {
      const response = await client.fetch(urlFor(key), { method: "HEAD" });
      if (response.status === 404) return null;
      if (!response.ok) throw new Error(`S3 head failed: ${response.status} ${response.statusText}`);
      return infoFrom(key, response, Number(response.headers.get("content-length")));
    },
    async open(key, range) {
      const response = await client.fetch(urlFor(key), {
        headers: range ? { range: `bytes=${range.start}-${range.end}` } : {},
      });
      if (response.status === 404) return null;
      if (!response.ok || !response.body) throw await fail("get", response);
      // A ranged answer gives the whole length after the slash of its Content-Range.
      const total = response.headers.get("content-range")?.match(/\/(\d+)$/)?.[1];
      const size = Number(total ?? response.headers.get("content-length"));
      return { info: infoFrom(key, response, size), body: response.body };
    },
    async delete(key) {
      const response = await client.fetch(urlFor(key), { method: "DELETE" });
      if (!response.ok && response.status !== 404) throw await fail("delete", response);
    },
    async *list(prefix) {
      if (!isSafeStorageKey(prefix.replace(/\/$/, ""))) throw new Error(`unsafe storage prefix: ${prefix}`);
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ "list-type": "2", prefix });
        if (token) query.set("continuation-token", token);
        const response = await client.fetch(`${base}?${query}`);
        if (!response.ok) throw await fail("list", response);
        const page = parseListPage(await response.text());
        yield* page.files;
        token = page.truncated ? page.nextToken : undefined;
      } while (token);
    },
  };
}

/** The bucket's own ETag (a hash of the content) names the version; the type is the one we chose. */
function infoFrom(key: string, response: Response, size: number): FileInfo {
  if (!Number.isSafeInteger(size) || size < 0) throw new Error("S3 answered without a length");
  const etag = response.headers.get("etag") ?? `"${size.toString(16)}"`;
  return { size, etag, contentType: contentTypeForKey(key) };
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
const unescapeXml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|apos);/g, (_match, name: string) => XML_ENTITIES[name] ?? "");

/** One page of a ListObjectsV2 answer: its objects (our own kind of names only) and where the next page starts. */
function parseListPage(xml: string): { files: ListedFile[]; truncated: boolean; nextToken?: string } {
  const files: ListedFile[] = [];
  for (const [, body = ""] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
    const key = unescapeXml(body.match(/<Key>([\s\S]*?)<\/Key>/)?.[1] ?? "");
    const modifiedAt = new Date(body.match(/<LastModified>([^<]*)<\/LastModified>/)?.[1] ?? "");
    if (isSafeStorageKey(key) && !Number.isNaN(modifiedAt.getTime())) files.push({ key, modifiedAt });
  }
  const truncated = /<IsTruncated>\s*true\s*<\/IsTruncated>/.test(xml);
  const nextToken = xml.match(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/)?.[1];
  return { files, truncated, nextToken: nextToken === undefined ? undefined : unescapeXml(nextToken) };
}
