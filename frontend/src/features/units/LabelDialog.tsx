import { ja } from "@zaiko/common/messages/ja";
import { LABELS_PER_SHEET, type LabelLayout } from "@zaiko/common/units/units.schema";
import { Button } from "primereact/button";
import { useState } from "react";
import { AppDialog } from "../../components/AppDialog";
import { serverDetail } from "../../lib/errors";
import { useDownloadLabelsMutation } from "./unitsApi";

const U = ja.units;
const LAYOUTS: [LabelLayout, string][] = [
  ["a4-12", U.layoutA4_12],
  ["a4-24", U.layoutA4_24],
  ["single", U.layoutSingle],
];

/** ラベル印刷: the sheet (A4 12 or 24 per sheet, or a label printer's single label) and where to start. */
export function LabelDialog({
  ids,
  visible,
  onHide,
}: {
  ids: number[];
  visible: boolean;
  onHide: () => void;
}) {
  const [layout, setLayout] = useState<LabelLayout>("a4-12");
  const [start, setStart] = useState(1);
  const [download, { isLoading }] = useDownloadLabelsMutation();
  const [error, setError] = useState<string | null>(null);
  const per = LABELS_PER_SHEET[layout];
  return (
    <AppDialog
      title={U.labelsTitle}
      visible={visible}
      onHide={onHide}
      footer={
        <div className="dialog-footer">
          <Button type="button" label={U.cancel} outlined onClick={onHide} />
          <Button
            type="button"
            label={U.labelPrint}
            loading={isLoading}
            disabled={ids.length === 0}
            onClick={() => {
              setError(null);
              download({ ids, layout, start: Math.min(start, per) })
                .unwrap()
                .then(onHide)
                .catch((err) => setError(serverDetail(err) ?? U.labelStartInvalid));
            }}
          />
        </div>
      }
    >
      <fieldset className="unit-label-layouts">
        <legend>{U.labelLayout}</legend>
        {LAYOUTS.map(([value, label]) => (
          <label key={value} className="unit-label-layout">
            <input
              type="radio"
              name="label-layout"
              value={value}
              checked={layout === value}
              onChange={() => {
                setLayout(value);
                setStart(1);
              }}
            />
            {label}
          </label>
        ))}
      </fieldset>
      {per > 1 ? (
        <label className="unit-label-start">
          {U.labelStart}
          <input
            type="number"
            min={1}
            max={per}
            value={start}
            onChange={(e) => setStart(Math.max(1, Math.min(per, Number(e.target.value) || 1)))}
          />
        </label>
      ) : null}
      <p>{U.count(ids.length)}</p>
      {ids.length === 0 ? <p role="alert">{U.labelsNone}</p> : null}
      {error ? <p role="alert">{error}</p> : null}
    </AppDialog>
  );
}
