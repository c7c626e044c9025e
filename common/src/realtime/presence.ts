import { readId } from "../input";

import type { PresencePlace } from "./presencePlace";

export type { PresenceMember, PresencePlace } from "./presencePlace";
export { samePlace } from "./presencePlace";

/** A place from untrusted input (a socket message), or undefined when it is not one. */
export function readPlace(value: unknown): PresencePlace | undefined {
  if (!value || typeof value !== "object") return undefined;
  const { kind, id } = value as { kind?: unknown; id?: unknown };
  if (kind === "warehouse") return { kind };
  if (kind !== "case") return undefined;
  const caseId = readId(id);
  return caseId === undefined ? undefined : { kind, id: caseId };
}
