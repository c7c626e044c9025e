// Loaded before every backend test file: quiet logs and a fixed zone so dates are deterministic.
process.env.TZ = "UTC";
process.env.LOG_LEVEL = process.env.LOG_LEVEL || "silent";
