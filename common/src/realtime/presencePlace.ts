/*
 * The places of presence and their comparison, apart from presence.ts's reader of untrusted input: that one
 * reads ids with ../input, which imports zod, and the web client's case screen and warehouse board, which
 * only compare places, loaded zod (24 KiB compressed) before their first render for it (issue 41).
 */

/**
 * A screen whose viewers are shown to each other: one case (the case screens) or the group's warehouse
 * board. The group is never part of it: the server takes it from the socket's token.
 */
export type PresencePlace = { kind: "case"; id: number } | { kind: "warehouse" };

/** One member on a screen: the name is the only thing about them that is sent (docs/realtime.md). */
export interface PresenceMember {
  id: number;
  name: string;
}

/** Whether two places are the same screen (a client keeps only the lists of the places it shows). */
export function samePlace(a: PresencePlace, b: PresencePlace): boolean {
  return a.kind === b.kind && (a.kind === "warehouse" || a.id === (b as { id: number }).id);
}
