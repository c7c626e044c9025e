import { ja } from "@zaiko/common/messages/ja";
import type { WorkCaseDto } from "../../lib/allocation";
import { displayDateTime } from "../../lib/dateTime";

const t = ja.orderitems;

/** The case's period, note and creation date under the page title. */
export function CaseSummary({ workcase }: { workcase: WorkCaseDto }) {
  return (
    <dl className="case-head">
      <dt>{t.periodLabel}</dt>
      <dd>{t.period(displayDateTime(workcase.start_date), displayDateTime(workcase.end_date))}</dd>
      <dt>{t.noteLabel}</dt>
      <dd>{workcase.note}</dd>
      <dt>{t.createdLabel}</dt>
      <dd>{displayDateTime(workcase.created)}</dd>
    </dl>
  );
}
