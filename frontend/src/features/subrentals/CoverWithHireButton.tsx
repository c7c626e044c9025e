import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { useState } from "react";
import { lazyDialog } from "../../components/lazyDialog";
import { showAlert } from "../../lib/feedback";
import { logFailure } from "../../lib/logFailure";
import type { SubRentalPrefill } from "./SubRentalDialog";
import { useLazyHireWindowQuery } from "./subrentalsApi";

const t = ja.subrentals;

/**
 * Loaded when first opened: the button sits on 案件一覧 and 案件詳細, whose first render then does not wait
 * for the form's code (FormDialog, the date fields, the list of short cases; docs/frontend.md, "First screen").
 */
const SubRentalDialog = lazyDialog(
  async () => (await import("./SubRentalDialog")).SubRentalDialog,
  (props) => props.prefill !== null,
);

interface Props {
  itemId: number;
  itemTitle: string;
  caseId: number;
  caseTitle?: string | null;
  /** Units the refused change wanted beyond the case's own (a '+': the refused clicks; a period change: 0). */
  more: number;
  /** The refused window when it is not the case's own (a refused period change: the new period). */
  start?: string;
  end?: string;
  /** After the hire is saved: retry what was refused, so that covering and booking are one step. */
  onCovered: () => void;
}

/**
 * 外部手配で補う (docs/subrental.md), beside a short item of a refusal: asks the server for the window (理由's:
 * the units wanted, those free, the period held with the turnaround), opens the sub-rental form prefilled with
 * the missing units over that period for this case, and once saved retries the refused change.
 */
export function CoverWithHireButton({
  itemId,
  itemTitle,
  caseId,
  caseTitle,
  more,
  start,
  end,
  onCovered,
}: Props) {
  const [load, { isFetching }] = useLazyHireWindowQuery();
  const [prefill, setPrefill] = useState<SubRentalPrefill | null>(null);
  const open = async () => {
    try {
      const w = await load({ itemId, caseId, more, start, end }, false).unwrap();
      setPrefill({
        item: { id: itemId, title: itemTitle },
        quantity: Math.max(1, w.quantity - w.available),
        start: new Date(w.held_from ?? w.start_date),
        end: new Date(w.held_until ?? w.end_date),
        caseId,
        caseTitle: caseTitle ?? null,
      });
    } catch (error) {
      logFailure("hire window fetch failed", error);
      void showAlert(t.fetchFailed);
    }
  };
  return (
    <>
      <Button
        type="button"
        size="small"
        outlined
        className="cover-with-hire"
        label={t.coverWithHire}
        loading={isFetching}
        onClick={open}
        aria-label={`${itemTitle}を${t.coverWithHire}`}
      />
      <SubRentalDialog
        prefill={prefill}
        onCancel={() => setPrefill(null)}
        onSaved={() => {
          setPrefill(null);
          onCovered();
        }}
      />
    </>
  );
}
