import { ja } from "@zaiko/common/messages/ja";
import type { UnitOutDto } from "@zaiko/common/orderitems/orderitems.schema";
import { Fragment } from "react";
import "./unitsOut.css";

const U = ja.units;

/**
 * The units out on a tracked line of the shipped item list (docs/units.md): 出庫中：MIC-0001、MIC-0002. A tag
 * never breaks inside; the line wraps after the label and after each 、, so it takes no more width than the
 * longest tag (at 1280 px the list's ten columns just fit). Nothing when none is out: a count line is as it was.
 */
export function UnitsOutLine({ units }: { units: readonly UnitOutDto[] }) {
  if (units.length === 0) return null;
  return (
    <p className="oi-units-out">
      <span className="oi-units-out-label">{U.unitsOutLabel}</span>
      {units.map((u, i) => (
        <Fragment key={u.id}>
          {i > 0 ? U.tagSeparator : null}
          <span className="oi-unit-tag">{u.tag}</span>
        </Fragment>
      ))}
    </p>
  );
}
