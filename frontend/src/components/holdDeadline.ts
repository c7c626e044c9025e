import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";

/** How long before its deadline a hold warns that it will lapse (issue 36, docs/lifecycle.md). */
export const HOLD_WARNING_MS = 24 * 3_600_000;

/** A case whose hold lapsed: the sweeper cancelled it and kept its deadline (docs/lifecycle.md). */
export function isLapsedHold(workcase: Pick<WorkCaseDto, "status" | "hold_until">): boolean {
  return workcase.status === "cancelled" && workcase.hold_until !== null;
}

/** A hold whose deadline is less than a day away (and not yet passed), at `now`. */
export function isHoldLapsingSoon(
  workcase: Pick<WorkCaseDto, "status" | "hold_until">,
  now: number = Date.now(),
): boolean {
  if (workcase.status !== "tentative" || workcase.hold_until === null) return false;
  const until = Date.parse(workcase.hold_until);
  return Number.isFinite(until) && until > now && until - now <= HOLD_WARNING_MS;
}
