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
import { packLines } from "./packLines";
import { usePackListCaseQuery, usePackListItemsQuery } from "./packlistApi";
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
  const lines = useMemo(() => packLines(itemsQuery.data ?? []), [itemsQuery.data]);
  // When the sheet was printed: a list printed before a late change can be told from a newer one.
  const printedAt = useMemo(() => formatBusinessDateTime(new Date()) ?? "", []);

  const missing = [caseQuery, itemsQuery].some((q) => q.isError && statusOf(q.error) === 404);
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
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
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
          disabled={!workcase || !itemsQuery.data}
          onClick={() => window.print()}
        />
      </div>
      {failed ? (
        <p className="packlist-error" role="alert">
          {t.fetchFailed}
        </p>
      ) : null}
      {!workcase || !itemsQuery.data ? (
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
                  <tr key={line.id}>
                    <td className="packlist-tick">
                      <span className="packlist-box" aria-hidden="true" />
                    </td>
                    <td>{line.category}</td>
                    <td>{line.item}</td>
                    <td className="packlist-qty">{line.quantity}</td>
                  </tr>
                ))}
              </tbody>
              <tfoot>
                <tr>
                  <td colSpan={4}>{t.total(lines.length, units)}</td>
                </tr>
              </tfoot>
            </table>
          )}
        </article>
      )}
    </div>
  );
}
