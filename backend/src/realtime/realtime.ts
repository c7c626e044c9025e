import type { Server as HttpServer, IncomingMessage } from "node:http";
import {
  type ClientToServerEvents,
  rooms,
  type ServerToClientEvents,
  UNAUTHORIZED,
} from "@zaiko/common/realtime/events";
import { Server, type Socket } from "socket.io";
import type { Logger } from "../lib/logger";
import type { AuthUser } from "../middlewares/auth";
import type { Outbox } from "./outbox";

export type AppServer = Server<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user: AuthUser }
>;
export type AppSocket = Socket<
  ClientToServerEvents,
  ServerToClientEvents,
  Record<string, never>,
  { user: AuthUser }
>;

export interface RealtimeOptions {
  logger: Logger;
  allowedOrigins: string[];
  authenticate: (token: string | undefined) => Promise<AuthUser | undefined>;
}

/** Browsers always send Origin on a websocket; it must be our own host or an allowed origin. */
export function isOriginAllowed(req: IncomingMessage, allowed: string[]): boolean {
  const origin = req.headers.origin;
  if (!origin) return true; // not a browser: the token check still applies
  if (allowed.includes(origin)) return true;
  try {
    return new URL(origin).host === req.headers.host;
  } catch {
    return false;
  }
}

/**
 * Socket.IO on the HTTP server: authenticated handshake, one room per group (and per owner set and
 * user), and `publish` of committed changes with a per-group sequence number.
 */
export class Realtime {
  io: AppServer | undefined;
  private readonly seqByGroup = new Map<number, number>();

  constructor(private readonly opts: RealtimeOptions) {}

  attach(httpServer: HttpServer): AppServer {
    const io: AppServer = new Server(httpServer, {
      path: "/socket.io",
      serveClient: false,
      allowRequest: (req, cb) => cb(null, isOriginAllowed(req, this.opts.allowedOrigins)),
    });
    io.use(async (socket, next) => {
      const token =
        typeof socket.handshake.auth?.token === "string" ? socket.handshake.auth.token : undefined;
      try {
        const user = await this.opts.authenticate(token);
        if (!user) return next(new Error(UNAUTHORIZED));
        socket.data.user = user;
        next();
      } catch (err) {
        this.opts.logger.error({ err }, "socket authentication failed");
        next(new Error(UNAUTHORIZED));
      }
    });
    io.on("connection", (socket) => this.onConnection(socket));
    this.io = io;
    return io;
  }

  private onConnection(socket: AppSocket): void {
    const { user } = socket.data;
    socket.join(rooms.group(user.groupId));
    socket.join(rooms.user(user.id));
    if (user.isOwner) socket.join(rooms.owners(user.groupId));
  }

  /** The next sequence number of a group's event stream. Per process for now; see docs/decisions.md. */
  nextSeq(groupId: number): number {
    const seq = (this.seqByGroup.get(groupId) ?? 0) + 1;
    this.seqByGroup.set(groupId, seq);
    return seq;
  }

  /** Emits a committed transaction's events, in order, then runs its after-commit actions. */
  flush(outbox: Outbox): void {
    for (const { groupId, room, event, payload } of outbox.events) {
      const stamped = { ...payload, seq: this.nextSeq(groupId) };
      // biome-ignore lint/suspicious/noExplicitAny: the outbox typed event and payload together when added
      this.io?.to(room).emit(event, stamped as any);
    }
    for (const action of outbox.afterCommit) action();
  }

  /** Disconnects every socket of a user (deactivated or deleted), across processes with the Redis adapter. */
  disconnectUser(userId: number): void {
    this.io?.in(rooms.user(userId)).disconnectSockets(true);
  }

  async close(): Promise<void> {
    if (!this.io) return;
    await new Promise<void>((resolve) => this.io?.close(() => resolve()));
  }
}
