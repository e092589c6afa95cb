import { type FileHandle, open } from "node:fs/promises";
import { fileTypeFromBuffer } from "file-type";

/** Video formats a post may carry, by magic bytes; stored as sent (we do not transcode). */
const ACCEPTED_VIDEO_TYPES = {
  "video/mp4": "mp4",
  "video/webm": "webm",
} as const;

export type AcceptedVideo = { contentType: keyof typeof ACCEPTED_VIDEO_TYPES; extension: "mp4" | "webm" };

export async function detectVideoType(bytes: Uint8Array): Promise<AcceptedVideo | null> {
  const type = await fileTypeFromBuffer(bytes);
  if (!type || !(type.mime in ACCEPTED_VIDEO_TYPES)) return null;
  const contentType = type.mime as AcceptedVideo["contentType"];
  return { contentType, extension: ACCEPTED_VIDEO_TYPES[contentType] };
}

/**
 * Whether the whole file is a well-formed container of its type, not only its first bytes: magic bytes
 * followed by anything else, or a file cut short in the middle, is refused before it is stored. The structure
 * is walked, never the media inside it, so this costs little even at the size limit.
 */
export function isWellFormedVideo(bytes: Uint8Array, contentType: AcceptedVideo["contentType"]): boolean {
  const step = walkVideo(new HeldBytes(bytes), contentType).next();
  // Bytes in memory are all held from the start, so the walk never pauses for a read.
  if (!step.done) throw new Error("A walk over bytes in memory paused for a read");
  return step.value;
}

/** The same check, on a file on disk, read in bounded windows: never the whole file in memory. */
export async function isWellFormedVideoFile(
  path: string,
  contentType: AcceptedVideo["contentType"],
): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const fileWindow = new FileWindow(handle, (await handle.stat()).size);
    const walk = walkVideo(fileWindow, contentType);
    let step = walk.next();
    while (!step.done) {
      // A file that ends before the size it had when opened has changed under us: no video we can vouch for.
      if (!(await fileWindow.moveTo(step.value))) return false;
      step = walk.next();
    }
    return step.value;
  } finally {
    await handle.close();
  }
}

// ── Reading: one walker, over bytes in memory or a file read window by window ──

/** Part of a container, `start` included and `end` not. */
type Range = { start: number; end: number };

/**
 * A walk of a container's structure. It pauses on each range it is about to read that its reader does not
 * hold, for the caller to load (awaiting a file read, so a large file does not block the event loop), and
 * returns its verdict. Reads between pauses are synchronous, which lets bytes in memory be checked without
 * a promise.
 */
type Walk<Result = boolean> = Generator<Range, Result, void>;

/** What a walker reads through: big-endian numbers and raw bytes, at offsets from the container's start. */
interface ByteReader {
  /** The whole container's length, not only what is held. */
  readonly length: number;
  holds(start: number, end: number): boolean;
  byte(offset: number): number;
  uint32(offset: number): number;
  uint64(offset: number): bigint;
  /** A copy, so that it outlives a window that moves. */
  bytes(start: number, end: number): Uint8Array;
}

/**
 * Bytes held from offset `heldFrom`: all of a container in memory, or the current window on a file. A read
 * outside them throws (DataView checks its bounds): that is a walker's mistake, never a verdict.
 */
class HeldBytes implements ByteReader {
  readonly length: number;
  private held: Uint8Array;
  private view: DataView;
  private heldFrom = 0;

  constructor(held: Uint8Array, length = held.byteLength) {
    this.length = length;
    this.held = held;
    this.view = new DataView(held.buffer, held.byteOffset, held.byteLength);
  }

  protected replace(held: Uint8Array, heldFrom: number) {
    this.held = held;
    this.view = new DataView(held.buffer, held.byteOffset, held.byteLength);
    this.heldFrom = heldFrom;
  }

  holds(start: number, end: number): boolean {
    return start >= this.heldFrom && end <= this.heldFrom + this.held.byteLength;
  }

  byte(offset: number): number {
    return this.view.getUint8(offset - this.heldFrom);
  }

  uint32(offset: number): number {
    return this.view.getUint32(offset - this.heldFrom);
  }

  uint64(offset: number): bigint {
    return this.view.getBigUint64(offset - this.heldFrom);
  }

  bytes(start: number, end: number): Uint8Array {
    if (!this.holds(start, end)) throw new RangeError(`Bytes ${start}–${end} are not held`);
    return this.held.slice(start - this.heldFrom, end - this.heldFrom);
  }
}

/**
 * How much of a file is held at once. A walk moves forward, box by box or element by element, except that an
 * MP4's walk goes back once into its `moov`; each miss reads a whole window from where the walk stands, so
 * neighbouring headers cost one read, and peak memory stays at this size whatever the file's.
 */
const FILE_WINDOW_BYTES = 1024 * 1024;

class FileWindow extends HeldBytes {
  private readonly handle: FileHandle;
  private readonly buffer: Uint8Array;

  constructor(handle: FileHandle, length: number) {
    super(new Uint8Array(0), length);
    this.handle = handle;
    this.buffer = new Uint8Array(Math.min(length, FILE_WINDOW_BYTES));
  }

