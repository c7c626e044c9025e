import type { EventStream, StreamPositions } from "./events";

export type { StreamPositions };

/**
 * How far each stream's numbers had gone at a moment: every change numbered up to here had committed
 * by then. A GET answer carries the positions read just before its own read (STREAM_POSITIONS_HEADER),
 * and a new socket is told them just after it joined its rooms (`realtime.positions`). A list whose
 * positions are not behind the socket's missed nothing: whatever came after it arrives on the socket.
 * A list that is behind may lack changes numbered in between, which went out before the socket listened,
 * and is read again (docs/realtime.md, "Subscribing").
 */
export const STREAM_POSITIONS_HEADER = "X-Stream-Positions";

export const STREAMS: readonly EventStream[] = ["group", "members"];

/** `group=12,members=3` */
export function formatPositions(positions: StreamPositions): string {
  return STREAMS.map((stream) => `${stream}=${positions[stream]}`).join(",");
}

/** The header's positions; undefined when it is missing or not what formatPositions writes. */
export function parsePositions(header: string | null | undefined): StreamPositions | undefined {
  if (!header) return undefined;
  const found = new Map<string, number>();
  for (const part of header.split(",")) {
    const match = /^\s*([a-z]+)=([0-9]+)\s*$/.exec(part);
    if (match) found.set(match[1]!, Number(match[2]));
  }
  const group = found.get("group");
  const members = found.get("members");
  return group === undefined || members === undefined ? undefined : { group, members };
}

/** The streams in which `loaded` is behind `socket` (a list loaded then may lack changes since). */
export function streamsBehind(loaded: StreamPositions | undefined, socket: StreamPositions): EventStream[] {
  return STREAMS.filter((stream) => loaded === undefined || loaded[stream] < socket[stream]);
}
