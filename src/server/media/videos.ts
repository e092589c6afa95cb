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
  return contentType === "video/mp4" ? isWellFormedMp4(bytes) : isWellFormedWebm(bytes);
}

// ── MP4 (ISO base media file format) ──

type Mp4Box = { type: string; bodyStart: number; end: number };

/** Box types are four printable characters (© begins Apple's metadata names). */
const BOX_TYPE = /^[\x20-\x7e\xa9]{4}$/;

/**
 * The boxes between `start` and `end`, which must tile that range exactly: each box's size at least its own
 * header and no further than `end`. A size of 0 means "to the end"; a size of 1 means a 64-bit size follows.
 */
function readMp4Boxes(bytes: Uint8Array, start: number, end: number): Mp4Box[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const boxes: Mp4Box[] = [];
  let offset = start;
  while (offset < end) {
    if (end - offset < 8) return null;
    const type = String.fromCharCode(...bytes.subarray(offset + 4, offset + 8));
    if (!BOX_TYPE.test(type)) return null;
    let size = view.getUint32(offset);
    let header = 8;
    if (size === 1) {
      if (end - offset < 16) return null;
      const large = view.getBigUint64(offset + 8);
      if (large > BigInt(end - offset)) return null;
      size = Number(large);
      header = 16;
    } else if (size === 0) {
      size = end - offset;
    }
    if (size < header || size > end - offset) return null;
    boxes.push({ type, bodyStart: offset + header, end: offset + size });
    offset += size;
  }
  return boxes;
}

/** `ftyp` first, then one `moov` (a movie header and at least one track) and the media data. */
function isWellFormedMp4(bytes: Uint8Array): boolean {
  const boxes = readMp4Boxes(bytes, 0, bytes.byteLength);
  const [ftyp] = boxes ?? [];
  if (!boxes || ftyp?.type !== "ftyp") return false;
  // Major brand and minor version, then compatible brands of four bytes each.
  const ftypBody = ftyp.end - ftyp.bodyStart;
  if (ftypBody < 8 || ftypBody % 4 !== 0) return false;
  const movies = boxes.filter((box) => box.type === "moov");
  const [moov] = movies;
  if (movies.length !== 1 || !moov || !boxes.some((box) => box.type === "mdat")) return false;
  const tracks = readMp4Boxes(bytes, moov.bodyStart, moov.end);
  return !!tracks?.some((box) => box.type === "mvhd") && tracks.some((box) => box.type === "trak");
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

type EbmlElement = { id: number; dataStart: number; dataEnd: number | null };

/**
 * One element at `offset`: its ID (marker bits kept, as the specification writes IDs, at most 4 bytes), its
 * size (at most 8 bytes; all ones means unknown, dataEnd null) and where its data lies, within `end`.
 */
function readEbmlElement(bytes: Uint8Array, offset: number, end: number): EbmlElement | null {
  const id = readVint(bytes, offset, end, 4);
  if (!id) return null;
  const size = readVint(bytes, offset + id.length, end, 8);
  if (!size) return null;
  const dataStart = offset + id.length + size.length;
  if (size.unknown) return { id: id.raw, dataStart, dataEnd: null };
  if (size.value > end - dataStart) return null;
  return { id: id.raw, dataStart, dataEnd: dataStart + size.value };
}

function readVint(bytes: Uint8Array, offset: number, end: number, maxLength: number) {
  const first = bytes[offset];
  if (first === undefined || first === 0 || offset >= end) return null;
  const length = Math.clz32(first) - 23;
  if (length > maxLength || offset + length > end) return null;
  let raw = 0;
  let value = first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let index = 0; index < length; index++) {
    const byte = bytes[offset + index] ?? 0;
    raw = raw * 256 + byte;
    if (index > 0) {
      value = value * 256 + byte;
      allOnes &&= byte === 0xff;
    }
  }
  return { raw, value, length, unknown: allOnes };
}

/** An EBML header saying "webm", then one Segment holding Info, Tracks and Clusters, to the end of the file. */
function isWellFormedWebm(bytes: Uint8Array): boolean {
  const end = bytes.byteLength;
  const header = readEbmlElement(bytes, 0, end);
  if (header?.id !== EBML_HEADER || header.dataEnd === null) return false;
  let docType: string | null = null;
  for (let offset = header.dataStart; offset < header.dataEnd; ) {
    const element = readEbmlElement(bytes, offset, header.dataEnd);
    if (!element || element.dataEnd === null) return false;
    if (element.id === DOC_TYPE) {
      // "webm" or "matroska"; anything long is not a document type (and is not spread into a string).
      if (element.dataEnd - element.dataStart > 32) return false;
      docType = String.fromCharCode(...bytes.subarray(element.dataStart, element.dataEnd)).replace(
        /\0+$/,
        "",
      );
    }
    offset = element.dataEnd;
  }
  if (docType !== "webm") return false;

  const segment = readEbmlElement(bytes, header.dataEnd, end);
  // One Segment, and nothing after it.
  if (segment?.id !== SEGMENT || (segment.dataEnd !== null && segment.dataEnd !== end)) return false;
  const seen = new Set<number>();
  let offset = segment.dataStart;
  while (offset < end) {
    const element = readEbmlElement(bytes, offset, end);
    if (!element || !SEGMENT_CHILDREN.has(element.id)) return false;
    seen.add(element.id);
    if (element.dataEnd !== null) {
      offset = element.dataEnd;
      continue;
    }
    if (element.id !== CLUSTER) return false;
    offset = element.dataStart;
    while (offset < end) {
      const child = readEbmlElement(bytes, offset, end);
      if (!child) return false;
      if (SEGMENT_CHILDREN.has(child.id) && !CLUSTER_CHILDREN.has(child.id)) break;
      if (!CLUSTER_CHILDREN.has(child.id) || child.dataEnd === null) return false;
      offset = child.dataEnd;
    }
  }
  return seen.has(INFO) && seen.has(TRACKS) && seen.has(CLUSTER);
}
