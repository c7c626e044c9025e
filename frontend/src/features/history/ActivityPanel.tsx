import { skipToken } from "@reduxjs/toolkit/query";
import { describeHistory } from "@zaiko/common/history/describe";
import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { AngleDownIcon } from "primereact/icons/angledown";
import { useMemo } from "react";
import { HistoryIcon } from "../../components/icons/glyphs/HistoryIcon";
import { primeIcon } from "../../components/icons/primeIcon";
import { displayDateTime } from "../../lib/dateTime";
import { groupClicks } from "./groupClicks";
import { type HistoryTarget, useHistoryInfiniteQuery } from "./historyApi";
import "./history.css";

const t = ja.history;
const moreIcon = primeIcon(AngleDownIcon);

/**
 * The live activity panel (アクティビティ / 履歴): who changed what, newest first, one line each
 * (「山田 太郎 が ワイヤレスマイク を 3個 追加」: a member's clicks in a row on one item are one line, groupClicks).
 * New entries of other members appear as they are committed.
 */
export function ActivityPanel({
  target,
  title = t.panelTitle,
}: {
  target: HistoryTarget | null;
  title?: string;
}) {
  const { data, isError, isLoading, hasNextPage, fetchNextPage, isFetchingNextPage, isFetchNextPageError } =
    useHistoryInfiniteQuery(target ?? skipToken);
  const entries = useMemo(() => groupClicks(data?.pages.flat() ?? []), [data]);
  // The first page failing empties the panel; an older page failing leaves what is shown and says so.
  const firstPageFailed = isError && !isFetchNextPageError;
  return (
    <section className="activity-panel" aria-label={title}>
      <h2 className="activity-title">
        <HistoryIcon />
        {title}
      </h2>
      {firstPageFailed ? <p className="activity-empty">{t.fetchFailed}</p> : null}
      {!isError && !isLoading && entries.length === 0 ? <p className="activity-empty">{t.empty}</p> : null}
      {entries.length > 0 ? (
        <div className="activity-scroll">
          <ol className="activity-list">
            {entries.map((e) => (
              <li key={e.id} className="activity-entry">
                <time dateTime={e.at} className="activity-time">
                  {displayDateTime(e.at)}
                </time>
                <span className="activity-text">{describeHistory(e)}</span>
              </li>
            ))}
          </ol>
          {isFetchNextPageError ? <p className="activity-empty">{t.fetchFailed}</p> : null}
          {hasNextPage ? (
            <Button
              type="button"
              className="activity-older"
              label={t.loadOlder}
              icon={moreIcon}
              text
              size="small"
              loading={isFetchingNextPage}
              onClick={() => void fetchNextPage()}
            />
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
