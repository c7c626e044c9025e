import type { EnvironmentContext, JestEnvironmentConfig } from "@jest/environment";
import JSDOMEnvironment from "jest-environment-jsdom";

/**
 * jsdom lacks the fetch family, TextEncoder and structuredClone. We lend it Node's own so that
 * RTK Query's fetchBaseQuery runs unchanged in component tests. AbortController/AbortSignal must be
 * Node's too: Node's Request refuses a signal that is not its own AbortSignal.
 */
const NODE_GLOBALS = [
  "TextEncoder",
  "TextDecoder",
  "fetch",
  "Request",
  "Response",
  "Headers",
  "AbortController",
  "AbortSignal",
  "structuredClone",
  "ReadableStream",
  "WritableStream",
  "TransformStream",
  "BroadcastChannel",
] as const;

export default class JsdomWithNodeGlobals extends JSDOMEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const target = this.global as unknown as Record<string, unknown>;
    const source = globalThis as unknown as Record<string, unknown>;
    for (const name of NODE_GLOBALS) {
      if (source[name] !== undefined) target[name] = source[name];
    }
  }
}
