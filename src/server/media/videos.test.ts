import { readFileSync } from "node:fs";
import { mkdtemp, open, rm, stat, truncate, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AcceptedVideo, detectVideoType, isWellFormedVideo, isWellFormedVideoFile } from "./videos";

/**
 * Real recordings, made by Chromium's MediaRecorder from a canvas (32×24, about half a second): an MP4 (H.264,
 * fragmented, as browsers write it), a WebM with every size known, and a WebM recorded in slices, whose
 * Segment and Clusters have unknown sizes, as a live recording's do.
 */
const fixture = (name: string) =>
  new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
const clips = {
  "clip.mp4": "video/mp4",
  "clip.webm": "video/webm",
  "live.webm": "video/webm",
} as const;

/** The same bytes every run, unlike anything a real container would hold. */
function garbage(length: number, seed = 7): Uint8Array {
  const bytes = new Uint8Array(length);
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}

const concat = (...parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

/** One ISO box: a 32-bit size, its type, its body. */
function box(type: string, ...body: Uint8Array[]): Uint8Array {
  const content = concat(...body);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.byteLength);
  header.write(type, 4, "latin1");
  return concat(header, content);
}

const ftyp = box("ftyp", Buffer.from("isom"), Buffer.alloc(4), Buffer.from("isomiso2mp41"));
const moov = box("moov", box("mvhd", Buffer.alloc(100)), box("trak", box("tkhd", Buffer.alloc(84))));

let workDir: string;
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), "lamplight-videos-"));
});
afterAll(() => rm(workDir, { recursive: true, force: true }));

let filesWritten = 0;
async function onDisk(bytes: Uint8Array): Promise<string> {
  const path = join(workDir, `case-${filesWritten++}`);
  await writeFile(path, bytes);
  return path;
}

type Check = (bytes: Uint8Array, type: AcceptedVideo["contentType"]) => Promise<boolean>;

/** Both entry points give the same verdict on every case; the one over bytes stays synchronous. */
const entryPoints: [string, Check][] = [
  [
    "bytes in memory",
    async (bytes, type) => {
      const verdict = isWellFormedVideo(bytes, type);
      expect(verdict).toBeTypeOf("boolean");
      return verdict;
    },
  ],
  ["a file on disk", async (bytes, type) => isWellFormedVideoFile(await onDisk(bytes), type)],
];

