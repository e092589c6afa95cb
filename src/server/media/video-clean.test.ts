import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  cleanVideo,
  describeInput,
  ffmpegPath,
  limitConcurrency,
  runFfmpeg,
  VIDEO_MAX_SECONDS,
  VideoRejected,
} from "./video-clean";

/**
 * The clips are made here with the same ffmpeg, small (64×48, two seconds) so that each test takes well under
 * a second; every ffmpeg test still gets a generous timeout, for a busy machine.
 */
const FFMPEG_TEST_TIMEOUT = 30_000;
const run = promisify(execFile);

let dir: string;
let workDirs = 0;
const file = (name: string) => join(dir, name);
const newWorkDir = () => mkdtempSync(join(dir, `work-${workDirs++}-`));

async function ffmpeg(...args: string[]) {
  await run(ffmpegPath(), ["-nostdin", "-hide_banner", "-loglevel", "error", "-y", ...args]);
}

/** What ffmpeg itself reads from a file: its metadata, streams and duration, as text. */
async function ffmpegDescription(path: string): Promise<string> {
  const result = await run(ffmpegPath(), ["-hide_banner", "-i", path]).catch(
    (err: { stderr?: string }) => err,
  );
  return result.stderr ?? "";
}

const EIFFEL_TOWER = "+48.8584+002.2945/";
const BIG_BEN = "+51.5007-000.1246/";
const PATTERN = ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=2"];
const TONE = ["-f", "lavfi", "-i", "sine=frequency=440:duration=2"];
const LOW_TONE = ["-f", "lavfi", "-i", "sine=frequency=220:duration=2"];
const H264 = ["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p"];
const VP8 = ["-c:v", "libvpx", "-deadline", "realtime", "-cpu-used", "8", "-b:v", "100k"];
/** What a phone writes: where, with what and when; some as QuickTime keys, as an iPhone does. */
const PHONE_METADATA = [
  ...["-metadata", `location=${EIFFEL_TOWER}`],
  ...["-metadata", "make=AcmePhone", "-metadata", "model=Pocket9"],
  ...["-metadata", "com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/"],
  ...["-metadata", "com.apple.quicktime.make=AcmePhone", "-metadata", "com.apple.quicktime.model=Pocket9"],
  ...["-metadata", "creation_time=2024-05-01T10:00:00Z", "-metadata:s", "creation_time=2024-05-01T10:00:00Z"],
  ...["-metadata:s:v", "handler_name=AcmeCamera"],
];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "lamplight-video-clean-"));
  writeFileSync(file("street.srt"), "1\n00:00:00,000 --> 00:00:01,500\nSecretStreet 5\n");
  // An MP4 (moov last, as ffmpeg writes it without faststart) with two sound tracks and a subtitle track, then
  // classic QuickTime user data added to its moov, as Android cameras write it: ©xyz, ©mak, ©mod.
  const streams = ["-map", "0", "-map", "1", "-map", "2", "-map", "3", "-c:a", "aac", "-c:s", "mov_text"];
  await ffmpeg(
    ...PATTERN,
    ...TONE,
    ...LOW_TONE,
    "-i",
    file("street.srt"),
    ...streams,
    ...H264,
    ...PHONE_METADATA,
    ...["-movflags", "use_metadata_tags", file("keys.mp4")],
  );
  const userData = [
    quickTimeText("\u00a9xyz", BIG_BEN),
    quickTimeText("\u00a9mak", "GlowCam"),
    quickTimeText("\u00a9mod", "Lantern 3"),
  ];
  writeFileSync(file("phone.mp4"), withUserData(readFileSync(file("keys.mp4")), userData));

  const webmStreams = [
    "-map",
    "0",
    "-map",
    "1",
    "-map",
    "2",
    "-map",
    "3",
    "-c:a",
    "libopus",
    "-c:s",
    "webvtt",
  ];
  await ffmpeg(
    ...PATTERN,
    ...TONE,
    ...LOW_TONE,
    "-i",
    file("street.srt"),
    ...webmStreams,
    ...VP8,
    ...PHONE_METADATA,
    ...["-metadata", "title=Our street", file("phone.webm")],
  );
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Everything about where, with what and when these clips were filmed, as it may appear in a file's bytes. */
const GIVEAWAYS = [
  "48.8584",
  "002.2945",
  "51.5007",
  "000.1246",
  "AcmePhone",
  "Pocket9",
  "GlowCam",
  "Lantern",
  "AcmeCamera",
  "SecretStreet",
  "Our street",
  "\u00a9xyz",
  "\u00a9mak",
  "\u00a9mod",
  "location",
  "LOCATION",
  "ISO6709",
  "com.apple",
  "2024",
];
const holds = (bytes: Buffer, text: string) => bytes.includes(Buffer.from(text, "latin1"));

