import fc from "fast-check";
import { readCalls } from "./reads";
import { writeCalls } from "./writes";

/**
 * The requests app.fuzz.test.ts sends: every route of the API, reads with their query strings and writes
 * with their bodies, with headers that lie now and then (call.ts, values.ts); sendCall sends one.
 */
export const calls = fc.oneof({ weight: 3, arbitrary: writeCalls }, { weight: 2, arbitrary: readCalls });
export type { IdKind } from "./call";
export { type FuzzContext, sendCall } from "./send";
