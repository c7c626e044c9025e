import { config } from "zod";

/**
 * In a browser zod builds its schemas without its JIT: the JIT first probes `new Function("")`, which the
 * app's Content-Security-Policy (no 'unsafe-eval') blocks, and the browser reports that as a CSP
 * violation on every page that loads a schema. Node keeps the JIT (faster parsing on the server).
 * Imported by every schema file before it defines a schema.
 */
if (typeof (globalThis as { window?: unknown }).window !== "undefined") config({ jitless: true });
