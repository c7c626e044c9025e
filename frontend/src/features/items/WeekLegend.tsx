import { ja } from "@zaiko/common/messages/ja";
import { Checkbox } from "primereact/checkbox";
import { useId } from "react";

const t = ja.itemList;

/**
 * Under the week's toolbar: what the day columns' numbers mean (a bare grid of mostly 0s read as nothing,
 * issue 36), and the filter to the items booked in the week.
 */
export function WeekLegend({
  bookedOnly,
  onBookedOnly,
}: {
  bookedOnly: boolean;
  onBookedOnly: (value: boolean) => void;
}) {
  const checkboxId = useId();
  return (
    <div className="week-legend">
      <p className="week-legend-text">
        <span>{t.legend.days}</span>
        <span className="day-tentative">{t.legend.tentative}</span>
        <span className="day-full week-legend-full">{t.legend.full}</span>
      </p>
      <div className="week-booked-only">
        <Checkbox
          inputId={checkboxId}
          checked={bookedOnly}
          onChange={(e) => onBookedOnly(e.checked === true)}
        />
        <label htmlFor={checkboxId}>{t.bookedOnly}</label>
      </div>
    </div>
  );
}
