import type { PresenceMember, PresencePlace } from "@zaiko/common/realtime/presence";
import { readPlace } from "@zaiko/common/realtime/presence";
import type { AuthUser } from "../../lib/authUser";
import type { Logger } from "../../lib/logger";
import type { AppSocket, Realtime } from "../../realtime/realtime";

/** The server-to-server message: someone arrived at or left this presence room on another app process. */
const PRESENCE_CHANGED = "presence.changed";
const PREFIX = "presence:";
/** `presence:<group>:case:<id>` or `presence:<group>:warehouse`: the group comes from the token. */
const ROOM = /^presence:([0-9]+):(?:case:([0-9]+)|warehouse)$/;

export interface PresenceOptions {
  realtime: Realtime;
  logger: Logger;
  /** Whether the user may see this case: another group's case behaves as a missing one. */
  caseAccess: (user: AuthUser, caseId: number) => Promise<boolean>;
  /** The names of these members of the group (others are left out). */
  names: (groupId: number, userIds: number[]) => Promise<Map<number, string>>;
  /** How often every process sends its viewers the list again, whatever happened (a lost message, Redis back). */
  refreshMs: number;
}

/** The room of a place for this user's group. */
export function presenceRoom(groupId: number, place: PresencePlace): string {
  return place.kind === "case" ? `${PREFIX}${groupId}:case:${place.id}` : `${PREFIX}${groupId}:warehouse`;
}

function parseRoom(room: string): { groupId: number; place: PresencePlace } | undefined {
  const match = ROOM.exec(room);
  if (!match) return undefined;
  const place: PresencePlace = match[2] ? { kind: "case", id: Number(match[2]) } : { kind: "warehouse" };
  return { groupId: Number(match[1]), place };
}

/**
 * Who has a case screen or the warehouse board open (docs/realtime.md, "Presence"). A viewer's socket is
 * in the place's room; the rooms themselves are the truth, asked across processes with `fetchSockets()`
 * through the Redis adapter, so nothing is stored that could outlive a closed tab or a dead process.
 * Whenever someone arrives or leaves, every process with viewers of that room recomputes the list and
 * sends it to its own viewers; a process's recomputations of one room run one after another, and one
 * always starts after the last change it heard of, so the last list a viewer gets is the current one.
 */
export class Presence {
  /** Rooms being recomputed on this process; `again` when a change arrived meanwhile. */
  private readonly running = new Map<string, { again: boolean }>();
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly opts: PresenceOptions) {}

  /** Handles the sockets' presence messages and the other processes' announcements. */
  start(): void {
    const { realtime } = this.opts;
    realtime.onSocket((socket) => this.onSocket(socket));
    realtime.onPeerMessage(PRESENCE_CHANGED, (room) => {
      if (typeof room === "string") this.recompute(room);
    });
    this.timer = setInterval(() => this.refreshAll(), this.opts.refreshMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  /** Sends every viewer on this process its list again (an app process died: its viewers are gone). */
  refreshAll(): void {
    for (const room of this.localRooms()) this.recompute(room);
  }

  private onSocket(socket: AppSocket): void {
    const { user } = socket.data;
    // The rooms this socket's screens want to be in: a leave that arrives while its enter still checks the
    // case (a screen left at once) must win, or the socket would join after it and stay until it disconnects.
    const wanted = new Set<string>();
    socket.on("presence.enter", async (raw, ack) => {
      const reply = typeof ack === "function" ? ack : () => undefined;
      try {
        const place = readPlace(raw);
        if (!place) return reply({ ok: false });
        const room = presenceRoom(user.groupId, place);
        wanted.add(room);
        const allowed = place.kind === "warehouse" || (await this.opts.caseAccess(user, place.id));
        if (!allowed || !socket.connected || !wanted.has(room)) return reply({ ok: false });
        await socket.join(room);
        this.announce(room);
        reply({ ok: true });
      } catch (err) {
        this.opts.logger.error({ err }, "presence.enter failed");
        reply({ ok: false });
      }
    });
    socket.on("presence.leave", async (raw) => {
      const place = readPlace(raw);
      if (!place) return;
      const room = presenceRoom(user.groupId, place);
      wanted.delete(room);
      if (!socket.rooms.has(room)) return;
      await socket.leave(room);
      this.announce(room);
    });
    // The rooms are emptied before "disconnect": note them while they are still there.
    socket.on("disconnecting", () => {
      const left = [...socket.rooms].filter((room) => room.startsWith(PREFIX));
      socket.once("disconnect", () => {
        for (const room of left) this.announce(room);
      });
    });
  }

  /** Recomputes here and tells the other processes to do so for their viewers. */
  private announce(room: string): void {
    this.recompute(room);
    this.opts.realtime.tellPeers(PRESENCE_CHANGED, room);
  }

  private localRooms(): string[] {
    const rooms = this.opts.realtime.io?.of("/").adapter.rooms;
    return [...(rooms?.keys() ?? [])].filter((room) => room.startsWith(PREFIX));
  }

  /** Runs one recomputation of the room at a time; a change heard meanwhile runs one more after it. */
  private recompute(room: string): void {
    const running = this.running.get(room);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: true };
    this.running.set(room, state);
    void (async () => {
      while (state.again) {
        state.again = false;
        await this.sendList(room).catch((err) =>
          this.opts.logger.warn({ err, room }, "presence list not sent"),
        );
      }
      this.running.delete(room);
    })();
  }

  /** Sends this process's viewers of the room who is in it on any process, each member once. */
  private async sendList(room: string): Promise<void> {
    const io = this.opts.realtime.io;
    const parsed = parseRoom(room);
    if (!io || !parsed || !io.of("/").adapter.rooms.get(room)?.size) return;
    const sockets = await io.in(room).fetchSockets();
    const ids = [
      ...new Set(sockets.filter((s) => s.data.user?.groupId === parsed.groupId).map((s) => s.data.user.id)),
    ];
    const names = await this.opts.names(parsed.groupId, ids);
    const members: PresenceMember[] = [...names]
      .map(([id, name]) => ({ id, name }))
      .sort((a, b) => a.name.localeCompare(b.name, "ja") || a.id - b.id);
    io.local.to(room).emit("presence.changed", { place: parsed.place, members });
  }
}
