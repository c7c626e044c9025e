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
  private readonly previousTz: string | undefined;
  private readonly setsTz: boolean;

  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const target = this.global as unknown as Record<string, unknown>;
    const source = globalThis as unknown as Record<string, unknown>;
    for (const name of NODE_GLOBALS) {
      if (source[name] !== undefined) target[name] = source[name];
    }
    // `@jest-environment-options {"timezone": "America/New_York"}` runs a file as a browser in that zone.
    // The test's own process.env is a copy, so the zone is set on the worker's, which Node applies at once;
    // teardown puts it back for the next file of the worker.
    const zone = (config.projectConfig.testEnvironmentOptions as { timezone?: unknown }).timezone;
    this.previousTz = process.env.TZ;
    this.setsTz = typeof zone === "string";
    if (typeof zone === "string") process.env.TZ = zone;
  }

  override async teardown(): Promise<void> {
    if (this.setsTz) {
      if (this.previousTz === undefined) delete process.env.TZ;
      else process.env.TZ = this.previousTz;
    }
    await super.teardown();
  }
}
