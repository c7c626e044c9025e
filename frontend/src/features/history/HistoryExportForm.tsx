import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { DownloadIcon } from "primereact/icons/download";
import { type FormEvent, useId, useState } from "react";
import { primeIcon } from "../../components/icons/primeIcon";
import { businessDay } from "../../lib/dateTime";
import { showAlert } from "../../lib/feedback";
import { useExportHistoryCsvMutation } from "./historyApi";
import "./history.css";
import { logFailure } from "../../lib/logFailure";

const t = ja.history;
const downloadIcon = primeIcon(DownloadIcon);

/** The first day of this business month and today (YYYY-MM-DD): the period the form starts with. */
function thisMonth(): { from: string; to: string } {
  const today = businessDay(new Date()) ?? "";
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** The owner's history CSV of a period (履歴CSV出力); the server checks that the caller is an owner. */
export function HistoryExportForm({ groupId }: { groupId: number | null }) {
  const [period, setPeriod] = useState(thisMonth);
  const [exportCsv, { isLoading }] = useExportHistoryCsvMutation();
  const id = useId();
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(period.from) && /^\d{4}-\d{2}-\d{2}$/.test(period.to);
  const ordered = valid && period.from <= period.to;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (groupId === null || !ordered) return;
    exportCsv({ groupId, ...period })
      .unwrap()
      .catch((error: unknown) => {
        logFailure("history CSV export failed", error);
        void showAlert(t.exportFailed);
      });
  };

  return (
    <form className="history-export" onSubmit={onSubmit} aria-label={t.exportTitle}>
      <label htmlFor={`${id}-from`}>
        {t.exportFrom}
        <input
          id={`${id}-from`}
          type="date"
          className="p-inputtext"
          value={period.from}
          onChange={(e) => setPeriod((p) => ({ ...p, from: e.target.value }))}
        />
      </label>
      <label htmlFor={`${id}-to`}>
        {t.exportTo}
        <input
          id={`${id}-to`}
          type="date"
          className="p-inputtext"
          value={period.to}
          onChange={(e) => setPeriod((p) => ({ ...p, to: e.target.value }))}
        />
      </label>
      <Button
        type="submit"
        label={t.exportButton}
        icon={downloadIcon}
        outlined
        loading={isLoading}
        disabled={!ordered}
      />
    </form>
  );
}
