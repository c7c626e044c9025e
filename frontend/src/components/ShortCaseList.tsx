import type { ShortCasesDto } from "@zaiko/common/availability/shortCases.schema";
import { ja } from "@zaiko/common/messages/ja";
import { useEffect, useRef } from "react";
import { Link } from "react-router-dom";
import { displayDateTime } from "../lib/dateTime";
import "./CaseStatusBadge.css";
import "./ShortCaseList.css";

const t = ja.availability;

/** The case screen (案件詳細) a named case links to. */
const casePath = (caseId: number) => `/orderitems/${caseId}`;

/** An outage's period: open-ended (9999-12-31) until the units are found or repaired, as 理由 says it. */
function periodOf(c: ShortCasesDto["cases"][number]): string {
  if (c.out_of_service && c.end_date.startsWith("9999"))
    return t.outOfServiceSince(displayDateTime(c.start_date));
  return t.holderPeriod(displayDateTime(c.start_date), displayDateTime(c.end_date));
}

/**
 * The cases a refused catalogue change would leave short (docs/catalogue.md): per short item, the instant its
 * stock first breaks and each case held then — title (to its 案件詳細), status, units, period — in the 理由
 * dialog's line style, so the coordinator knows whom to call.
 */
export function ShortCaseList({ groups }: { groups: ShortCasesDto[] }) {
  const box = useRef<HTMLDivElement>(null);
  // It appears at the foot of a form whose fields fill the dialog: bring it into sight, or the refusal reads as
  // if nothing happened. (jsdom has no scrollIntoView.)
  useEffect(() => {
    if (groups.length > 0) box.current?.scrollIntoView?.({ block: "nearest" });
  }, [groups]);
  if (groups.length === 0) return null;
  return (
    <div className="short-cases" ref={box}>
      {groups.map((g) => (
        <section key={g.item_id} className="short-cases-item">
          <p className="short-cases-caption">{ja.shortCases.caption(g.title, displayDateTime(g.at))}</p>
          <ul className="short-cases-list" aria-label={ja.shortCases.listLabel(g.title)}>
            {g.cases.map((c) => (
              <li key={`${c.case_id}-${c.out_of_service}`} className="short-case">
                <Link to={casePath(c.case_id)} className="short-case-title">
                  {c.case_title}
                </Link>
                {c.out_of_service ? (
                  <span className="case-status-chip case-status-cancelled">{ja.outages.outOfService}</span>
                ) : (
                  <span className={`case-status-chip case-status-${c.status}`}>{ja.lifecycle[c.status]}</span>
                )}
                <span className="short-case-quantity">{t.holderQuantity(c.quantity)}</span>
                <span className="short-case-period">{periodOf(c)}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
