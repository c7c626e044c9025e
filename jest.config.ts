/** @jest-config-loader esbuild-register */
import { availableParallelism } from "node:os";
import type { Config } from "jest";

// swc transforms TypeScript and the ESM-only packages we load in Node (PGlite, TanStack).
const transform: Config["transform"] = {
  "^.+\\.(t|j)sx?$|^.+\\.(c|m)js$": [
    "@swc/jest",
    {
      jsc: {
        parser: { syntax: "typescript", tsx: true },
        transform: { react: { runtime: "automatic" } },
        target: "es2022",
      },
      module: { type: "commonjs" },
    },
  ],
};
const transformIgnorePatterns = ["/node_modules/(?!(@electric-sql|@tanstack|drizzle-orm)/)"];
const moduleNameMapper = {
  "^@zaiko/common/(.*)$": "<rootDir>/common/src/$1",
  // Style sheets, also with a query (the theme split: `theme.css?screens`, frontend/build/themeSplit.ts).
  "\\.(css|less)(\\?.*)?$": "<rootDir>/frontend/src/test/styleStub.ts",
};

const base = { transform, transformIgnorePatterns, moduleNameMapper, rootDir: "." };

const config: Config = {
  // Hooks start real servers and databases; on a busy 2-core machine a PGlite start alone took over 20 s.
  testTimeout: 60_000,
  // Jest's default (cores - 1) is one worker on a 2-core machine. Most test files spend part of their time
  // waiting on a server, a database or a browser in other processes, which left the CPU partly idle with one
  // worker per core: one worker more than cores. Every file has its own database, ports and Redis keys
  // (backend/src/test/), and the browser journeys their own groups (frontend/e2e/).
  maxWorkers: availableParallelism() + 1,
  testSequencer: "<rootDir>/scripts/test/sequencer.cjs",
  // Probes PostgreSQL and Redis once; suites skip (or, with REQUIRE_SERVICES=1, the run fails) without them.
  globalSetup: "<rootDir>/backend/src/test/globalSetup.ts",
  transform,
  projects: [
    {
      ...base,
      displayName: "common",
      testEnvironment: "node",
      testMatch: ["<rootDir>/common/src/**/*.test.ts"],
    },
    {
      ...base,
      displayName: "backend",
      testEnvironment: "node",
      testMatch: ["<rootDir>/backend/src/**/*.test.ts", "<rootDir>/scripts/**/*.test.ts"],
      setupFiles: ["<rootDir>/backend/src/test/env.ts"],
    },
    {
      ...base,
      displayName: "frontend",
      testEnvironment: "<rootDir>/frontend/src/test/jsdomEnvironment.ts",
      testMatch: [
        "<rootDir>/frontend/src/**/*.test.tsx",
        "<rootDir>/frontend/src/**/*.test.ts",
        "<rootDir>/frontend/build/**/*.test.ts",
      ],
      setupFilesAfterEnv: ["<rootDir>/frontend/src/test/setup.ts"],
    },
    {
      ...base,
      displayName: "e2e",
      testEnvironment: "node",
      testMatch: ["<rootDir>/frontend/e2e/**/*.e2e.ts"],
      // One built app shared by the journeys (frontend/e2e/sharedApp.ts); runs only when a journey does.
      globalSetup: "<rootDir>/frontend/e2e/globalSetup.ts",
      globalTeardown: "<rootDir>/frontend/e2e/globalTeardown.ts",
    },
  ],
};

export default config;
