import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { createMiddleware } from "hono/factory";
import type { z } from "zod";
import type { AppEnv } from "./app-env";
import { AppError } from "./errors";

const UNREADABLE = "That request could not be read.";

/** A file part received to disk: where it is, how long it is, and the name the browser gave it. */
export type ReceivedFile = { path: string; size: number; name: string };

export type MultipartOptions = {
  /** The one form field that may carry a file; any other file part is read past and dropped. */
  fileField: string;
  /** Bytes the file may have; one byte more and `tooLarge` is thrown, with nothing kept. */
  maxFileBytes: number;
  tooLarge: () => AppError;
  /** Bytes each text field may have (the schema checks their real limits; this only bounds memory). */
  maxFieldBytes?: number;
};

/**
 * Reads a multipart body as it arrives (busboy): text fields into memory, the one file straight to a
 * temporary folder, counted on the way, so that a 100 MB video never sits in memory. The folder is the
 * caller's to remove with `dispose`, also when this throws (it removes its own then).
 */
export async function receiveMultipart(
  request: Request,
  options: MultipartOptions,
): Promise<{ fields: Record<string, string>; file: ReceivedFile | null; dispose: () => Promise<void> }> {
  const folder = await mkdtemp(join(tmpdir(), "lamplight-upload-"));
  const dispose = () => rm(folder, { recursive: true, force: true });
  try {
    const { fields, file } = await readParts(request, folder, options);
    return { fields, file, dispose };
  } catch (error) {
    await dispose();
    throw error;
  }
}

async function readParts(request: Request, folder: string, options: MultipartOptions) {
  const contentType = request.headers.get("content-type") ?? "";
  if (!request.body || !contentType.toLowerCase().startsWith("multipart/form-data"))
    throw new AppError("invalid_input", 400, UNREADABLE);
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      limits: {
        files: 1,
        fields: 20,
        parts: 25,
        fileSize: options.maxFileBytes,
        fieldSize: options.maxFieldBytes ?? 64 * 1024,
      },
    });
  } catch {
    // No boundary, or not multipart after all.
    throw new AppError("invalid_input", 400, UNREADABLE);
  }

  const fields: Record<string, string> = {};
  let file: ReceivedFile | null = null;
  let tooLarge = false;
  const writes: Promise<void>[] = [];

  parser.on("field", (name, value, info) => {
    if (info.valueTruncated) tooLarge = true;
    else fields[name] = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== options.fileField || file) {
      stream.resume();
      return;
    }
    const received: ReceivedFile = {
      path: join(folder, `upload-${randomBytes(6).toString("hex")}`),
      size: 0,
      name: info.filename ?? "",
    };
    file = received;
    stream.on("limit", () => {
      tooLarge = true;
    });
    const count = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received.size += chunk.length;
        done(null, chunk);
      },
    });
    writes.push(pipeline(stream, count, createWriteStream(received.path)));
  });

  const finished = new Promise<void>((resolve, reject) => {
    parser.on("close", resolve);
    parser.on("error", () => reject(new AppError("invalid_input", 400, UNREADABLE)));
  });
  try {
    await pipeline(Readable.fromWeb(request.body as import("node:stream/web").ReadableStream), parser);
    await finished;
    await Promise.all(writes);
  } catch (error) {
    // The body limit speaks for itself; a body cut off or malformed is unreadable.
    if (error instanceof AppError) throw error;
    if (tooLarge) throw options.tooLarge();
    throw new AppError("invalid_input", 400, UNREADABLE);
  }
  if (tooLarge) throw options.tooLarge();
  const chosen = file as ReceivedFile | null;
  // A browser sends an empty, nameless file part when nothing was chosen: that is no file.
  const noFile = !chosen || (chosen.size === 0 && chosen.name === "");
  return { fields, file: noFile ? null : chosen };
}

/** What `streamedForm` leaves for the handler: the checked fields and the file on disk, if one came. */
export type StreamedFormEnv<Fields> = AppEnv & {
  Variables: { form: { fields: Fields; file: ReceivedFile | null } };
};

/**
 * A route's multipart input, checked like `validate("form", …)` (the first problem in the schema's words, a
 * 400) but streamed to disk by `receiveMultipart`. The input type it declares keeps the typed web client's
 * `form: { …, file }` call as it was. The temporary file is removed once the handler has answered.
 */
export function streamedForm<Schema extends z.ZodType<Record<string, unknown>>>(
  schema: Schema,
  options: MultipartOptions,
) {
  type Input = z.input<Schema> & { [field: string]: string | File | undefined };
  return createMiddleware<
    StreamedFormEnv<z.output<Schema>>,
    string,
    { in: { form: Input }; out: { form: z.output<Schema> } }
  >(async (c, next) => {
    const upload = await receiveMultipart(c.req.raw, options);
    try {
      const parsed = schema.safeParse(upload.fields);
      if (!parsed.success) {
        throw new AppError("invalid_input", 400, parsed.error.issues[0]?.message ?? UNREADABLE);
      }
      if (Object.values(upload.fields).some((value) => value.includes("\u0000")))
        throw new AppError("invalid_input", 400, UNREADABLE);
      c.set("form", { fields: parsed.data, file: upload.file });
      await next();
    } finally {
      await upload.dispose();
    }
  });
}
