/** 個体管理 (docs/units.md): nothing of it is used by other features yet (binding lives in orderitems). */
export { presentUnit } from "./units.presenter";
