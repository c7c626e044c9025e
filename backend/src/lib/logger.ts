import pino from "pino";
import { safeErrorForLog } from "./logSafeError";

/**
 * Keys whose values never reach a log line, wherever they appear at the top or one level down (pino's
 * redact paths; `*` is one level). Secrets by rule (DESIGN.md principle 13): passwords and their hashes,
 * tokens, cookies, authorization headers and SQL parameters.
 */
const SECRET_KEYS = [
  "password",
  "passwordHash",
  "password_hash",
  "access",
  "refresh",
  "token",
  "accessToken",
  "refreshToken",
  "refresh_token",
  "csrftoken",
  "cookie",
  "cookies",
  "authorization",
  "params",
];
const REDACT_PATHS = [
  ...SECRET_KEYS,
  ...SECRET_KEYS.map((k) => `*.${k}`),
  "req.headers.authorization",
  "req.headers.cookie",
  'res.headers["set-cookie"]',
  '*.headers["set-cookie"]',
  "*.headers.authorization",
  "*.headers.cookie",
];

/**
 * JSON-lines logger; each request gets a child with its request id (see middlewares/requestContext).
 * `destination` is for tests that read what the server logged.
 */
export function createLogger(level: string, destination?: pino.DestinationStream) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "zaiko" },
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    // Every `err` goes through one serializer that drops SQL parameters and the texts that embed them.
    serializers: { err: safeErrorForLog },
  };
  return destination ? pino(options, destination) : pino(options);
}
export type Logger = ReturnType<typeof createLogger>;
