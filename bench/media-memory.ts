// Issue 18: the server's memory while a 100 MB video is uploaded, and while 20 clients stream it at once.
// Uploads go to a temporary file as they arrive and files are streamed from storage, so neither should cost
// anything near the file's size.
import { execFileSync } from "node:child_process";
import { createReadStream, statSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { ffmpegPath } from "../src/server/media/video-clean";
import { baseUrl, bench, record, residentMb, withServer } from "./harness";
import { createGroupOf, signUpUsers } from "./setup";

/** Just under the 100 MB a post's video may have, so that the upload is accepted. */
const VIDEO_BYTES = 99 * 1024 * 1024;
export const STREAMING_CLIENTS = 20;
const SAMPLE_EVERY_MS = 10;

/** The highest resident memory of `pid` while `work` runs, less what it held just before. */
async function rssGrowthDuring(pid: number, work: () => Promise<void>): Promise<number> {
  const before = residentMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentMb(pid));
  }, SAMPLE_EVERY_MS);
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  return Math.max(peak, residentMb(pid)) - before;
}

/**
 * A real MP4 of nearly 100 MB: noise compresses badly, so a few seconds of it at the best quality fill the
 * file, and ffmpeg stops at the size asked for with a playable file.
 */
export function makeLargeVideo(folder: string): string {
  const path = join(folder, "large.mp4");
  execFileSync(ffmpegPath(), [
    ...["-v", "error", "-y", "-f", "rawvideo", "-pix_fmt", "gray", "-s", "640x360", "-r", "30"],
    ...["-i", "/dev/urandom", "-c:v", "mpeg4", "-q:v", "1", "-pix_fmt", "yuv420p"],
    ...["-fs", String(VIDEO_BYTES), "-movflags", "+faststart", path],
  ]);
  return path;
}

/** A post with the file as its video, sent as the browser's form would be, streamed from disk. */
async function uploadVideo(appUrl: string, cookie: string, groupId: string, path: string): Promise<string> {
  const boundary = `----lamplight-bench-${Date.now()}`;
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    `${field("title", "A long clip")}${field("content", "Watch this")}--${boundary}\r\n` +
      `Content-Disposition: form-data; name="file"; filename="large.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    yield* createReadStream(path);
    yield tail;
  }
  const response = await fetch(`${appUrl}/api/groups/${groupId}/posts`, {
    method: "POST",
    headers: {
      cookie,
      origin: appUrl,
      "content-type": `multipart/form-data; boundary=${boundary}`,
      "content-length": String(head.length + statSync(path).size + tail.length),
    },
    body: Readable.toWeb(Readable.from(body())) as ReadableStream,
    duplex: "half",
  } as RequestInit);
  const text = await response.text();
  if (response.status !== 201) throw new Error(`video upload: ${response.status} ${text}`);
  return (JSON.parse(text) as { mediaUrl: string }).mediaUrl;
}

/** Reads the whole file and lets it go, as a player that plays it to the end would. */
async function streamVideo(appUrl: string, cookie: string, url: string): Promise<number> {
  const response = await fetch(`${appUrl}${url}`, { headers: { cookie } });
  if (response.status !== 200 || !response.body) throw new Error(`GET ${url}: ${response.status}`);
  let bytes = 0;
  const reader = response.body.getReader();
  for (let part = await reader.read(); !part.done; part = await reader.read()) bytes += part.value.byteLength;
  return bytes;
}

export async function measureMediaMemory(
  appUrl: string,
  pid: number,
  author: { cookie: string },
  groupId: string,
  videoPath: string,
): Promise<{ uploadMb: number; streamingMb: number }> {
  let url = "";
  const uploadMb = await rssGrowthDuring(pid, async () => {
    url = await uploadVideo(appUrl, author.cookie, groupId, videoPath);
  });
  const size = statSync(videoPath).size;
  const streamingMb = await rssGrowthDuring(pid, async () => {
    const read = await Promise.all(
      Array.from({ length: STREAMING_CLIENTS }, () => streamVideo(appUrl, author.cookie, url)),
    );
    // Remuxed, not re-encoded: nearly the upload's own size.
    if (read.some((bytes) => bytes < size * 0.9)) throw new Error(`a client read less: ${read.join(", ")}`);
  });
  return { uploadMb, streamingMb };
}

/**
 * The `media` part (issue 18): what a 100 MB video costs the server's memory on its way in (one upload) and out
 * (20 clients streaming it at once). The goals are the issue's: 60 MB and 100 MB of RSS growth.
 */
export async function measureMediaRows() {
  await withServer({}, async (child) => {
    if (!child.pid) throw new Error("the server has no process id");
    const [author] = await signUpUsers(baseUrl, 1, "mm");
    if (!author) throw new Error("no user was made");
    const groupId = await createGroupOf(baseUrl, [author], "Media bench");
    const video = makeLargeVideo(bench.dataDir);
    const memory = await measureMediaMemory(baseUrl, child.pid, author, groupId, video);
    record(`Server RSS growth during one 100 MB video upload (${bench.database})`, memory.uploadMb, "MB", 60);
    record(
      `Server RSS growth while ${STREAMING_CLIENTS} clients stream the same 100 MB video (${bench.database})`,
      memory.streamingMb,
      "MB",
      100,
    );
  });
}
