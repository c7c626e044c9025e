import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const BACKEND = path.resolve(__dirname, "..");

/**
 * Names that belong to tests only (test/realtimeFaults.ts, test/sweepFaults.ts, test/deliveryFaults.ts, and the hooks and switches
 * they and the allocation rework replaced): none may reach the bundle production runs, so no test-only delay
 * or fault can be switched on there.
 */
const TEST_ONLY_NAMES = [
  "realtimeFaults",
  "slowEventStreams",
  "lateCommitAnswers",
  "appWithFaults",
  "beforeSend",
  "beforeQueue",
  "beforePublish",
  "delayedFlushes",
  "allocationHooks",
  "afterCheck",
  "sweepFaults",
  "naiveClaim",
  "claimThenMeet",
  "cancelById",
  "deliveryFaults",
  "naiveDeliveryClaim",
  // The hold sweeper's former switches (SweepOptions: `naive`, `afterClaim`).
  "naive",
  "afterClaim",
];

describe("the production bundle (backend/build.mjs)", () => {
  let dir: string;
  let bundle: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "zaiko-bundle-"));
    execFileSync(process.execPath, ["build.mjs", dir], { cwd: BACKEND, stdio: "pipe" });
    bundle = readFileSync(path.join(dir, "main.js"), "utf8");
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("is the server", () => {
    expect(bundle).toContain("startServer");
  });

  it.each(TEST_ONLY_NAMES)("holds nothing of the tests' seams: %s", (name) => {
    expect(bundle).not.toContain(name);
  });
});
