/** 個体管理 (docs/units.md): what the item screen and the warehouse board mount. */

export { unitStatusText } from "@zaiko/common/units/unitStatus";
export { ItemUnits, unitError } from "./ItemUnits";
export { unitsApi, useItemUnitsQuery, useLookupUnitMutation } from "./unitsApi";
