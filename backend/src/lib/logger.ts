import pino from "pino";

/** JSON-lines logger; each request gets a child with its request id (see middlewares/requestContext). */
export function createLogger(level: string) {
  return pino({
    level,
    base: { service: "zaiko" },
    redact: ["req.headers.authorization", "req.headers.cookie"],
  });
}
export type Logger = ReturnType<typeof createLogger>;