  /** Reads a window from `range.start` on; false if the file now ends before `range.end`. */
  async moveTo(range: Range): Promise<boolean> {
    if (range.end - range.start > this.buffer.byteLength)
      throw new RangeError(`A read of ${range.end - range.start} bytes is larger than the window`);
    const wanted = Math.min(this.buffer.byteLength, this.length - range.start);
    let filled = 0;
    while (filled < wanted) {
      const { bytesRead } = await this.handle.read(
        this.buffer,
        filled,
        wanted - filled,
        range.start + filled,
      );
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    this.replace(this.buffer.subarray(0, filled), range.start);
    return range.start + filled >= range.end;
  }
}

function walkVideo(reader: ByteReader, contentType: AcceptedVideo["contentType"]): Walk {
  return contentType === "video/mp4" ? walkMp4(reader) : walkWebm(reader);
}

// ── MP4 (ISO base media file format) ──

type Mp4Box = { type: string; bodyStart: number; end: number };

/** Box types are four printable characters (© begins Apple's metadata names). */
const BOX_TYPE = /^[\x20-\x7e\xa9]{4}$/;

/** A box's header: a 32-bit size and its type, then a 64-bit size when the first says 1. */
const MP4_BOX_HEADER_MAX = 16;

/**
 * Walks the boxes between `start` and `end`, which must tile that range exactly: each box's size at least its
 * own header and no further than `end`. A size of 0 means "to the end"; a size of 1 means a 64-bit size
 * follows. Each box goes to `visit`, whose false ends the walk refused; true when every box was visited.
 */
function* walkMp4Boxes(
  reader: ByteReader,
  start: number,
  end: number,
  visit: (box: Mp4Box) => boolean,
): Walk {
  let offset = start;
  while (offset < end) {
    if (end - offset < 8) return false;
    const headerEnd = Math.min(offset + MP4_BOX_HEADER_MAX, end);
    if (!reader.holds(offset, headerEnd)) yield { start: offset, end: headerEnd };
    const type = String.fromCharCode(
      reader.byte(offset + 4),
      reader.byte(offset + 5),
      reader.byte(offset + 6),
      reader.byte(offset + 7),
    );
    if (!BOX_TYPE.test(type)) return false;
    let size = reader.uint32(offset);
    let header = 8;
    if (size === 1) {
      if (end - offset < 16) return false;
      const large = reader.uint64(offset + 8);
      if (large > BigInt(end - offset)) return false;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || size > end - offset) return false;
    if (!visit({ type, bodyStart: offset + header, end: offset + size })) return false;
    offset += size;
  }
  return true;
}

/** `ftyp` first, then one `moov` (a movie header and at least one track) and the media data. */
function* walkMp4(reader: ByteReader): Walk {
  // Only what the verdict needs is kept, not a list of boxes: 100 MB may hold millions of tiny ones.
  const top: { first?: Mp4Box; movie?: Mp4Box; movies: number; media: boolean } = { movies: 0, media: false };
  const tiled = yield* walkMp4Boxes(reader, 0, reader.length, (box) => {
    top.first ??= box;
    if (box.type === "moov") {
      top.movies++;
      top.movie = box;
    }
    top.media ||= box.type === "mdat";
    // No box further on can put these right: the walk ends here rather than at the end of the file.
    return top.first.type === "ftyp" && top.movies <= 1;
  });
  const { first: ftyp, movie: moov } = top;
  if (!tiled || ftyp?.type !== "ftyp") return false;
  // Major brand and minor version, then compatible brands of four bytes each.
  const ftypBody = ftyp.end - ftyp.bodyStart;
  if (ftypBody < 8 || ftypBody % 4 !== 0) return false;
  if (top.movies !== 1 || !moov || !top.media) return false;
  const movie = { header: false, track: false };
  const movieTiled = yield* walkMp4Boxes(reader, moov.bodyStart, moov.end, (box) => {
    movie.header ||= box.type === "mvhd";
    movie.track ||= box.type === "trak";
    return true;
  });
  return movieTiled && movie.header && movie.track;
}

// ── WebM (Matroska's EBML) ──

const EBML_HEADER = 0x1a45dfa3;
const DOC_TYPE = 0x4282;
const SEGMENT = 0x18538067;
const CLUSTER = 0x1f43b675;
const INFO = 0x1549a966;
const TRACKS = 0x1654ae6b;
const VOID = 0xec;
const CRC32 = 0xbf;
/** What a Segment may hold: the Matroska specification's level-1 elements. */
const SEGMENT_CHILDREN = new Set([
  0x114d9b74, // SeekHead
  INFO,
  TRACKS,
  CLUSTER,
  0x1c53bb6b, // Cues
  0x1043a770, // Chapters
  0x1254c367, // Tags
  0x1941a469, // Attachments
  VOID,
  CRC32,
]);
/** What a Cluster may hold; a Cluster of unknown size (a live recording's) ends where something else begins. */
const CLUSTER_CHILDREN = new Set([
  0xe7, // Timestamp
  0x5854, // SilentTracks
  0xa7, // Position
  0xab, // PrevSize
  0xa3, // SimpleBlock
  0xa0, // BlockGroup
  0xaf, // EncryptedBlock
  VOID,
  CRC32,
]);

/** An element's header: an ID of at most 4 bytes, then a size of at most 8. */
const EBML_ELEMENT_HEADER_MAX = 12;

/** Where the header of an element at `offset` may end, within `end`: the reader must hold up to there. */
function ebmlHeaderEnd(offset: number, end: number): number {
  return Math.min(offset + EBML_ELEMENT_HEADER_MAX, end);
}

type EbmlElement = { id: number; dataStart: number; dataEnd: number | null };

/**
 * One element at `offset`: its ID (marker bits kept, as the specification writes IDs, at most 4 bytes), its
 * size (at most 8 bytes; all ones means unknown, dataEnd null) and where its data lies, within `end`. The
 * reader holds its header already: the walk pauses for that inline rather than through a generator of its
 * own, which would double the time of a walk through millions of tiny elements.
 */
function readEbmlElement(reader: ByteReader, offset: number, end: number): EbmlElement | null {
  const id = readVint(reader, offset, end, 4);
  if (!id) return null;
  const size = readVint(reader, offset + id.length, end, 8);
  if (!size) return null;
  const dataStart = offset + id.length + size.length;
  if (size.unknown) return { id: id.raw, dataStart, dataEnd: null };
  if (size.value > end - dataStart) return null;
  return { id: id.raw, dataStart, dataEnd: dataStart + size.value };
}

function readVint(reader: ByteReader, offset: number, end: number, maxLength: number) {
  if (offset >= end) return null;
  const first = reader.byte(offset);
  if (first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (length > maxLength || offset + length > end) return null;
  let raw = 0;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 0; index < length; index++) {
    const byte = reader.byte(offset + index);
    raw = raw * 256 + byte;
    if (index > 0) {
      value = value * 256 + byte;
      allOnes &&= byte === 0xff;
    }
  }
  return { raw, value, length, unknown: allOnes };
}

/** An EBML header saying "webm", then one Segment holding Info, Tracks and Clusters, to the end of the file. */
function* walkWebm(reader: ByteReader): Walk {
  const end = reader.length;
  if (!reader.holds(0, ebmlHeaderEnd(0, end))) yield { start: 0, end: ebmlHeaderEnd(0, end) };
  const header = readEbmlElement(reader, 0, end);
  if (header?.id !== EBML_HEADER || header.dataEnd === null) return false;
  let docType: string | null = null;
  for (let offset = header.dataStart; offset < header.dataEnd; ) {
    const headerEnd = ebmlHeaderEnd(offset, header.dataEnd);
    if (!reader.holds(offset, headerEnd)) yield { start: offset, end: headerEnd };
    const element = readEbmlElement(reader, offset, header.dataEnd);
    if (!element || element.dataEnd === null) return false;
    if (element.id === DOC_TYPE) {
      // "webm" or "matroska"; anything long is not a document type (and is not spread into a string).
      if (element.dataEnd - element.dataStart > 32) return false;
      if (!reader.holds(element.dataStart, element.dataEnd))
        yield { start: element.dataStart, end: element.dataEnd };
      docType = String.fromCharCode(...reader.bytes(element.dataStart, element.dataEnd)).replace(/\0+$/, "");
    }
    offset = element.dataEnd;
  }
  if (docType !== "webm") return false;

  const segmentHeaderEnd = ebmlHeaderEnd(header.dataEnd, end);
  if (!reader.holds(header.dataEnd, segmentHeaderEnd)) yield { start: header.dataEnd, end: segmentHeaderEnd };
  const segment = readEbmlElement(reader, header.dataEnd, end);
  // One Segment, and nothing after it.
  if (segment?.id !== SEGMENT || (segment.dataEnd !== null && segment.dataEnd !== end)) return false;
  const seen = new Set<number>();
  let offset = segment.dataStart;
  while (offset < end) {
    const headerEnd = ebmlHeaderEnd(offset, end);
    if (!reader.holds(offset, headerEnd)) yield { start: offset, end: headerEnd };
    const element = readEbmlElement(reader, offset, end);
    if (!element || !SEGMENT_CHILDREN.has(element.id)) return false;
    seen.add(element.id);
    if (element.dataEnd !== null) {
      offset = element.dataEnd;
      continue;
    }
    if (element.id !== CLUSTER) return false;
    offset = element.dataStart;
    while (offset < end) {
      const childHeaderEnd = ebmlHeaderEnd(offset, end);
      if (!reader.holds(offset, childHeaderEnd)) yield { start: offset, end: childHeaderEnd };
      const child = readEbmlElement(reader, offset, end);
      if (!child) return false;
      if (SEGMENT_CHILDREN.has(child.id) && !CLUSTER_CHILDREN.has(child.id)) break;
      if (!CLUSTER_CHILDREN.has(child.id) || child.dataEnd === null) return false;
      offset = child.dataEnd;
    }
  }
  return seen.has(INFO) && seen.has(TRACKS) && seen.has(CLUSTER);
}
