import { useEffect, useState } from "react";
import { statusOf } from "../../lib/errors";
import { onServerEvent } from "../../lib/socket";

/** Why a case screen has no case to show: it never existed (or was deleted before), or it was deleted while open. */
export type CaseGone = "missing" | "deleted" | null;

/**
 * Whether the case of a case screen is gone: an id that cannot be one, a case fetch that answered 404,
 * or a `workcases.deleted` for it while the screen is open (the live notice). After a reconnect the
 * case is fetched again, so a deletion missed while offline ends as a 404.
 */
export function useCaseGone(
  caseId: number,
  validId: boolean,
  caseQuery: { isError: boolean; error?: unknown },
): CaseGone {
  const [deletedLive, setDeletedLive] = useState(false);
  useEffect(() => {
    if (!validId) return;
    return onServerEvent("workcases.deleted", ({ id }) => {
      if (id === caseId) setDeletedLive(true);
    });
  }, [caseId, validId]);
  if (deletedLive) return "deleted";
  if (!validId || (caseQuery.isError && statusOf(caseQuery.error) === 404)) return "missing";
  return null;
}
