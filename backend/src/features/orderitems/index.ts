/**
 * The order item feature's public surface: the rows and their one presented shape, for the case feature's
 * period change and duplicate (which move and copy a case's order items), and the sets feature's bookings
 * (which write the parts' order items, and move them together on the warehouse board), and the units feature's
 * writes that change the units out on a line without a movement (a tag edited, tracking stopped), and the
 * warehouse board's rows (the units out on a line, read as the case's rows read them).
 */

export { type MovementKind, recordMovementsLocked, retally } from "./movements.service";
export { presentOrderItem } from "./orderitems.presenter";
export { publishOrderItem, publishOrderItems } from "./orderitems.publish";
export {
  deleteOrderItem,
  deleteOrderItems,
  fromJson,
  insertOrderItems,
  movePeriodOfCase,
  orderItemRows,
  orderItemsOfCase,
  setQuantities,
  setQuantity,
  touchOrderItems,
  unitsOutOfLine,
} from "./orderitems.queries";
export { resolveOutageLocked } from "./outages.service";
export { overdueWarnings, overdueWarningsOfCases } from "./overdue.service";
