/** The item feature's public surface: what other features (weekly view, CSV import) may use. */
export { presentItem } from "./items.presenter";
export { findItem, findItemId, listItemsOfGroup } from "./items.queries";
export { assertStockCovers, type StockChange } from "./items.stock";
