/** The item feature's public surface: what other features (the case summary, CSV import, the order items) may use. */
export { type ItemRow, itemTurnaround, presentItem } from "./items.presenter";
export { findItem, findItemId, listItemsOfGroup } from "./items.queries";
export { assertStockCovers, type StockChange } from "./items.stock";
export { presentOutage } from "./outages.presenter";
export { type OutageRow, outageRows } from "./outages.queries";
export { parseWeek, type Week } from "./week.input";
export { bookingList, parseBookingList } from "./weekly.queries";
export { weeklyItems } from "./weekly.service";
