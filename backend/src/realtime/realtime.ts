import type { Server as HttpServer, IncomingMessage } from "node:http";
import {
  type ClientToServerEvents,
  rooms,
  type ServerEventPayload,
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

/** Decides whether a user may watch a case (the case must be in the user's group). */
export type CaseAccess = (user: AuthUser, caseId: number) => Promise<boolean>;
/** Told of every committed `stock.changed` (after it was emitted), to fan out `inventory.changed`. */
export type StockListener = (
  groupId: number,
  change: Omit<ServerEventPayload<"stock.changed">, "seq">,
) => void;

const CASE_ROOM = /^case:([0-9]+)$/;

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
  private caseAccess: CaseAccess = async () => false;
  private readonly stockListeners: StockListener[] = [];

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
    socket.on("case.watch", async (caseId, ack) => {
      const reply = typeof ack === "function" ? ack : () => undefined;
      try {
        const id = Number(caseId);
        const ok =
          Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 && (await this.caseAccess(user, id));
        if (ok) await socket.join(rooms.workCase(id));
        reply({ ok });
      } catch (err) {
        this.opts.logger.error({ err }, "case.watch failed");
        reply({ ok: false });
      }
    });
    socket.on("case.unwatch", (caseId) => {
      const id = Number(caseId);
      if (Number.isSafeInteger(id)) socket.leave(rooms.workCase(id));
    });
  }

  /** Set by the work case feature: who may join `case:<id>`. Until set, nobody may. */
  setCaseAccess(access: CaseAccess): void {
    this.caseAccess = access;
  }

  /** Adds a listener for committed stock changes (the inventory feature fans them out to case rooms). */
  onStockChanged(listener: StockListener): void {
    this.stockListeners.push(listener);
  }

  /**
   * Ids of the cases watched by at least one socket of this process (`case:<id>` rooms that have
   * sockets). With the Redis adapter each process sees its own sockets only; see docs/allocation.md.
   */
  watchedCaseIds(): number[] {
    const ids: number[] = [];
    for (const [room, sockets] of this.io?.of("/").adapter.rooms ?? []) {
      const match = CASE_ROOM.exec(room);
      if (match && sockets.size > 0) ids.push(Number(match[1]));
    }
    return ids;
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
    for (const { groupId, event, payload } of outbox.events) {
      if (event !== "stock.changed") continue;
      const change = payload as Omit<ServerEventPayload<"stock.changed">, "seq">;
      for (const listener of this.stockListeners) listener(groupId, change);
    }
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
