import { chmodSync, mkdirSync, unlinkSync } from "node:fs";
import { connect, createServer, type Server, type Socket } from "node:net";
import path from "node:path";
import type { BackupResult, Progress } from "./writeBackup";

/*
 * A local channel to the server that holds the embedded database, so that `npm run backup` can have the
 * running process write a backup (the CLI cannot open a data directory a server holds). A Unix socket in
 * DATA_DIR/run (mode 0700, the socket 0600): only the user that runs the server can reach it, and nothing
 * listens on the network. One request per connection, JSON lines both ways.
 */

/** The socket's path for a data directory. */
export const adminSocketPath = (dataDir: string) => path.join(dataDir, "run", "admin.sock");

type Request = { op: "backup"; file: string };
type Reply =
  | { progress: Progress }
  | {
      done: Omit<BackupResult, "checksums"> & { checksums: Record<string, { rows: number; sha256: string }> };
    }
  | { error: string };

/** Listens on the data directory's socket; `backup` writes a backup to a file and reports progress. */
export async function startAdminChannel(
  dataDir: string,
  backup: (file: string, onProgress: (p: Progress) => void) => Promise<BackupResult>,
): Promise<() => Promise<void>> {
  const socketPath = adminSocketPath(dataDir);
  mkdirSync(path.dirname(socketPath), { recursive: true, mode: 0o700 });
  chmodSync(path.dirname(socketPath), 0o700);
  // A socket left by a process that died: we hold the data directory's lock, so it is nobody's now.
  try {
    unlinkSync(socketPath);
  } catch {}
  const server: Server = createServer((socket) => serve(socket, backup));
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(socketPath, () => resolve());
  });
  chmodSync(socketPath, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      try {
        unlinkSync(socketPath);
      } catch {}
    });
}

function serve(
  socket: Socket,
  backup: (file: string, onProgress: (p: Progress) => void) => Promise<BackupResult>,
) {
  let buffered = "";
  const send = (reply: Reply) => {
    if (!socket.destroyed) socket.write(`${JSON.stringify(reply)}\n`);
  };
  socket.on("error", () => undefined);
  socket.on("data", (chunk) => {
    buffered += chunk.toString("utf8");
    const at = buffered.indexOf("\n");
    if (at < 0) return;
    socket.removeAllListeners("data");
    let request: Request;
    try {
      request = JSON.parse(buffered.slice(0, at)) as Request;
    } catch {
      send({ error: "bad request" });
      socket.end();
      return;
    }
    if (request.op !== "backup" || typeof request.file !== "string" || !path.isAbsolute(request.file)) {
      send({ error: "bad request: expected a backup to an absolute path" });
      socket.end();
      return;
    }
    let lastProgress = 0;
    backup(request.file, (progress) => {
      if (Date.now() - lastProgress < 200) return;
      lastProgress = Date.now();
      send({ progress });
    }).then(
      (result) => {
        send({ done: { ...result, checksums: Object.fromEntries(result.checksums) } });
        socket.end();
      },
      (err: Error) => {
        send({ error: err.message });
        socket.end();
      },
    );
  });
}

/**
 * Asks the server holding `dataDir` for a backup to `file`. Resolves to null when no server listens there
 * (then the caller opens the directory itself).
 */
export function requestServerBackup(
  dataDir: string,
  file: string,
  onProgress: (p: Progress) => void,
): Promise<BackupResult | null> {
  return new Promise((resolve, reject) => {
    const socket = connect(adminSocketPath(dataDir));
    let connected = false;
    let buffered = "";
    let settled = false;
    const finish = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    socket.on("connect", () => {
      connected = true;
      socket.write(`${JSON.stringify({ op: "backup", file } satisfies Request)}\n`);
    });
    socket.on("data", (chunk) => {
      buffered += chunk.toString("utf8");
      for (let at = buffered.indexOf("\n"); at >= 0; at = buffered.indexOf("\n")) {
        const reply = JSON.parse(buffered.slice(0, at)) as Reply;
        buffered = buffered.slice(at + 1);
        if ("progress" in reply) onProgress(reply.progress);
        else if ("done" in reply) {
          const done = reply.done;
          finish(() => resolve({ ...done, checksums: new Map(Object.entries(done.checksums)) }));
        } else finish(() => reject(new Error(`the server could not write the backup: ${reply.error}`)));
      }
    });
    socket.on("error", (err: NodeJS.ErrnoException) => {
      if (!connected && (err.code === "ENOENT" || err.code === "ECONNREFUSED")) finish(() => resolve(null));
      else finish(() => reject(err));
    });
    socket.on("close", () =>
      finish(() => reject(new Error("the server closed the admin channel before the backup was done"))),
    );
  });
}
