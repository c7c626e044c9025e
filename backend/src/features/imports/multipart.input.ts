import type { IncomingMessage } from "node:http";
import Busboy from "@fastify/busboy";
import { ja } from "@zaiko/common/messages/ja";
import { HttpError } from "../../lib/httpError";

/** Room for the multipart envelope (boundaries, part headers, small fields) around the file itself. */
const ENVELOPE_BYTES = 64 * 1024;

const tooLarge = () => new HttpError(413, { detail: ja.imports.fileTooLarge });
const oneFileOnly = (field: string) => new HttpError(400, { [field]: [ja.imports.oneFileOnly] });

/**
 * Reads one file field of a multipart/form-data request into memory, refusing (413) a file above
 * `maxBytes`. The global body parser only reads JSON, so this route parses its own body. A body that
 * announces far more than the limit is refused without reading it; otherwise the rest is drained so the
 * client gets the 413 rather than a reset connection.
 */
export function readUploadedFile(
  req: IncomingMessage,
  field: string,
  maxBytes: number,
): Promise<Buffer | undefined> {
  const type = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data/i.test(type))
    return Promise.reject(new HttpError(415, { detail: ja.imports.notMultipart }));
  const declared = Number(req.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes + ENVELOPE_BYTES) return Promise.reject(tooLarge());

  return new Promise((resolve, reject) => {
    const unreadable = () => new HttpError(400, { detail: ja.imports.unreadable });
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({
        headers: req.headers as { "content-type": string },
        // Files beyond the limit would be dropped without a word: refused below ('filesLimit') instead.
        limits: { fileSize: maxBytes, files: 5, fields: 20, parts: 30, fieldSize: 64 * 1024 },
      });
    } catch {
      reject(unreadable());
      return;
    }
    let file: Buffer | undefined;
    let files = 0;
    let failure: HttpError | undefined;
    let received = 0;
    let pending = 0;
    let finished = false;
    let settled = false;
    const done = () => {
      if (settled || !finished || pending > 0) return;
      settled = true;
      if (failure) reject(failure);
      else resolve(file);
    };
    // Every stream read here has an 'error' listener: an unhandled one would stop the whole process.
    // A body that ends before its closing boundary ("Part terminated early") is a malformed upload (400).
    const fail = (err: HttpError) => {
      failure ??= err;
      finished = true;
      pending = 0;
      done();
    };

    busboy.on("file", (name, stream) => {
      stream.on("error", () => fail(unreadable()));
      // A second file in the field: importing one of the two would be half of what was sent (400, neither).
      if (name === field) files++;
      if (files > 1) failure ??= oneFileOnly(field);
      if (name !== field || files > 1) {
        stream.resume();
        return;
      }
      pending++;
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("limit", () => {
        failure = tooLarge();
      });
      stream.on("end", () => {
        if (!failure) file = Buffer.concat(chunks);
        pending = Math.max(0, pending - 1);
        done();
      });
    });
    busboy.on("filesLimit", () => {
      failure ??= oneFileOnly(field);
    });
    busboy.on("finish", () => {
      finished = true;
      done();
    });
    busboy.on("error", () => fail(unreadable()));
    // A client that goes away mid-upload: nothing to answer, but the promise must settle.
    req.on("error", () => fail(unreadable()));
    req.on("aborted", () => fail(unreadable()));
    // A chunked body has no Content-Length: count what arrives and stop at the same ceiling.
    req.on("data", (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes + ENVELOPE_BYTES && !failure) failure = tooLarge();
      // Draining is for honest clients slightly over the limit; an endless stream is cut off.
      if (received > 2 * maxBytes + ENVELOPE_BYTES) {
        req.unpipe(busboy);
        req.destroy();
        fail(tooLarge());
      }
    });
    req.pipe(busboy);
  });
}
