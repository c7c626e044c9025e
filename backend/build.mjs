// Bundles the server (with common/) into dist/main.js; npm packages stay external.
// `node build.mjs <dir>` bundles into another directory (the bundle's own test, src/build.test.ts).
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

const outdir = process.argv[2] ?? "dist";
rmSync(outdir, { recursive: true, force: true });
// copyWorker: the backup's worker thread (src/backup/backupDatabase.ts), a file of its own beside main.js.
await build({
  entryPoints: { main: "src/main.ts", copyWorker: "src/backup/copyWorker.ts" },
  outdir,
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  sourcemap: true,
  logLevel: "warning",
  plugins: [
    {
      name: "externalise-packages-but-common",
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith("@zaiko/common") ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
cpSync("src/db/migrations", `${outdir}/migrations`, { recursive: true });
