import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { ConfigError, loadConfig } from "./config";

const env = (vars: Record<string, string>) => vars as NodeJS.ProcessEnv;

describe("loadConfig", () => {
  it("refuses DATABASE_URL or REDIS_URL without both secrets, naming what to set", () => {
    const setups: Record<string, string>[] = [
      { DATABASE_URL: "postgres://db/zaiko" },
      { REDIS_URL: "redis://r:6379" },
    ];
    for (const shared of setups) {
      expect(() => loadConfig(env(shared))).toThrow(ConfigError);
      expect(() => loadConfig(env({ ...shared, JWT_SECRET: "s3cret" }))).toThrow(
        /so CSRF_SECRET must be set/,
      );
    }
  });

  it("takes BUSINESS_TIME_ZONE (Asia/Tokyo by default) and refuses a zone nobody knows", () => {
    const secrets = { JWT_SECRET: "a", CSRF_SECRET: "b", DATABASE_URL: "postgres://db/zaiko" };
    expect(loadConfig(env(secrets)).timeZone).toBe("Asia/Tokyo");
    expect(loadConfig(env({ ...secrets, BUSINESS_TIME_ZONE: "Pacific/Auckland" })).timeZone).toBe(
      "Pacific/Auckland",
    );
    expect(() => loadConfig(env({ ...secrets, BUSINESS_TIME_ZONE: "Mars/Olympus" }))).toThrow(
      /BUSINESS_TIME_ZONE must be an IANA time zone/,
    );
  });

  it("refuses the placeholders of .env.example", () => {
    const vars = {
      DATABASE_URL: "postgres://db/zaiko",
      JWT_SECRET: "change-me-to-64-random-hex-chars",
      CSRF_SECRET: "change-me-to-another-64-random-hex-chars",
    };
    expect(() => loadConfig(env(vars))).toThrow(/JWT_SECRET and CSRF_SECRET must be set/);
  });

  it("takes the secrets given, and keys rate limits and real-time channels by the database without its credentials", () => {
    const config = loadConfig(
      env({ DATABASE_URL: "postgres://user:pw@db.local:6543/zaiko", JWT_SECRET: "a", CSRF_SECRET: "b" }),
    );
    expect([config.jwtSecret, config.csrfSecret]).toEqual(["a", "b"]);
    expect(config.rateLimitKeyPrefix).toBe("zaiko:ratelimit:db.local:6543/zaiko:");
    expect(config.realtimeChannelKey).toBe("zaiko:socket.io:db.local:6543/zaiko");
    expect(config.refreshReuseGraceSeconds).toBe(30);
  });

  it("on the embedded default generates the secrets once into DATA_DIR", () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "zaiko-config-"));
    try {
      const first = loadConfig(env({ DATA_DIR: dataDir }));
      const again = loadConfig(env({ DATA_DIR: dataDir }));
      expect(again.jwtSecret).toBe(first.jwtSecret);
      expect(readFileSync(path.join(dataDir, ".jwt_secret"), "utf8").trim()).toBe(first.jwtSecret);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
