import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { detectVideoType, isWellFormedVideo } from "./videos";

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

describe("a video's container", () => {
  it.each(Object.entries(clips))("accepts the real recording %s", async (name, type) => {
    const bytes = fixture(name);
    expect(await detectVideoType(bytes)).toMatchObject({ contentType: type });
    expect(isWellFormedVideo(bytes, type)).toBe(true);
  });

  it("accepts an MP4 laid out as cameras write it: media first, a 64-bit size, a last box sized 'to the end'", () => {
    const mdat = box("mdat", garbage(64));
    expect(isWellFormedVideo(concat(ftyp, box("free"), mdat, moov), "video/mp4")).toBe(true);
    const large = Buffer.alloc(16);
    large.writeUInt32BE(1);
    large.write("mdat", 4, "latin1");
    large.writeBigUInt64BE(16n + 64n, 8);
    expect(isWellFormedVideo(concat(ftyp, moov, large, garbage(64)), "video/mp4")).toBe(true);
    const toTheEnd = Buffer.from([0, 0, 0, 0, ...Buffer.from("mdat")]);
    expect(isWellFormedVideo(concat(ftyp, moov, toTheEnd, garbage(64)), "video/mp4")).toBe(true);
  });

  it.each(Object.entries(clips))("refuses %s cut short anywhere", (name, type) => {
    const bytes = fixture(name);
    for (const length of [1, 16, 40, 100, Math.floor(bytes.byteLength / 2), bytes.byteLength - 3]) {
      expect(isWellFormedVideo(bytes.subarray(0, length), type), `${length} bytes`).toBe(false);
    }
  });

  it.each(Object.entries(clips))("refuses %s's header followed by anything else", (name, type) => {
    const bytes = fixture(name);
    // MP4: the ftyp box; WebM: the EBML header and the Segment's own header.
    const header = bytes.subarray(0, type === "video/mp4" ? Buffer.from(bytes).readUInt32BE(0) : 48);
    for (const seed of [1, 2, 3, 4, 5]) {
      const forged = concat(header, garbage(4096, seed));
      expect(isWellFormedVideo(forged, type), `seed ${seed}`).toBe(false);
    }
    expect(isWellFormedVideo(concat(header, new Uint8Array(4096)), type)).toBe(false);
    expect(isWellFormedVideo(concat(bytes, garbage(50)), type)).toBe(false);
  });

  it("refuses an MP4 without ftyp first, without one moov, without a track or without media", () => {
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
      expect(isWellFormedVideo(bytes, "video/mp4"), what).toBe(false);
    }
  });

  it("refuses a WebM whose header is not WebM's, or with anything after its Segment", () => {
    const webm = fixture("clip.webm");
    const docTypeAt = Buffer.from(webm).indexOf(Buffer.from("webm"));
    const matroska = Buffer.from(webm);
    matroska.write("mkv\0", docTypeAt, "latin1");
    expect(isWellFormedVideo(new Uint8Array(matroska), "video/webm")).toBe(false);
    // A Void element after a Segment of known size is outside it.
    expect(isWellFormedVideo(concat(webm, Buffer.from([0xec, 0x81, 0])), "video/webm")).toBe(false);
  });

  it("never throws, whatever follows the magic bytes", () => {
    for (let seed = 0; seed < 300; seed++) {
      const noise = garbage(1 + (seed % 97), seed);
      expect(() => isWellFormedVideo(concat(ftyp, noise), "video/mp4")).not.toThrow();
      expect(() =>
        isWellFormedVideo(concat(fixture("clip.webm").subarray(0, 40), noise), "video/webm"),
      ).not.toThrow();
      expect(() => isWellFormedVideo(noise, "video/webm")).not.toThrow();
    }
  });
});