describe("cleaning an MP4", () => {
  it(
    "removes the place, the phone and the time, and keeps the first picture and sound tracks",
    async () => {
      const input = readFileSync(file("phone.mp4"));
      // The clip really carries all of it, in both places phones write it, and a reader finds it there (where
      // both give a key, ffmpeg shows the user data's).
      for (const text of GIVEAWAYS.filter((text) => !["LOCATION", "Our street"].includes(text))) {
        expect(holds(input, text), `the input holds ${text}`).toBe(true);
      }
      const before = await ffmpegDescription(file("phone.mp4"));
      for (const text of [
        BIG_BEN,
        "+48.8584+002.2945+035.000/",
        "AcmePhone",
        "GlowCam",
        "Lantern 3",
        "creation_time",
      ]) {
        expect(before).toContain(text);
      }
      expect(mp4Times(input).some((time) => time !== 0)).toBe(true);

      const cleaned = await cleanVideo(file("phone.mp4"), newWorkDir(), { contentType: "video/mp4" });

      expect(cleaned).toMatchObject({ contentType: "video/mp4", extension: "mp4" });
      expect(cleaned.durationSeconds).toBeGreaterThan(1.9);
      expect(cleaned.durationSeconds).toBeLessThan(2.2);
      const output = readFileSync(cleaned.path);
      for (const text of [...GIVEAWAYS, "Lavf", "keys", "loci", "mdta"]) {
        expect(holds(output, text), `the output holds ${text}`).toBe(false);
      }
      const boxes = mp4Boxes(output);
      // faststart: the index before the media, so it plays while loading.
      const top = boxes.filter((box) => !box.path.includes("/")).map((box) => box.path);
      expect(top.indexOf("moov")).toBeLessThan(top.indexOf("mdat"));
      expect(top.every((type) => ["ftyp", "moov", "free", "mdat"].includes(type))).toBe(true);
      // One picture track and one sound track; no subtitle, data or timecode track.
      const handlers = boxes
        .filter((box) => box.path === "moov/trak/mdia/hdlr")
        .map((box) => box.body.subarray(8, 12).toString("latin1"));
      expect(handlers).toEqual(["vide", "soun"]);
      // User data: nothing, or ffmpeg's empty iTunes list.
      const userData = boxes.filter((box) => box.path.startsWith("moov/udta/")).map((box) => box.path);
      expect(
        userData.every(
          (path) =>
            ["moov/udta/meta", "moov/udta/meta/hdlr"].includes(path) || path === "moov/udta/meta/ilst",
        ),
      ).toBe(true);
      expect(boxes.find((box) => box.path === "moov/udta/meta/ilst")?.body.length ?? 0).toBe(0);
      expect(boxes.some((box) => box.path === "moov/meta")).toBe(false);
      // No creation or modification time anywhere.
      expect(mp4Times(output)).not.toHaveLength(0);
      expect(mp4Times(output).every((time) => time === 0)).toBe(true);

      const after = await ffmpegDescription(cleaned.path);
      expect(after).toMatch(/Stream #0:0.*: Video: h264/);
      expect(after).toMatch(/Stream #0:1.*: Audio: aac/);
      expect(after).not.toMatch(/Stream #0:2/);
      for (const key of ["location", "make", "model", "creation_time", "encoder", "com.apple"]) {
        expect(after).not.toMatch(new RegExp(`^\\s+${key}\\s*:`, "m"));
      }

      const poster = await sharp(cleaned.posterPath).metadata();
      expect(poster).toMatchObject({ format: "webp", width: 64, height: 48 });
      expect(poster.exif).toBeUndefined();
    },
    FFMPEG_TEST_TIMEOUT,
  );

  it(
    "keeps a portrait phone video upright, and its poster too",
    async () => {
      // The picture is stored sideways with a rotation in the track header, as phones film portrait clips.
      await ffmpeg(...PATTERN, ...H264, file("landscape.mp4"));
      await ffmpeg(
        "-i",
        file("landscape.mp4"),
        "-c",
        "copy",
        "-metadata:s:v:0",
        "rotate=90",
        file("portrait.mp4"),
      );
      expect(await ffmpegDescription(file("portrait.mp4"))).toContain("displaymatrix: rotation of");

      const cleaned = await cleanVideo(file("portrait.mp4"), newWorkDir(), { contentType: "video/mp4" });

      expect(await ffmpegDescription(cleaned.path)).toContain("displaymatrix: rotation of");
      expect(await sharp(cleaned.posterPath).metadata()).toMatchObject({
        format: "webp",
        width: 48,
        height: 64,
      });
    },
    FFMPEG_TEST_TIMEOUT,
  );

  it(
    "accepts a video without sound",
    async () => {
      await ffmpeg(...PATTERN, ...H264, file("silent.mp4"));
      const cleaned = await cleanVideo(file("silent.mp4"), newWorkDir(), { contentType: "video/mp4" });
      const after = await ffmpegDescription(cleaned.path);
      expect(after).toContain("Video: h264");
      expect(after).not.toContain("Audio:");
    },
    FFMPEG_TEST_TIMEOUT,
  );
});

describe("cleaning a WebM", () => {
  it(
    "removes the place, the phone and the time, and keeps the first picture and sound tracks",
    async () => {
      const input = readFileSync(file("phone.webm"));
      for (const text of ["48.8584", "AcmePhone", "Pocket9", "LOCATION", "SecretStreet", "Our street"]) {
        expect(holds(input, text), `the input holds ${text}`).toBe(true);
      }
      expect(ebmlIds(input)).toContain(DATE_UTC);

      const cleaned = await cleanVideo(file("phone.webm"), newWorkDir(), { contentType: "video/webm" });

      expect(cleaned).toMatchObject({ contentType: "video/webm", extension: "webm" });
      expect(cleaned.durationSeconds).toBeGreaterThan(1.9);
      expect(cleaned.durationSeconds).toBeLessThan(2.2);
      const output = readFileSync(cleaned.path);
      for (const text of [...GIVEAWAYS, "Lavf5", "Lavc", "ENCODER"]) {
        expect(holds(output, text), `the output holds ${text}`).toBe(false);
      }
      expect(ebmlIds(output)).not.toContain(DATE_UTC);
      // The only tags left are the durations ffmpeg measures for each track.
      expect(ebmlStrings(output, TAG_NAME)).toEqual(["DURATION", "DURATION"]);

      const after = await ffmpegDescription(cleaned.path);
      expect(after).toMatch(/Stream #0:0.*: Video: vp8/);
      expect(after).toMatch(/Stream #0:1.*: Audio: opus/);
      expect(after).not.toMatch(/Stream #0:2/);

      expect(await sharp(cleaned.posterPath).metadata()).toMatchObject({
        format: "webp",
        width: 64,
        height: 48,
      });
    },
    FFMPEG_TEST_TIMEOUT,
  );
});

describe("browsers' own recordings", () => {
  const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;

  it.each([
    ["clip.mp4", "video/mp4"],
    ["clip.webm", "video/webm"],
    // Recorded in slices: its header gives no duration, which the copy then has.
    ["live.webm", "video/webm"],
  ] as const)(
    "cleans %s, measures it and makes its poster",
    async (name, contentType) => {
      const cleaned = await cleanVideo(fixture(name), newWorkDir(), { contentType });
      expect(cleaned.durationSeconds).toBeGreaterThan(0.3);
      expect(cleaned.durationSeconds).toBeLessThan(0.6);
      expect(await ffmpegDescription(cleaned.path)).not.toContain("Duration: N/A");
      expect(await sharp(cleaned.posterPath).metadata()).toMatchObject({
        format: "webp",
        width: 32,
        height: 24,
      });
    },
    FFMPEG_TEST_TIMEOUT,
  );
});

describe("refused videos", () => {
  const overLimit = VIDEO_MAX_SECONDS + 1;
  /** Tiny and at one frame a second, so a clip over three minutes takes a fraction of a second to make. */
  const LONG_PATTERN = ["-f", "lavfi", "-i", `testsrc=size=16x16:rate=1:duration=${overLimit}`];

  async function problemOf(path: string, contentType: "video/mp4" | "video/webm") {
    const error = await cleanVideo(path, newWorkDir(), { contentType }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(VideoRejected);
    return (error as VideoRejected).problem;
  }

  it(
    "refuses an MP4 longer than three minutes",
    async () => {
      await ffmpeg(...LONG_PATTERN, ...H264, file("long.mp4"));
      expect(await problemOf(file("long.mp4"), "video/mp4")).toBe("too_long");
    },
    FFMPEG_TEST_TIMEOUT,
  );

  it(
    "refuses a WebM longer than three minutes whose header does not say how long it is",
    async () => {
      // Written to a pipe, as a live recording is: no duration in its header, so the copy is measured.
      const { stdout } = await run(
        ffmpegPath(),
        ["-nostdin", "-loglevel", "error", ...LONG_PATTERN, ...VP8, "-f", "webm", "pipe:1"],
        { encoding: "buffer", maxBuffer: 10 * 1024 * 1024 },
      );
      writeFileSync(file("long-live.webm"), stdout);
      expect(await ffmpegDescription(file("long-live.webm"))).toContain("Duration: N/A");
      expect(await problemOf(file("long-live.webm"), "video/webm")).toBe("too_long");
    },
    FFMPEG_TEST_TIMEOUT,
  );

  it(
    "refuses garbage behind an MP4 or WebM header, sound alone, and a file that is not what it claims",
    async () => {
      const ftyp = box("ftyp", Buffer.from("isom"), Buffer.alloc(4), Buffer.from("isomiso2mp41"));
      writeFileSync(file("garbage.mp4"), Buffer.concat([ftyp, garbage(8192)]));
      expect(await problemOf(file("garbage.mp4"), "video/mp4")).toBe("unreadable");

      const webmHeader = readFileSync(new URL("./fixtures/clip.webm", import.meta.url)).subarray(0, 48);
      writeFileSync(file("garbage.webm"), Buffer.concat([webmHeader, garbage(8192)]));
      expect(await problemOf(file("garbage.webm"), "video/webm")).toBe("unreadable");

      await ffmpeg(...TONE, "-c:a", "aac", file("sound.mp4"));
      expect(await problemOf(file("sound.mp4"), "video/mp4")).toBe("unreadable");

      expect(await problemOf(file("phone.mp4"), "video/webm")).toBe("unreadable");
      writeFileSync(file("empty.mp4"), "");
      expect(await problemOf(file("empty.mp4"), "video/mp4")).toBe("unreadable");
    },
    FFMPEG_TEST_TIMEOUT,
  );
});

describe("many uploads at once", () => {
  it(
    "cleans them all, two at a time",
    async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, () =>
          cleanVideo(file("phone.webm"), newWorkDir(), { contentType: "video/webm" }),
        ),
      );
      expect(results.every((result) => result.durationSeconds > 1.9)).toBe(true);
    },
    FFMPEG_TEST_TIMEOUT,
  );

  it("never runs more than the limit, keeps the order of arrival and frees a failed task's place", async () => {
    const limit = limitConcurrency(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (index: number) => async () => {
      started.push(index);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (index === 1) throw new Error("ffmpeg failed");
      return index;
    };
    const results = await Promise.allSettled(Array.from({ length: 7 }, (_, index) => limit.run(task(index))));
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results.map((result) => result.status)).toEqual([
      "fulfilled",
      "rejected",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
      "fulfilled",
    ]);
  });
});

describe("running ffmpeg", () => {
  it(
    "kills a run that takes too long, and keeps only the head and tail of what it says",
    async () => {
      // An endless test pattern, copied nowhere: ffmpeg would run until stopped.
      const endless = ["-nostdin", "-f", "lavfi", "-i", "testsrc=size=16x16:rate=25", "-f", "null", "-"];
      const started = Date.now();
      await expect(runFfmpeg(endless, 300)).rejects.toThrow("ffmpeg did not finish within 0.3 s");
      expect(Date.now() - started).toBeLessThan(10_000);

      // A line for every packet and frame: about 400 kB, far more than is kept.
      const chatty = await runFfmpeg(["-debug_ts", ...endless.slice(0, -3), "-t", "20", "-f", "null", "-"]);
      expect(chatty.code).toBe(0);
      expect(chatty.stderr.length).toBeLessThan(200 * 1024);
      expect(chatty.stderr).toContain("\n…\n");
    },
    FFMPEG_TEST_TIMEOUT,
  );
});

describe("reading ffmpeg's description", () => {
  it("counts only the input's own streams and duration lines", () => {
    const stderr = [
      "Input #0, mov,mp4,m4a,3gp,3g2,mj2, from 'file:x.mp4':",
      "  Metadata:",
      "    title           : one",
      "                    :     Stream #0:9: Video: h264",
      "                    :   Duration: 00:00:01.00",
      "  Duration: 00:03:10.50, start: 0.000000, bitrate: 1 kb/s",
      "    Stream #0:0(und): Video: mjpeg, yuvj420p, 16x16 (attached pic)",
      "    Stream #0:1(und): Audio: aac (LC), 44100 Hz, mono",
      "Output #0, webp, to 'file:poster.webp':",
      "    Stream #0:0: Video: webp (libwebp), yuv420p, 16x16",
    ].join("\n");
    expect(describeInput(stderr)).toEqual({ durationSeconds: 190.5, hasVideo: false });
    expect(describeInput("file:x.mp4: Invalid data found when processing input")).toBeNull();
    expect(describeInput("Input #0, matroska,webm, from 'x':\n  Duration: N/A, start: 0.000000\n")).toEqual({
      durationSeconds: null,
      hasVideo: false,
    });
  });
});

// ── MP4 boxes ──

/** One ISO box: a 32-bit size, its type, its body. */
function box(type: string, ...body: Uint8Array[]): Buffer {
  const content = Buffer.concat(body);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + content.byteLength);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, content]);
}

/** A QuickTime user data text item: length, language, text. */
function quickTimeText(type: string, text: string): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt16BE(Buffer.byteLength(text));
  head.writeUInt16BE(0x15c7, 2);
  return box(type, head, Buffer.from(text));
}

