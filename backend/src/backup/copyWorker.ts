/**
 * Worker thread entry: opens a data directory dump as an in-memory PGlite and writes the backup from it.
 * Opening a PGlite (compiling and starting its WASM Postgres) and reading every row take the CPU for
 * seconds; on the server's main thread every request would wait that long (measured: 3.4 s for the demo
 * group on a 2-vCPU VM). Only the dump itself (about 40 MB of tar, 0.4–1.4 s on a busy 2-vCPU VM) is
 * taken from the server's thread.
 */
import { parentPort, workerData } from "node:worker_threads";
import { withPgliteCopy } from "./snapshot";
import { writeBackup } from "./writeBackup";

const { dump, file } = workerData as { dump: Blob; file: string };
let lastProgress = 0;
withPgliteCopy(dump, (session) =>
  writeBackup({
    session,
    source: "pglite",
    file,
    onProgress: (progress) => {
      if (Date.now() - lastProgress < 200) return;
      lastProgress = Date.now();
      parentPort?.postMessage({ progress });
    },
  }),
).then(
  (result) => parentPort?.postMessage({ done: { ...result, checksums: [...result.checksums] } }),
  (err: NodeJS.ErrnoException) => parentPort?.postMessage({ error: err.message, code: err.code }),
);
