import type { OrderItemDto } from "../../lib/allocation";
import { instantOf } from "../../lib/dateTime";

/** Latest end first (spec §9: shipped items by end_date descending); unreadable dates last. */
export function byEndDateDesc(a: OrderItemDto, b: OrderItemDto): number {
  const x = instantOf(a.end_date);
  const y = instantOf(b.end_date);
  if (x === y) return a.id - b.id;
  if (x === null) return 1;
  if (y === null) return -1;
  return y - x;
}
