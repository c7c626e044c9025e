/**
 * The order item feature's public surface: the rows and their one presented shape, for the case feature's
 * period change and duplicate (which move and copy a case's order items).
 */
export { presentOrderItem } from "./orderitems.presenter";
export { insertOrderItems, movePeriodOfCase, orderItemRows, orderItemsOfCase } from "./orderitems.queries";
export { overdueWarnings, overdueWarningsOfCases } from "./overdue.service";
