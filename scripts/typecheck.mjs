#!/usr/bin/env node
// `npm run typecheck`: the four TypeScript projects side by side, one per core and at least two (each tsc is
// single-threaded); the output of each project is printed whole when it ends.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";

const projects = ["frontend", "backend", "common", "scripts"];
const tsc = (project) =>
  new Promise((resolve) => {
    const child = spawn("npx", ["tsc", "-p", project, "--noEmit"], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const collect = (chunk) => {
      output += chunk;
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("close", (code) => {
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? "ok" : "failed"}\n${output}`);
      resolve(code === 0);
    });
  });

const queue = [...projects];
const lanes = Array.from(
  { length: Math.max(2, Math.min(availableParallelism(), projects.length)) },
  async () => {
    let ok = true;
    while (queue.length) ok = (await tsc(queue.shift())) && ok;
    return ok;
  },
);
process.exit((await Promise.all(lanes)).every(Boolean) ? 0 : 1);
