/** 個体管理 (docs/units.md): what the item screen and the warehouse board mount. */
export { ItemUnits, unitError } from "./ItemUnits";
export { unitStatusText } from "./unitStatus";
export { unitsApi, useItemUnitsQuery, useLookupUnitMutation } from "./unitsApi";
