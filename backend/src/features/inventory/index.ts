/** The inventory feature's public surface: what other features and the composition root may use. */
export { publishInventoryChanged } from "./inventoryChanged.service";
export { type CasePeriod, summaryOfCase } from "./summary.service";
