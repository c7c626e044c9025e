import { ja } from "../messages/ja";
import type { UnitDto } from "./units.schema";

const U = ja.units;

/** Where a unit is now, in words (the item screen, the unit page, the scan's list, the units CSV). */
export function unitStatusText(u: UnitDto): string {
  switch (u.status) {
    case "in":
      return U.stateIn;
    case "out":
      return U.stateOut(u.out?.work_case_title ?? "");
    case "lost":
      return U.stateLost;
    case "broken":
      return U.stateBroken;
    case "retired":
      return U.stateRetired;
  }
}