/** The file with a `udta` box added at the end of its `moov`, which must be the file's last box. */
function withUserData(mp4: Buffer, items: Buffer[]): Buffer {
  const moov = mp4Boxes(mp4)
    .filter((found) => !found.path.includes("/"))
    .at(-1);
  if (moov?.path !== "moov" || moov.end !== mp4.length) throw new Error("moov is not last");
  return Buffer.concat([mp4.subarray(0, moov.start), box("moov", moov.body, box("udta", ...items))]);
}

type FoundBox = { path: string; start: number; end: number; body: Buffer };
const CONTAINER_BOXES = new Set(["moov", "trak", "mdia", "minf", "stbl", "udta", "edts", "dinf", "meta"]);

/** Every box, with its path ("moov/trak/mdia/mdhd"), descending into the boxes that hold boxes. */
function mp4Boxes(bytes: Buffer, start = 0, end = bytes.length, parent = ""): FoundBox[] {
  const found: FoundBox[] = [];
  for (let offset = start; offset + 8 <= end; ) {
    let size = bytes.readUInt32BE(offset);
    let header = 8;
    if (size === 1) {
      size = Number(bytes.readBigUInt64BE(offset + 8));
      header = 16;
    } else if (size === 0) size = end - offset;
    const type = bytes.toString("latin1", offset + 4, offset + 8);
    const path = parent ? `${parent}/${type}` : type;
    const body = bytes.subarray(offset + header, offset + size);
    found.push({ path, start: offset, end: offset + size, body });
    if (CONTAINER_BOXES.has(type)) {
      // An MP4 `meta` is a full box: a version and flags before its children.
      const childStart = offset + header + (type === "meta" ? 4 : 0);
      found.push(...mp4Boxes(bytes, childStart, offset + size, path));
    }
    offset += size;
  }
  return found;
}

