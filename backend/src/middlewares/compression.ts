import compress from "koa-compress";

/**
 * Answers smaller than this go out as they are: the + button's `{order_item, summary}` and most single
 * objects fit in one TCP packet anyway, and compressing them would only cost CPU on the real-time path.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** JSON only: the built client's files are compressed at build time (spa.ts serves the .br/.gz files). */
const isJson = (type: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

/**
 * Compresses JSON answers above the threshold on the fly, with what the client accepts (brotli at quality
 * 4, koa-compress's default, which costs about as much CPU as gzip's default; else gzip). Sets
 * `Vary: Accept-Encoding` on every answer that passes through it, the static files included. CSV and
 * Excel exports are streams of other types and pass untouched (an .xlsx is a zip already).
 */
export function compressJson() {
  return compress({ filter: isJson, threshold: COMPRESS_THRESHOLD_BYTES });
}
