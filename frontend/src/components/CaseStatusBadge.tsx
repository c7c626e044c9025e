import { ja } from "@zaiko/common/messages/ja";
import type { WorkCaseDto } from "@zaiko/common/workcases/workcases.schema";
import { displayDateTime } from "../lib/dateTime";
import "./CaseStatusBadge.css";

const L = ja.lifecycle;

/** 仮押さえ (with deadline and holder) / 本予約 / キャンセル, as the list and the case screens show a case. */
export function CaseStatusBadge({ workcase }: { workcase: WorkCaseDto }) {
  const holder = workcase.held_by_name ?? L.unknownHolder;
  const until = workcase.hold_until ? displayDateTime(workcase.hold_until) : "";
  return (
    <span className="case-status">
      <span className={`case-status-chip case-status-${workcase.status}`}>{L[workcase.status]}</span>
      {workcase.status === "tentative" ? (
        <span className="case-status-info">{L.holdInfo(until, holder)}</span>
      ) : null}
      {workcase.status === "cancelled" && workcase.hold_until ? (
        <span className="case-status-info">{L.lapsedInfo(until)}</span>
      ) : null}
    </span>
  );
}
