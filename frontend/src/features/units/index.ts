/**
 * 個体管理 (docs/units.md): what the item screen, the board, the shipped item list and the app shell mount. The
 * screens that scan load this module when a scan first opens (`import("../units")`), so their own chunks stay
 * as they were.
 */

export { unitStatusText } from "@zaiko/common/units/unitStatus";
export { ItemUnits } from "./ItemUnits";
export { UnitScanDialog, type UnitScanProps } from "./UnitScanDialog";
export { unitError } from "./unitError";
export { type ScanLine, type UnitScanKind, unitsToScan } from "./unitScan";
export { unitsApi, useItemUnitsQuery, useLookupUnitMutation } from "./unitsApi";
