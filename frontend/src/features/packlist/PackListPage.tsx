import { skipToken } from "@reduxjs/toolkit/query";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { SearchIcon } from "primereact/icons/search";
import { useMemo } from "react";
import { Link, useParams } from "react-router-dom";
import { ArrowLeftIcon } from "../../components/icons/glyphs/ArrowLeftIcon";
import { PrintIcon } from "../../components/icons/glyphs/PrintIcon";
import { primeIcon } from "../../components/icons/primeIcon";
import { BackToCasesNotice } from "../../components/layout/BackToCasesNotice";
import { Loading } from "../../components/layout/Loading";
import { Page } from "../../components/layout/Page";
import { displayDateTime, formatBusinessDateTime } from "../../lib/dateTime";
import { statusOf } from "../../lib/errors";
import { PackLineRow } from "./PackLineRow";
import { packLines } from "./packLines";
import {
  usePackListCaseQuery,
  usePackListHiresQuery,
  usePackListItemsQuery,
  usePackListSetLinesQuery,
} from "./packlistApi";
import "./packlist.css";
import "./packListButton.css";

const printIcon = primeIcon(PrintIcon);

const t = ja.packlist;

/** /workcase/{caseId}/packlist (出荷リスト): the case's shipped items on an A4 sheet, with a tick column. */
export function PackListPage() {
  const caseId = Number(useParams().caseId);
  const validId = Number.isInteger(caseId) && caseId > 0;
  const caseQuery = usePackListCaseQuery(validId ? caseId : skipToken);
  const itemsQuery = usePackListItemsQuery(validId ? caseId : skipToken);
  const setLinesQuery = usePackListSetLinesQuery(validId ? caseId : skipToken);
  const hiresQuery = usePackListHiresQuery(validId ? caseId : skipToken);
  // 「外部手配：{取引先}」 on each item hired for the case (not cancelled ones).
  const hiredFrom = useMemo(() => {
    const by = new Map<number, string[]>();
    for (const h of hiresQuery.data ?? []) {
      if (h.status === "cancelled") continue;
      const names = by.get(h.item) ?? [];
      if (!names.includes(h.supplier_name)) names.push(h.supplier_name);
      by.set(h.item, names);
    }
    return by;
  }, [hiresQuery.data]);
  const lines = useMemo(
    () => packLines(itemsQuery.data ?? [], setLinesQuery.data ?? []),
    [itemsQuery.data, setLinesQuery.data],
  );
  // When the sheet was printed: a list printed before a late change can be told from a newer one.
  const printedAt = useMemo(() => formatBusinessDateTime(new Date()) ?? "", []);

  const missing = [caseQuery, itemsQuery, setLinesQuery].some((q) => q.isError && statusOf(q.error) === 404);
  if (!validId || missing) {
    const f = ja.feedback;
    return (
      <Page title={t.title}>
        <BackToCasesNotice title={f.caseNotFoundTitle} body={f.caseNotFoundBody} icon={SearchIcon} />
      </Page>
    );
  }
  const workcase = caseQuery.data;
  const failed = caseQuery.isError || itemsQuery.isError;
  // Without its set lines the sheet still lists every unit, ungrouped, under a notice: a pack list that can
  // be printed beats none in the warehouse.
  const setsFailed = setLinesQuery.isError;
  const loaded = workcase && itemsQuery.data && (setLinesQuery.data || setsFailed);
  // Every order item's units are printed once (under its sets, then alone): they add up to its quantity.
  const units = lines.reduce((sum, line) => sum + (line.kind === "set" ? 0 : line.quantity), 0);
  const itemCount = itemsQuery.data?.length ?? 0;
  return (
    <div className="page page-wide packlist">
      <div className="page-head packlist-toolbar">
        <Link to={`/orderitems/${caseId}`} className="p-button p-button-text packlist-link">
          <ArrowLeftIcon />
          <span className="p-button-label">{t.back}</span>
        </Link>
        <Button
          type="button"
          icon={printIcon}
          label={t.print}
          disabled={!loaded}
          onClick={() => window.print()}
        />
      </div>
      {failed ? (
        <p className="packlist-error" role="alert">
          {t.fetchFailed}
        </p>
      ) : null}
      {setsFailed && !failed ? (
        <p className="packlist-error" role="alert">
          {t.setsFetchFailed}
        </p>
      ) : null}
      {!loaded ? (
        failed ? null : (
          <Loading label={ja.common.loading} />
        )
      ) : (
        <article className="packlist-sheet">
          <h1 className="packlist-title" id="packlist-title">
            {t.title}
          </h1>
          <dl className="packlist-head">
            <dt>{t.caseLabel}</dt>
            <dd className="packlist-case">{workcase.title}</dd>
            <dt>{t.periodLabel}</dt>
            <dd>
              {ja.orderitems.period(displayDateTime(workcase.start_date), displayDateTime(workcase.end_date))}
            </dd>
            <dt>{t.noteLabel}</dt>
            <dd className="packlist-note">{workcase.note}</dd>
            <dt>{t.printedLabel}</dt>
            <dd>{printedAt}</dd>
          </dl>
          {lines.length === 0 ? (
            <p className="packlist-empty">{t.empty}</p>
          ) : (
            <table className="packlist-table" aria-labelledby="packlist-title">
              <thead>
                <tr>
                  <th scope="col" className="packlist-tick">
                    {t.tick}
                  </th>
                  <th scope="col" className="packlist-category">
                    {t.category}
                  </th>
                  <th scope="col">{t.item}</th>
                  <th scope="col" className="packlist-qty">
                    {t.quantity}
                  </th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => (
                  <PackLineRow
                    key={line.key}
                    line={line}
                    hiredFrom={line.kind === "set" ? undefined : hiredFrom.get(line.itemId)}
                  />
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td colSpan={4}>{t.total(itemCount, units)}</td>
                </tr>
              </tfoot>
            </table>
          )}
        </article>
      )}
    </div>
  );
}
