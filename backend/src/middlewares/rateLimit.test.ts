import { randomBytes } from "node:crypto";
import pino from "pino";
import { RateLimiterRes } from "rate-limiter-flexible";
import type { Logger } from "../lib/logger";
import { freePort, redisAvailable, TEST_REDIS_URL, waitFor } from "../test/processes";
import { createSharedRateLimits, type RateLimits } from "./rateLimit";

/** A logger whose lines the test can read. */
function recordingLogger(): { logger: Logger; lines: { level: number; msg: string }[] } {
  const lines: { level: number; msg: string }[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger: logger as unknown as Logger, lines };
}

/** Consumes one point per call; the outcome of each as "ok" or "limited". */
async function spend(limits: RateLimits, key: string, times: number): Promise<string[]> {
  const out: string[] = [];
  for (let i = 0; i < times; i++) {
    out.push(
      await limits.tokenCallsPerIp.consume(key).then(
        () => "ok",
        (res) => {
          if (res instanceof RateLimiterRes) return "limited";
          throw res;
        },
      ),
    );
  }
  return out;
}

describe("token rate limits in Redis", () => {
  const prefix = () => `zaiko:ratelimit:test-${randomBytes(6).toString("hex")}:`;

  (redisAvailable() ? it : it.skip)("shares one budget between two processes' limiters", async () => {
    const keyPrefix = prefix();
    const { logger } = recordingLogger();
    const a = createSharedRateLimits(TEST_REDIS_URL, keyPrefix, { perIpPerMinute: 3 }, logger);
    const b = createSharedRateLimits(TEST_REDIS_URL, keyPrefix, { perIpPerMinute: 3 }, logger);
    try {
      await Promise.all([a.connected, b.connected]);
      const outcomes = [
        ...(await spend(a, "10.0.0.1", 2)),
        ...(await spend(b, "10.0.0.1", 1)),
        ...(await spend(a, "10.0.0.1", 1)),
      ];
      // Every call waited for Redis (no fallback): the fourth call is over the shared budget.
      expect(outcomes).toEqual(["ok", "ok", "ok", "limited"]);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("falls back to this process's memory, still limiting, with a log line, while Redis is unreachable", async () => {
    const nothingThere = `redis://127.0.0.1:${await freePort()}`;
    const { logger, lines } = recordingLogger();
    const limits = createSharedRateLimits(nothingThere, prefix(), { perIpPerMinute: 3 }, logger);
    try {
      expect(await spend(limits, "10.0.0.2", 4)).toEqual(["ok", "ok", "ok", "limited"]);
      await waitFor(async () => lines.some((l) => /Redis unreachable/.test(l.msg)), 10_000, "the log line");
      const warning = lines.find((l) => /Redis unreachable/.test(l.msg))!;
      expect(warning.msg).toBe(
        "rate limits: Redis unreachable, counting in this process's memory until it is back",
      );
      expect(warning.level).toBe(40); // warn
    } finally {
      await limits.close();
    }
  });
});
