import { constants } from "node:zlib";
import compress from "koa-compress";

/**
 * Answers smaller than this go out as they are: the + button's `{order_item, summary}` and most single
 * objects fit in one TCP packet anyway, and compressing them would only cost CPU on the real-time path.
 */
export const COMPRESS_THRESHOLD_BYTES = 1024;

/** JSON only: the built client's files are compressed at build time (spa.ts serves the .br/.gz files). */
const isJson = (type: string) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(type);

/**
 * Compresses JSON answers above the threshold on the fly, with what the client accepts, at the fastest
 * levels: the app's CPU is its bottleneck, and on the big read views the fastest levels already shrink
 * the JSON many times over, while the default levels cost several times the CPU for little more. Sets `Vary: Accept-Encoding` on every answer that passes through, the
 * static files included. CSV and Excel exports are other types and pass untouched (an .xlsx is a zip).
 */
export function compressJson() {
  return compress({
    filter: isJson,
    threshold: COMPRESS_THRESHOLD_BYTES,
    br: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
    gzip: { level: 1 },
    deflate: { level: 1 },
  });
}
