import { AwsClient } from "aws4fetch";
import { contentTypeForKey, isSafeStorageKey, type ListedFile, type Storage } from "./storage";

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
    async get(key) {
      const response = await client.fetch(urlFor(key));
      if (response.status === 404) return null;
      if (!response.ok) throw await fail("get", response);
      return { bytes: new Uint8Array(await response.arrayBuffer()), contentType: contentTypeForKey(key) };
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
