import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";

/**
 * Cleans an uploaded post video before it is stored (issue 18, "Videos lose their metadata"). A phone's clip
 * carries where it was filmed (ISO 6709 `©xyz`, `location` keys, `com.apple.quicktime.location.ISO6709`), the
 * phone's make and model and when it was filmed; every member who plays it would get them. The streams are
 * copied into a new container of the same kind (never re-encoded: fast, and no loss), with only the first
 * video and first audio track and no metadata, chapters, subtitles, data or timecode tracks. A first-frame
 * poster is made from the cleaned file.
 *
 * ffmpeg is the static build shipped inside the `@ffmpeg-installer/<platform>` package (no download at
 * install; it has libwebp, so it writes the poster itself).
 */

export const VIDEO_MAX_SECONDS = 180;
/**
 * Containers round, and audio priming pads a track by a few milliseconds: a clip its phone stopped at 3:00 is
 * not refused for a fraction of a second.
 */
const DURATION_GRACE_SECONDS = 0.5;
/** One ffmpeg run is killed after this; copying 100 MB takes a second or two. */
const FFMPEG_TIMEOUT_MS = 60_000;
/** Cleaning jobs at once across the server: twenty uploads at once must not swamp a two-core machine. */
const MAX_CONCURRENT_JOBS = 2;
/** What is kept of ffmpeg's stderr: its head (the input's description comes first) and its tail. */
const STDERR_HEAD_BYTES = 128 * 1024;
const STDERR_TAIL_BYTES = 8 * 1024;

export type CleanedVideo = {
  /** The remuxed file, inside workDir. */
  path: string;
  /** The first frame as WebP, inside workDir. */
  posterPath: string;
  contentType: "video/mp4" | "video/webm";
  extension: "mp4" | "webm";
  durationSeconds: number;
};

export type VideoProblem = "too_long" | "unreadable";

export class VideoRejected extends Error {
  constructor(
    readonly problem: VideoProblem,
    options?: ErrorOptions,
  ) {
    super(problem, options);
    this.name = "VideoRejected";
  }
}

/**
 * How each accepted type is read and written. The demuxer is forced (never guessed from the bytes), so a file
 * cannot make ffmpeg open a playlist or another protocol; only `file:` is allowed anyway.
 */
const CONTAINERS = {
  "video/mp4": {
    extension: "mp4",
    demuxer: "mov",
    muxer: "mp4",
    // faststart: the index goes first, so the video plays while it loads. No timecode track. `experimental`
    // lets Opus audio through, as Chromium's MediaRecorder writes it into MP4.
    muxerOptions: ["-movflags", "+faststart", "-write_tmcd", "0", "-strict", "experimental"],
  },
  "video/webm": { extension: "webm", demuxer: "matroska", muxer: "webm", muxerOptions: [] },
} as const;

/** Options that keep ffmpeg's own name and version out of what it writes. */
const BITEXACT = ["-fflags", "+bitexact", "-flags:v", "+bitexact", "-flags:a", "+bitexact"];
/** No global, stream or chapter metadata is copied from the input. */
const NO_METADATA = ["-map_metadata", "-1", "-map_chapters", "-1"];

/**
 * Remuxes `inputPath` into `workDir` without its metadata and makes its poster. Throws VideoRejected for a
 * video over VIDEO_MAX_SECONDS ("too_long") or one ffmpeg cannot read or that has no video ("unreadable"); any
 * other error (ffmpeg missing, killed after its timeout) is the server's and is thrown as it is.
 */
export async function cleanVideo(
  inputPath: string,
  workDir: string,
  type: { contentType: "video/mp4" | "video/webm" },
): Promise<CleanedVideo> {
  const container = CONTAINERS[type.contentType];
  const path = join(workDir, `video.${container.extension}`);
  const posterPath = join(workDir, "poster.webp");
  return ffmpegJobs.run(async () => {
    // 1. What the upload says about itself: a clip that says it is too long is refused before it is copied.
    const probe = await runFfmpeg([
      ...readOptions(container.demuxer, inputPath),
      // No output: ffmpeg describes the input and exits with an error, as expected.
    ]);
    const input = describeInput(probe.stderr);
    if (!input?.hasVideo) throw new VideoRejected("unreadable");
    if (input.durationSeconds !== null && isTooLong(input.durationSeconds))
      throw new VideoRejected("too_long");

    // 2. The copy: first video (not a cover picture) and first audio stream, nothing else.
    const remux = await runFfmpeg([
      "-loglevel",
      "error",
      ...readOptions(container.demuxer, inputPath),
      ...["-map", "0:V:0", "-map", "0:a:0?", "-c", "copy"],
      ...NO_METADATA,
      ...BITEXACT,
      ...["-max_muxing_queue_size", "4096"],
      ...container.muxerOptions,
      ...["-f", container.muxer, "-y", `file:${path}`],
    ]);
    if (remux.code !== 0 || !existsSync(path)) {
      throw new VideoRejected("unreadable", { cause: new Error(remux.stderr.slice(-2000).trim()) });
    }

    // 3. The poster, from the cleaned file, whose description (written by ffmpeg itself, with no metadata to
    // mislead a parser) gives the real duration: a recording whose header gave none, or a false one, is
    // measured here. ffmpeg stops after the one frame; the video is not decoded further.
    const poster = await runFfmpeg([
      ...readOptions(container.demuxer, path),
      ...["-map", "0:V:0", "-frames:v", "1", "-an", "-sn", "-dn"],
      ...NO_METADATA,
      ...BITEXACT,
      ...["-c:v", "libwebp", "-quality", "80", "-f", "webp", "-y", `file:${posterPath}`],
    ]);
    const output = describeInput(poster.stderr);
    if (
      poster.code !== 0 ||
      !existsSync(posterPath) ||
      !output?.hasVideo ||
      output.durationSeconds === null
    ) {
      throw new VideoRejected("unreadable");
    }
    if (isTooLong(output.durationSeconds)) throw new VideoRejected("too_long");
    return {
      path,
      posterPath,
      contentType: type.contentType,
      extension: container.extension,
      durationSeconds: output.durationSeconds,
    };
  });
}

