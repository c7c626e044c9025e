import { currentSocket, onSocketConnect } from "./socket";

/**
 * The case rooms this client is in. `inventory.changed` goes to a case's room only (docs/realtime.md), so a
 * screen that shows a case's summary watches its room; several watchers of one case share it. `joinedAt`: the
 * group stream's number the server read once this connection was in the room (undefined until it answered,
 * or when it refused).
 */
const watched = new Map<number, { count: number; joinedAt: number | undefined }>();

/**
 * Joins the case room (`case.watch`) now and after every reconnect, so `inventory.changed` for this
 * case arrives; the returned function leaves it (`case.unwatch`). Several watchers of one case share
 * the room: it is left when the last one stops.
 */
export function watchCase(caseId: number): () => void {
  const entry = watched.get(caseId) ?? { count: 0, joinedAt: undefined };
  entry.count += 1;
  watched.set(caseId, entry);
  const join = () => {
    const socket = currentSocket();
    if (!socket) return;
    const current = watched.get(caseId);
    if (current) current.joinedAt = undefined; // a new connection is in no room yet
    socket.emit("case.watch", caseId, (result) => {
      const latest = watched.get(caseId);
      if (latest) latest.joinedAt = result?.ok ? result.seq : undefined;
    });
  };
  if (entry.count === 1 && currentSocket()?.connected) join();
  // Every watcher rejoins after a reconnect (joining twice is harmless), so the room survives
  // whichever watcher leaves first.
  const offConnect = onSocketConnect(join);
  return () => {
    offConnect();
    const current = watched.get(caseId);
    if (!current) return;
    current.count -= 1;
    if (current.count > 0) return;
    watched.delete(caseId);
    const socket = currentSocket();
    if (socket?.connected) socket.emit("case.unwatch", caseId);
  };
}

/**
 * Whether the `inventory.changed` of the `stock.changed` numbered `seq` reaches this client: only if the
 * server had put it in the case room before that change was recomputed, which its answer's number tells. The
 * answer itself is not enough: a change recomputed just before the join (no socket of this client in the
 * room, so no rows) can have its `stock.changed` delivered after the answer.
 */
export function caseRoomCovers(caseId: number, seq: number): boolean {
  const joinedAt = watched.get(caseId)?.joinedAt;
  return joinedAt !== undefined && seq > joinedAt;
}
