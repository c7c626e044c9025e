import { currentSocket, onSocketConnect } from "./socket";

/**
 * The case rooms this client is in. `inventory.changed` goes to a case's room only (docs/realtime.md), so a
 * screen that shows a case's summary watches its room; several watchers of one case share it.
 */
const watched = new Map<number, { count: number; acknowledged: boolean }>();

/**
 * Joins the case room (`case.watch`) now and after every reconnect, so `inventory.changed` for this
 * case arrives; the returned function leaves it (`case.unwatch`). Several watchers of one case share
 * the room: it is left when the last one stops.
 */
export function watchCase(caseId: number): () => void {
  const entry = watched.get(caseId) ?? { count: 0, acknowledged: false };
  entry.count += 1;
  watched.set(caseId, entry);
  const join = () => {
    const socket = currentSocket();
    if (!socket) return;
    const current = watched.get(caseId);
    if (current) current.acknowledged = false; // a new connection is in no room yet
    socket.emit("case.watch", caseId, (result) => {
      const latest = watched.get(caseId);
      if (latest) latest.acknowledged = Boolean(result?.ok);
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

/** True once the server confirmed that this client is in the case room. */
export function isCaseWatched(caseId: number): boolean {
  return watched.get(caseId)?.acknowledged ?? false;
}
