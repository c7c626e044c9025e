import type { Server as HttpServer, IncomingMessage } from "node:http";
import { readId } from "@zaiko/common/input";
import {
  BATCHES_AUTH_FIELD,
  type ClientToServerEvents,
  rooms,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
  UNAUTHORIZED,
} from "@zaiko/common/realtime/events";
import type { StreamPositions } from "@zaiko/common/realtime/positions";
import { Server, type Socket } from "socket.io";
import { allows } from "../lib/authorize";
import type { AuthUser } from "../lib/authUser";
import type { Logger } from "../lib/logger";
import type { WritesInFlight } from "../lib/writesInFlight";
import type { EventBuffer, PendingEvent } from "./eventBuffer";
import { Outbox, type Outgoing } from "./outbox";
import { Publisher, type ReserveSeq, type UsageChange } from "./publisher";

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
/**
 * Told of every `stock.changed` of any app process (with its number), to send `inventory.changed` to
 * this process's watchers. Awaited: the publisher keeps a group's fan-outs and emits in order.
 */
export type StockListener = (groupId: number, change: UsageChange, seq: number) => Promise<void>;

/**
 * The server-to-server message (Redis adapter) that carries a process's published events and usage
 * changes to the other processes, in the order they were published (see Relayed).
 */
const RELAY = "realtime.relay";
/** The server-to-server message that tells the other processes that a member changed (see memberChanged). */
const MEMBER_CHANGED = "member.changed";

const CASE_ROOM = /^case:([0-9]+)$/;

/**
 * Sockets written to in one go before the fan-out yields to the event loop (setImmediate), so that HTTP
 * requests and database answers are served between the pieces of a fan-out to thousands of sockets.
 */
export const FAN_OUT_SLICE = 200;

/** What a process tells the others, in publishing order: an event for their sockets, or a usage change. */
type Relayed =
  | { kind: "emit"; rooms: string[]; event: ServerEventName; payload: object }
  | { kind: "usage"; groupId: number; change: UsageChange; seq: number };

/** Where events get their numbers: the database's `event_streams` (eventStreams.queries.ts). */
export interface EventStreams {
  reserveSeq: ReserveSeq;
  /** How far a group's streams have gone. */
  readPositions: (groupId: number) => Promise<StreamPositions>;
}

export interface RealtimeOptions {
  logger: Logger;
  allowedOrigins: string[];
  authenticate: (token: string | undefined) => Promise<AuthUser | undefined>;
  streams: EventStreams;
  tickMs: number;
  /** Sockets per slice of a fan-out (REALTIME_FAN_OUT_SLICE; default FAN_OUT_SLICE). */
  fanOutSlice?: number;
  /**
   * Writes first: each slice of a fan-out waits while API writes are being served, up to `maxWaitMs`
   * (REALTIME_WRITE_WAIT_MS; see writeOut). Absent: a slice never waits.
   */
  writesFirst?: { writes: WritesInFlight; maxWaitMs: number };
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
 * user), and the publishing of committed changes (publisher.ts: coalesced per tick, numbered per stream).
 */
export class Realtime {
  io: AppServer | undefined;
  private caseAccess: CaseAccess = async () => false;
  private readonly stockListeners: StockListener[] = [];
  private readonly memberListeners: Array<(userId: number) => void> = [];
  private readonly commitListeners: Array<(events: readonly PendingEvent[]) => void> = [];
  private readonly socketListeners: Array<(socket: AppSocket) => void> = [];
  private readonly peerHandlers: Array<[string, (...args: unknown[]) => void]> = [];
  private readonly publisher: Publisher;
  /** Set once the Redis adapter is in place: then other processes hear of usage changes too. */
  private shared = false;
  /** Sockets that asked for `realtime.batch` frames in their handshake (outbox.ts). */
  private readonly batchingSockets = new Set<string>();
  /** Everything written to this process's sockets goes through it, in order. */
  private readonly outbox: Outbox;
  /** The last relayed message's events, queued once their usage changes' rows are (see onRelayed). */
  private relayedInOrder: Promise<void> = Promise.resolve();
  /** What is to be told to the other processes at the end of this turn of the event loop, in order. */
  private relays: Relayed[] = [];