describe.each(entryPoints)("a video's container, as %s", (_, check) => {
  it.each(Object.entries(clips))("accepts the real recording %s", async (name, type) => {
    const bytes = fixture(name);
    expect(await detectVideoType(bytes)).toMatchObject({ contentType: type });
    expect(await check(bytes, type)).toBe(true);
  });

  it("accepts an MP4 laid out as cameras write it: media first, a 64-bit size, a last box sized 'to the end'", async () => {
    const mdat = box("mdat", garbage(64));
    expect(await check(concat(ftyp, box("free"), mdat, moov), "video/mp4")).toBe(true);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1);
    large.write("mdat", 4, "latin1");
    large.writeBigUInt64BE(16n + 64n, 8);
    expect(await check(concat(ftyp, moov, large, garbage(64)), "video/mp4")).toBe(true);
    const toTheEnd = Buffer.from([0, 0, 0, 0, ...Buffer.from("mdat")]);
    expect(await check(concat(ftyp, moov, toTheEnd, garbage(64)), "video/mp4")).toBe(true);
  });

  it.each(Object.entries(clips))("refuses %s cut short anywhere", async (name, type) => {
    const bytes = fixture(name);
    for (const length of [1, 16, 40, 100, Math.floor(bytes.byteLength / 2), bytes.byteLength - 3]) {
      expect(await check(bytes.subarray(0, length), type), `${length} bytes`).toBe(false);
    }
  });

  it.each(Object.entries(clips))("refuses %s's header followed by anything else", async (name, type) => {
    const bytes = fixture(name);
    // MP4: the ftyp box; WebM: the EBML header and the Segment's own header.
    const header = bytes.subarray(0, type === "video/mp4" ? Buffer.from(bytes).readUInt32BE(0) : 48);
    for (const seed of [1, 2, 3, 4, 5]) {
      const forged = concat(header, garbage(4096, seed));
      expect(await check(forged, type), `seed ${seed}`).toBe(false);
    }
    expect(await check(concat(header, new Uint8Array(4096)), type)).toBe(false);
    expect(await check(concat(bytes, garbage(50)), type)).toBe(false);
  });

  it("refuses an MP4 without ftyp first, without one moov, without a track or without media", async () => {
    const mdat = box("mdat", garbage(16));
    const noTrack = box("moov", box("mvhd", Buffer.alloc(100)));
    for (const [what, bytes] of [
      ["moov first", concat(moov, ftyp, mdat)],
      ["no moov", concat(ftyp, mdat)],
      ["two moovs", concat(ftyp, moov, moov, mdat)],
      ["no track", concat(ftyp, noTrack, mdat)],
      ["no mdat", concat(ftyp, moov)],
      [
        "a box smaller than its header",
        concat(ftyp, moov, mdat, Buffer.from([0, 0, 0, 4, 0x66, 0x72, 0x65, 0x65])),
      ],
      ["an unprintable box type", concat(ftyp, moov, box("md\0t", garbage(8)))],
      [
        "a 64-bit size past the end",
        concat(ftyp, moov, Buffer.from([0, 0, 0, 1, 0x6d, 0x64, 0x61, 0x74]), Buffer.alloc(8, 0xff)),
      ],
    ] as const) {
      expect(await check(bytes, "video/mp4"), what).toBe(false);
    }
  });

  it("refuses a WebM whose header is not WebM's, or with anything after its Segment", async () => {
    const webm = fixture("clip.webm");
    const docTypeAt = Buffer.from(webm).indexOf(Buffer.from("webm"));
    const matroska = Buffer.from(webm);
    matroska.write("mkv\0", docTypeAt, "latin1");
    expect(await check(new Uint8Array(matroska), "video/webm")).toBe(false);
    // A Void element after a Segment of known size is outside it.
    expect(await check(concat(webm, Buffer.from([0xec, 0x81, 0])), "video/webm")).toBe(false);
  });

  it("never throws, whatever follows the magic bytes", async () => {
    for (let seed = 0; seed < 300; seed++) {
      const noise = garbage(1 + (seed % 97), seed);
      await expect(check(concat(ftyp, noise), "video/mp4")).resolves.toBeTypeOf("boolean");
      await expect(
        check(concat(fixture("clip.webm").subarray(0, 40), noise), "video/webm"),
      ).resolves.toBeTypeOf("boolean");
      await expect(check(noise, "video/webm")).resolves.toBeTypeOf("boolean");
    }
  });
});

// ── Files at the upload limit's scale, checked window by window ──

const MEGABYTE = 1024 * 1024;

/** Writes each part in order, as many times as asked, never holding the whole file. */
async function writeInParts(name: string, parts: [Uint8Array, number][]): Promise<string> {
  const path = join(workDir, name);
  const handle = await open(path, "w");
  try {
    for (const [part, times] of parts) for (let time = 0; time < times; time++) await handle.write(part);
  } finally {
    await handle.close();
  }
  return path;
}

/**
 * The check's verdict and time, and how far array buffers and the resident set grew while it ran, sampled
 * every millisecond the event loop is free (`turns`: how often it was) and once at the end, before anything
 * the check allocated can have been collected.
 */
