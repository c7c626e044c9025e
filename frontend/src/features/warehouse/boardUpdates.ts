import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import { isDeleted, isNewer, type LiveRowsMemory, rememberDeleted } from "@zaiko/common/realtime/liveRows";
import type {
  WarehouseBoardDto,
  WarehouseCaseDto,
  WarehouseRowDto,
} from "@zaiko/common/warehouse/warehouse.schema";
import type { MovableRow } from "../../components/movements";

/** Every case list of a board: the overdue section, then the two days. */
export function caseLists(board: WarehouseBoardDto): WarehouseCaseDto[][] {
  return [board.overdue, board.days[0].cases, board.days[1].cases];
}

function rowsWithId(board: WarehouseBoardDto, id: number): WarehouseRowDto[] {
  const found: WarehouseRowDto[] = [];
  for (const list of caseLists(board))
    for (const c of list) for (const r of c.rows) if (r.id === id) found.push(r);
  return found;
}

const sameInstant = (a: string, b: string) => Date.parse(a) === Date.parse(b);

/**
 * Applies an order item (a toggle's answer or an `orderitems.upserted` event) to a cached board, inside an
 * updateCachedData draft, under the row rules of the other live lists (common/realtime/liveRows.ts): only
 * a newer version than the one shown changes a row, and an order item the board saw deleted stays gone.
 * Issue, receive and quantity change in place: the row stays in its section (the server keeps a late
 * receipt in 期限超過 for the rest of the day, so this matches what a refetch shows).
 * Returns "refetch" when the board needs the server: the period moved (the row may change section), or an
 * order item the board does not show now starts or ends within it, or is overdue.
 */
export function applyOrderItem(
  board: WarehouseBoardDto,
  o: OrderItemDto,
  memory: LiveRowsMemory,
): "applied" | "refetch" | "ignore" {
  if (isDeleted(memory, o.id)) return "ignore";
  const rows = rowsWithId(board, o.id);
  if (rows.length === 0) {
    const from = Date.parse(board.from);
    const to = Date.parse(board.to);
    const start = Date.parse(o.start_date);
    const end = Date.parse(o.end_date);
    const inWindow = (t: number) => from <= t && t < to;
    return inWindow(start) || inWindow(end) || (end < Date.now() && !o.receive) ? "refetch" : "ignore";
  }
  // Every copy of the row (today's 出庫 and tomorrow's 入庫) is the same state of the order item.
  if (!isNewer(rows[0], o)) return "ignore";
  if (rows.some((r) => !sameInstant(r.start_date, o.start_date) || !sameInstant(r.end_date, o.end_date)))
    return "refetch";
  // The order item carries no lost / broken counts: a changed receive may have reported (or taken back) a
  // loss, which only the board's read knows. The counts are applied now and the board is read again.
  const receivedChanged = rows.some((r) => r.received_quantity !== o.received_quantity);
  for (const r of rows) {
    r.issue = o.issue;
    r.receive = o.receive;
    r.order_quantity = o.order_quantity;
    r.version = o.version;
    r.issued_quantity = o.issued_quantity;
    r.received_quantity = o.received_quantity;
    // A tracked line's chips are the units this version has out (docs/units.md); a count line has none.
    if (o.items.unit_tracked) r.units_out = o.units_out;
    else delete r.units_out;
    if (receivedChanged && o.received_quantity === 0) {
      r.lost_quantity = 0;
      r.broken_quantity = 0;
    }
  }
  return receivedChanged && o.received_quantity > 0 ? "refetch" : "applied";
}

/** The board's row of an order item, as the quantity dialog takes it. */
export function boardMovable(board: WarehouseBoardDto, id: number): MovableRow | undefined {
  const [r] = rowsWithId(board, id);
  return (
    r && {
      id: r.id,
      title: r.item.title,
      order_quantity: r.order_quantity,
      issued_quantity: r.issued_quantity,
      received_quantity: r.received_quantity,
    }
  );
}

/** Removes a deleted order item's rows, and cases left without rows, and remembers that it is gone. */
export function removeOrderItem(board: WarehouseBoardDto, id: number, memory: LiveRowsMemory): void {
  rememberDeleted(memory, id);
  for (const list of caseLists(board)) {
    for (const c of list) c.rows = c.rows.filter((r) => r.id !== id);
    for (let i = list.length - 1; i >= 0; i--) if (list[i]!.rows.length === 0) list.splice(i, 1);
  }
}

/** True when the board shows a row of this item. */
export function showsItem(board: WarehouseBoardDto, itemId: number): boolean {
  return caseLists(board).some((list) => list.some((c) => c.rows.some((r) => r.item.id === itemId)));
}