  constructor(private readonly opts: RealtimeOptions) {
    this.outbox = new Outbox(
      () => {
        const io = this.io;
        if (!io) return undefined;
        return {
          rooms: () => io.of("/").adapter.rooms,
          // biome-ignore lint/suspicious/noExplicitAny: the event buffer typed event and payload together when added
          emit: (ids, event, payload) => io.local.to(ids).emit(event, payload as any),
        };
      },
      this.batchingSockets,
      { logger: opts.logger, sliceSize: opts.fanOutSlice ?? FAN_OUT_SLICE, writesFirst: opts.writesFirst },
    );
    this.publisher = new Publisher({
      tickMs: opts.tickMs,
      reserveSeq: opts.streams.reserveSeq,
      logger: opts.logger,
      emit: (rooms, event, payload) => {
        this.relay({ kind: "emit", rooms, event, payload });
        this.deliver([{ rooms, event, payload }]);
      },
      fanOutLocally: (groupId, change, seq) => this.notifyStockListeners(groupId, change, seq),
      announce: (groupId, change, seq) => this.relay({ kind: "usage", groupId, change, seq }),
    });
  }

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
    // biome-ignore lint/suspicious/noExplicitAny: server-to-server events are untyped in AppServer
    (io as any).on(RELAY, (relayed: Relayed[]) => this.onRelayed(relayed));
    // biome-ignore lint/suspicious/noExplicitAny: server-to-server events are untyped in AppServer
    (io as any).on(MEMBER_CHANGED, (userId: number) => this.notifyMemberListeners(userId));
    // biome-ignore lint/suspicious/noExplicitAny: server-to-server events are untyped in AppServer
    for (const [event, handler] of this.peerHandlers) (io as any).on(event, handler);
    this.io = io;
    return io;
  }

  /** Called once the Redis adapter is attached: usage changes are then announced to every process. */
  shareAcrossProcesses(): void {
    this.shared = true;
  }

  private async notifyStockListeners(groupId: number, change: UsageChange, seq: number): Promise<void> {
    await Promise.all(
      this.stockListeners.map((listener) =>
        listener(groupId, change, seq).catch((err) =>
          this.opts.logger.error({ err }, "inventory.changed fan-out failed"),
        ),
      ),
    );
  }

  /**
   * Queues something for the other app processes (none without the Redis adapter). Everything queued in
   * one turn of the event loop leaves as one server-to-server message, in order: a batch's events, then its
   * usage change, as the publisher produced them.
   */
  private relay(item: Relayed): void {
    if (!this.shared) return;
    this.relays.push(item);
    if (this.relays.length > 1) return;
    queueMicrotask(() => {
      const relays = this.relays;
      this.relays = [];
      // biome-ignore lint/suspicious/noExplicitAny: server-to-server events are untyped in AppServer
      (this.io as any)?.serverSideEmit(RELAY, relays);
    });
  }

  /**
   * Another process's events and usage changes: its events go to our sockets, its usage changes to our
   * watchers. A message's events wait until its usage changes' `inventory.changed` is queued, so that they
   * leave together, one write per socket (see deliver); messages keep their order.
   */
  private onRelayed(relayed: Relayed[]): void {
    const emits: Outgoing[] = [];
    const fanOuts: Promise<void>[] = [];
    for (const item of relayed) {
      if (item.kind === "emit") emits.push({ rooms: item.rooms, event: item.event, payload: item.payload });
      else
        fanOuts.push(
          new Promise((queued) =>
            this.publisher.fanOutAnnounced(item.groupId, item.change, item.seq, queued),
          ),
        );
    }
    const previous = this.relayedInOrder;
    const ready = fanOuts.length > 0 ? Promise.all([previous, ...fanOuts]) : previous;
    this.relayedInOrder = ready.then(() => {
      if (emits.length > 0) this.deliver(emits);
    });
  }

  /** Queues emits for this process's sockets (outbox.ts: written in rounds, slice by slice). */
  private deliver(items: Outgoing[], urgent = false): void {
    this.outbox.push(items, urgent);
  }

  private onConnection(socket: AppSocket): void {
    const { user } = socket.data;
    corkEachFlush(socket);
    if (socket.handshake.auth?.[BATCHES_AUTH_FIELD] === true) this.batchingSockets.add(socket.id);
    socket.on("disconnect", () => {
      this.batchingSockets.delete(socket.id);
      this.outbox.forget(socket.id);
    });
    for (const listener of this.socketListeners) listener(socket);
    socket.join(rooms.group(user.groupId));
    socket.join(rooms.user(user.id));
    // The owners room carries the member list's events, which only members.manage may see.
    if (allows(user, "members.manage")) socket.join(rooms.owners(user.groupId));
    void this.tellPositions(socket);
    socket.on("case.watch", async (caseId, ack) => {
      const reply = typeof ack === "function" ? ack : () => undefined;
      try {
        const id = readId(caseId);
        if (id === undefined || !(await this.caseAccess(user, id))) {
          reply({ ok: false });
          return;
        }
        await socket.join(rooms.workCase(id));
        // Read after the join, as the socket's positions are: a usage change recomputed just before the join
        // sent this socket no inventory.changed, yet its stock.changed can still reach it after this answer
        // (it waits in the outbox). Its number is at most this one, which tells the client to read the summary.
        const { group } = await this.positions(user.groupId);
        reply({ ok: true, seq: group });
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

  /**
   * How far the group's streams have gone. Read before a GET reads its answer (middlewares/auth.ts) and
   * after a socket joined its rooms: the client compares the two (common/realtime/positions.ts).
   */
  positions(groupId: number): Promise<StreamPositions> {
    return this.opts.streams.readPositions(groupId);
  }

  /**
   * Read after the joins above, so every number beyond these reaches this socket. Without them the client
   * cannot tell what it missed while it connected: it is told to read both streams again instead.
   */
  private async tellPositions(socket: AppSocket): Promise<void> {
    try {
      socket.emit("realtime.positions", await this.positions(socket.data.user.groupId));
    } catch (err) {
      this.opts.logger.error({ err }, "stream positions could not be read for a new socket");
      socket.emit("realtime.resync", { streams: ["group", "members"] });
    }
  }

  /** Adds what a feature does with every authenticated socket (its own messages; presence). */
  onSocket(listener: (socket: AppSocket) => void): void {
    this.socketListeners.push(listener);
  }

  /** Handles a server-to-server message of another app process (sent with tellPeers), before or after attach. */
  onPeerMessage(event: string, handler: (...args: unknown[]) => void): void {
    this.peerHandlers.push([event, handler]);
    // biome-ignore lint/suspicious/noExplicitAny: server-to-server events are untyped in AppServer
    (this.io as any)?.on(event, handler);
  }

  /** Sends a server-to-server message to every other app process (none without the Redis adapter). */
  tellPeers(event: string, ...args: unknown[]): void {
    // biome-ignore lint/suspicious/noExplicitAny: server-to-server events are untyped in AppServer
    if (this.shared) (this.io as any)?.serverSideEmit(event, ...args);
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

  /** Publishes a committed transaction's events (coalesced within a tick), then runs its after-commit actions. */
  flush(committed: EventBuffer): void {
    this.publisher.publish(committed.events);
    for (const action of committed.afterCommit) action();
    for (const listener of this.commitListeners) listener(committed.events);
  }

  /** Adds a listener told of every transaction committed through this process, with its events (the notifier). */
  onCommitted(listener: (events: readonly PendingEvent[]) => void): void {
    this.commitListeners.push(listener);
  }

  /**
   * Tells a member's sockets, on every process, that they have new notifications (docs/notifications.md).
   * Not numbered and not coalesced: the client reads its list again.
   */
  notifyMember(userId: number, count: number): void {
    this.io?.to(rooms.user(userId)).emit("notifications.added", { count });
  }

  /** Tells a member's sockets, on every process, that they read notifications (their other screens' bells). */
  notifyMemberRead(userId: number, unread: number): void {
    this.io?.to(rooms.user(userId)).emit("notifications.read", { unread });
  }

  /**
   * Sends `inventory.changed` to the watchers of a case connected to THIS process only: every process
   * computes the rows for its own watchers (see StockListener), so a broadcast would deliver twice.
   */
  emitToLocalWatchers(caseId: number, payload: ServerEventPayload<"inventory.changed">): void {
    this.deliver([{ rooms: [rooms.workCase(caseId)], event: "inventory.changed", payload }], true);
  }

  /** Emits whatever is still gathered, and waits for it (shutdown, tests). */
  async drain(): Promise<void> {
    await this.publisher.drain();
    await this.relayedInOrder;
    await this.outbox.idle();
  }

  /** Adds a listener told of every changed member, whichever app process committed the change. */
  onMemberChanged(listener: (userId: number) => void): void {
    this.memberListeners.push(listener);
  }

  /**
   * After a member's row changed (deactivated, deleted, edited): tells this process and, through the Redis
   * adapter, every other one, so that no process keeps answering with the old row (ActiveMemberCache).
   */
  memberChanged(userId: number): void {
    this.notifyMemberListeners(userId);
    // biome-ignore lint/suspicious/noExplicitAny: server-to-server events are untyped in AppServer
    if (this.shared) (this.io as any)?.serverSideEmit(MEMBER_CHANGED, userId);
  }

  private notifyMemberListeners(userId: number): void {
    for (const listener of this.memberListeners) listener(userId);
  }

  /**
   * Tells every client, on every process, to refetch what it shows of both streams: an app process died
   * and may have taken committed changes with it that it never published (liveness.ts).
   */
  resyncEveryone(): void {
    this.io?.emit("realtime.resync", { streams: ["group", "members"] });
  }

  /** Disconnects every socket of a user (deactivated or deleted), across processes with the Redis adapter. */
  disconnectUser(userId: number): void {
    this.io?.in(rooms.user(userId)).disconnectSockets(true);
  }

  async close(): Promise<void> {
    await this.drain();
    if (!this.io) return;
    await new Promise<void>((resolve) => this.io?.close(() => resolve()));
  }
}

/**
 * Corks a websocket's TCP connection when engine.io flushes packets to it, until the end of this turn of
 * the event loop: the frames of one batch (engine.io writes a frame per packet) then leave in one write
 * instead of one system call each, the main cost of a fan-out to thousands of sockets. Only for
 * connections that started on the websocket transport (the web client's only one), whose handshake
 * request's socket is the websocket's.
 */
function corkEachFlush(socket: AppSocket): void {
  const conn = socket.conn;
  const tcp = socket.request.socket;
  if (conn.transport.name !== "websocket" || !tcp) return;
  conn.on("flush", () => {
    if (tcp.writableCorked > 0 || tcp.destroyed) return;
    tcp.cork();
    process.nextTick(() => tcp.uncork());
  });
}
