import { ja } from "@zaiko/common/messages/ja";
import { CaseStatusBadge } from "../../components/CaseStatusBadge";
import { isHoldLapsingSoon } from "../../components/holdDeadline";
import type { WorkCaseDto } from "../../lib/allocation";
import { displayDateTime } from "../../lib/dateTime";
import { CaseStatusActions } from "./CaseStatusActions";

const t = ja.orderitems;

/**
 * The case's status (with its lifecycle buttons), period, note and creation date under the page title; above
 * them, a warning when the case's hold lapses within a day (its items are then free for other cases).
 */
export function CaseSummary({ workcase, groupId }: { workcase: WorkCaseDto; groupId?: number | null }) {
  return (
    <>
      {isHoldLapsingSoon(workcase) && workcase.hold_until ? (
        <output className="hold-lapsing-banner">
          {ja.lifecycle.lapsingSoonBanner(displayDateTime(workcase.hold_until))}
        </output>
      ) : null}
      <dl className="case-head">
        <dt>{ja.lifecycle.status}</dt>
        <dd className="case-head-status">
          <CaseStatusBadge workcase={workcase} />
          {groupId ? <CaseStatusActions workcase={workcase} groupId={groupId} /> : null}
        </dd>
        <dt>{t.periodLabel}</dt>
        <dd>{t.period(displayDateTime(workcase.start_date), displayDateTime(workcase.end_date))}</dd>
        <dt>{t.noteLabel}</dt>
        <dd>{workcase.note}</dd>
        <dt>{t.createdLabel}</dt>
        <dd>{displayDateTime(workcase.created)}</dd>
      </dl>
    </>
  );
}