/** The creation and modification times of the movie, its tracks and their media. */
function mp4Times(bytes: Buffer): number[] {
  return mp4Boxes(bytes)
    .filter((found) => /(^|\/)(mvhd|tkhd|mdhd)$/.test(found.path))
    .flatMap(({ body }) =>
      body[0] === 1
        ? [Number(body.readBigUInt64BE(4)), Number(body.readBigUInt64BE(12))]
        : [body.readUInt32BE(4), body.readUInt32BE(8)],
    );
}

// ── WebM elements ──

const DATE_UTC = 0x4461;
const TAG_NAME = 0x45a3;
/** Elements that hold elements: Segment, Info, Tracks, TrackEntry, Tags, Tag, SimpleTag, Chapters. */
const MASTER_ELEMENTS = new Set([
  0x18538067, 0x1549a966, 0x1654ae6b, 0xae, 0x1254c367, 0x7373, 0x67c8, 0x1043a770,
]);

function readVint(bytes: Buffer, offset: number, keepMarker: boolean) {
  const first = bytes[offset] ?? 0;
  const length = Math.clz32(first) - 23;
  let value = keepMarker ? first : first & (0xff >> length);
  for (let index = 1; index < length; index++) value = value * 256 + (bytes[offset + index] ?? 0);
  return { value, length };
}

