import { ja } from "@zaiko/common/messages/ja";
import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { displayDateTime } from "../lib/dateTime";
import { isHoldLapsingSoon, isLapsedHold } from "./holdDeadline";
import "./CaseStatusBadge.css";

const L = ja.lifecycle;

/**
 * 仮押さえ (with deadline and holder) / 本予約 / キャンセル, as the list and the case screens show a case. A hold
 * that lapsed reads 期限切れ (the client did not cancel it); one that lapses within a day says so.
 */
export function CaseStatusBadge({ workcase }: { workcase: WorkCaseDto }) {
  const holder = workcase.held_by_name ?? L.unknownHolder;
  const until = workcase.hold_until ? displayDateTime(workcase.hold_until) : "";
  const lapsed = isLapsedHold(workcase);
  return (
    <span className="case-status">
      <span className={`case-status-chip case-status-${lapsed ? "lapsed" : workcase.status}`}>
        {lapsed ? L.lapsedLabel : L[workcase.status]}
      </span>
      {workcase.status === "tentative" ? (
        <span className="case-status-info">{L.holdInfo(until, holder)}</span>
      ) : null}
      {isHoldLapsingSoon(workcase) ? <span className="case-status-soon">{L.lapsingSoon(until)}</span> : null}
      {lapsed ? <span className="case-status-info">{L.lapsedInfo(until)}</span> : null}
    </span>
  );
}
