import { ja } from "@zaiko/common/messages/ja";
import { Button } from "primereact/button";
import { CASE_RANGES, type CaseRange } from "./caseRange";

const t = ja.workcases.range;

/**
 * 今日以降 / 今日 / 今週 / 来週 / すべて above 案件一覧: one pressed at a time; none while a day picked in 期間検索
 * decides (`value` null).
 */
export function CaseRangeButtons({
  value,
  onChange,
}: {
  value: CaseRange | null;
  onChange: (range: CaseRange) => void;
}) {
  return (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar's button group, not a form's fieldset
    <div className="case-range" role="group" aria-label={t.label}>
      {CASE_RANGES.map((range) => (
        <Button
          key={range}
          type="button"
          size="small"
          label={t[range]}
          aria-pressed={value === range}
          outlined={value !== range}
          onClick={() => onChange(range)}
        />
      ))}
    </div>
  );
}
