// Bundles the server (with common/) into dist/main.js; npm packages stay external.
import { cpSync, rmSync } from "node:fs";
import { build } from "esbuild";

rmSync("dist", { recursive: true, force: true });
// copyWorker: the backup's worker thread (src/backup/backupDatabase.ts), a file of its own beside main.js.
await build({
  entryPoints: { main: "src/main.ts", copyWorker: "src/backup/copyWorker.ts" },
  outdir: "dist",
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
cpSync("src/db/migrations", "dist/migrations", { recursive: true });