async function measure(run: () => Promise<boolean>) {
  const before = process.memoryUsage();
  let arrayBuffers = before.arrayBuffers;
  let rss = before.rss;
  let turns = 0;
  const sample = () => {
    const now = process.memoryUsage();
    arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers);
    rss = Math.max(rss, now.rss);
  };
  const sampler = setInterval(() => {
    turns++;
    sample();
  }, 1);
  const started = performance.now();
  try {
    const verdict = await run();
    sample();
    return {
      verdict,
      milliseconds: performance.now() - started,
      arrayBuffersGrowth: arrayBuffers - before.arrayBuffers,
      rssGrowth: rss - before.rss,
      turns,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** An EBML element ID as written: its first byte holds the length marker, so it is never below 0x10. */
const ebmlId = (id: number) => Buffer.from(id.toString(16), "hex");

/** An EBML size in 8 bytes; null is "unknown", as a live recording writes its Clusters. */
function ebmlSize(size: number | null): Uint8Array {
  const bytes = Buffer.alloc(8, 0xff);
  bytes[0] = 0x01;
  if (size !== null) {
    bytes[1] = 0;
    bytes.writeUIntBE(size, 2, 6);
  }
  return bytes;
}

describe("a large video on disk", () => {
  // Media far larger than the memory the check may use, itself far above the 1 MB window it reads through.
  const mediaBytes = 60 * MEGABYTE;
  const memoryLimit = 16 * MEGABYTE;
  // Both walks take a few tens of milliseconds here; the bounds leave room for a loaded machine.
  const quickly = 2000;
  const zeros = new Uint8Array(MEGABYTE);

  it("checks an MP4 with 60 MB of media in bounded memory, and refuses it cut short by a byte", async () => {
    const mdatHeader = Buffer.alloc(8);
    mdatHeader.writeUInt32BE(8 + mediaBytes);
    mdatHeader.write("mdat", 4, "latin1");
    // A box after the media, so that the walk goes to the far end and back to the moov at the start.
    const path = await writeInParts("large.mp4", [
      [fixture("clip.mp4"), 1],
      [mdatHeader, 1],
      [zeros, mediaBytes / MEGABYTE],
      [box("free", garbage(32)), 1],
    ]);

    const whole = await measure(() => isWellFormedVideoFile(path, "video/mp4"));
    expect(whole.verdict).toBe(true);
    expect(whole.arrayBuffersGrowth).toBeLessThan(memoryLimit);
    expect(whole.rssGrowth).toBeLessThan(memoryLimit);
    expect(whole.milliseconds).toBeLessThan(quickly);

    const { size } = await stat(path);
    await truncate(path, size - 1);
    expect(await isWellFormedVideoFile(path, "video/mp4")).toBe(false);
  });

  it("checks a live WebM recording of 60 MB, element by element, in bounded memory without blocking", async () => {
    // Clusters of about a megabyte, of SimpleBlocks whose headers fall anywhere against the window's edges.
    const blockBytes = 4093;
    const blocks = Array.from({ length: 256 }, () =>
      concat(ebmlId(0xa3), ebmlSize(blockBytes), new Uint8Array(blockBytes)),
    );
    const clusterBody = concat(Buffer.from([0xe7, 0x81, 0x00]), ...blocks);
    const clusterPairs = Math.round(mediaBytes / (2 * clusterBody.byteLength));
    // Clusters of unknown size, whose children the walk reads one by one, and of known size, which it skips.
    const path = await writeInParts("large.webm", [
      [fixture("live.webm"), 1],
      [
        concat(
          ebmlId(0x1f43b675),
          ebmlSize(null),
          clusterBody,
          ebmlId(0x1f43b675),
          ebmlSize(clusterBody.byteLength),
          clusterBody,
        ),
        clusterPairs,
      ],
    ]);

    const whole = await measure(() => isWellFormedVideoFile(path, "video/webm"));
    expect(whole.verdict).toBe(true);
    expect(whole.arrayBuffersGrowth).toBeLessThan(memoryLimit);
    expect(whole.rssGrowth).toBeLessThan(memoryLimit);
    expect(whole.milliseconds).toBeLessThan(quickly);
    // Each window is awaited: the event loop went on serving while the file was read.
    expect(whole.turns).toBeGreaterThan(0);

    const { size } = await stat(path);
    await truncate(path, size - 1);
    expect(await isWellFormedVideoFile(path, "video/webm")).toBe(false);
  });
});
