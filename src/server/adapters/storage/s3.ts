import { AwsClient } from "aws4fetch";
import { contentTypeForKey, isSafeStorageKey, type Storage } from "./storage";

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
  };
}