/** Every element (ID and data) outside the clusters, descending into the ones that hold others. */
function ebmlElements(bytes: Buffer, start = 0, end = bytes.length): Array<{ id: number; data: Buffer }> {
  const found: Array<{ id: number; data: Buffer }> = [];
  for (let offset = start; offset < end; ) {
    const id = readVint(bytes, offset, true);
    const size = readVint(bytes, offset + id.length, false);
    const dataStart = offset + id.length + size.length;
    // The Segment's size may be unknown (all ones): it runs to the end.
    const dataEnd = Math.min(end, dataStart + size.value);
    found.push({ id: id.value, data: bytes.subarray(dataStart, dataEnd) });
    if (MASTER_ELEMENTS.has(id.value)) found.push(...ebmlElements(bytes, dataStart, dataEnd));
    offset = dataEnd;
  }
  return found;
}

const ebmlIds = (bytes: Buffer) => ebmlElements(bytes).map((element) => element.id);
const ebmlStrings = (bytes: Buffer, id: number) =>
  ebmlElements(bytes)
    .filter((element) => element.id === id)
    .map((element) => element.data.toString("utf8"));

/** The same bytes every run, unlike anything a real container would hold. */
function garbage(length: number, seed = 7): Buffer {
  const bytes = Buffer.alloc(length);
  let state = seed;
  for (let index = 0; index < length; index++) {
    state = (state * 1103515245 + 12345) >>> 0;
    bytes[index] = state >>> 24;
  }
  return bytes;
}