const isTooLong = (seconds: number) => seconds > VIDEO_MAX_SECONDS + DURATION_GRACE_SECONDS;

function readOptions(demuxer: string, path: string): string[] {
  return [
    "-nostdin",
    "-hide_banner",
    "-nostats",
    "-protocol_whitelist",
    "file",
    "-f",
    demuxer,
    "-i",
    `file:${path}`,
  ];
}

// ── ffmpeg's description of its input ──

/**
 * The duration and whether there is a video stream, from the `Input #0` part of ffmpeg's stderr (its
 * `Output #0` part lists the poster's stream, which is no evidence). The lines matched begin with the indent
 * ffmpeg gives them; a metadata value that spans lines is printed after a `:` column, so it cannot pose as one.
 */
export function describeInput(stderr: string): { durationSeconds: number | null; hasVideo: boolean } | null {
  const start = stderr.search(/^Input #0, /m);
  if (start === -1) return null;
  const rest = stderr.slice(start);
  const end = rest.search(/^(Output #0|Stream mapping:)/m);
  const section = end === -1 ? rest : rest.slice(0, end);
  const duration = /^ {2}Duration: (\d+):(\d{2}):(\d{2}(?:\.\d+)?)/m.exec(section);
  const durationSeconds = duration
    ? Number(duration[1]) * 3600 + Number(duration[2]) * 60 + Number(duration[3])
    : null;
  const hasVideo = section
    .split("\n")
    .some((line) => /^ {4}Stream #0:\d+.*?: Video: /.test(line) && !line.includes("(attached pic)"));
  return { durationSeconds, hasVideo };
}

// ── Running ffmpeg ──

let ffmpegBinary: string | undefined;

/** Resolved on first use, so that a server on a platform without a build still starts (and fails here). */
export function ffmpegPath(): string {
  if (!ffmpegBinary) {
    const require = createRequire(import.meta.url);
    ffmpegBinary = (require("@ffmpeg-installer/ffmpeg") as { path: string }).path;
  }
  return ffmpegBinary;
}

type FfmpegResult = { code: number | null; stderr: string };

/**
 * One ffmpeg run: an argument array (no shell), no stdin, stderr kept within bounds, killed after a timeout
 * (which rejects: the server's trouble, not the upload's).
 */
export function runFfmpeg(args: string[], timeoutMs = FFMPEG_TIMEOUT_MS): Promise<FfmpegResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath(), args, { stdio: ["ignore", "ignore", "pipe"], windowsHide: true });
    const stderr = new BoundedText(STDERR_HEAD_BYTES, STDERR_TAIL_BYTES);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutMs);
    child.stderr.on("data", (chunk: Buffer) => stderr.add(chunk));
    child.on("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      if (timedOut) reject(new Error(`ffmpeg did not finish within ${timeoutMs / 1000} s`));
      else resolve({ code, stderr: stderr.text() });
    });
  });
}

/** The first `headBytes` and the last `tailBytes` of a stream of text, and nothing in between. */
class BoundedText {
  private head: Buffer[] = [];
  private headLength = 0;
  private tail = Buffer.alloc(0);
  private dropped = false;

  constructor(
    private readonly headBytes: number,
    private readonly tailBytes: number,
  ) {}

  add(chunk: Buffer) {
    const room = this.headBytes - this.headLength;
    if (room > 0) {
      const taken = chunk.subarray(0, room);
      this.head.push(taken);
      this.headLength += taken.length;
      chunk = chunk.subarray(taken.length);
    }
    if (chunk.length === 0) return;
    const joined = Buffer.concat([this.tail, chunk]);
    if (joined.length > this.tailBytes) this.dropped = true;
    this.tail = joined.subarray(Math.max(0, joined.length - this.tailBytes));
  }

  text(): string {
    const head = Buffer.concat(this.head).toString("utf8");
    return this.dropped ? `${head}\n…\n${this.tail.toString("utf8")}` : head + this.tail.toString("utf8");
  }
}

// ── At most two jobs at once ──

/** Runs tasks with at most `max` under way; the others wait their turn in order of arrival. */
export function limitConcurrency(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (running < max) running++;
      // The finishing task hands its slot straight to the next in line, so `running` never goes over max.
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else running--;
      }
    },
  };
}

const ffmpegJobs = limitConcurrency(MAX_CONCURRENT_JOBS);
