import { readId } from "../input";

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

/** A place from untrusted input (a socket message), or undefined when it is not one. */
export function readPlace(value: unknown): PresencePlace | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { kind, id } = value as { kind?: unknown; id?: unknown };
  if (kind === "warehouse") return { kind };
  if (kind !== "case") return undefined;
  const caseId = readId(id);
  return caseId === undefined ? undefined : { kind, id: caseId };
}

/** Whether two places are the same screen (a client keeps only the lists of the places it shows). */
export function samePlace(a: PresencePlace, b: PresencePlace): boolean {
  return a.kind === b.kind && (a.kind === "warehouse" || a.id === (b as { id: number }).id);
}
