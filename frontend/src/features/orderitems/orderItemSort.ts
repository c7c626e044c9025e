import type { OrderItemDto } from "../../lib/allocation";
import { parseIso } from "../../lib/dateTime";

/** The instant of a timestamp for sorting; unreadable or empty ones sort last. */
export const instantOf = (value: string | null | undefined): number | null =>
  parseIso(value)?.getTime() ?? null;

/** Latest end first (spec §9: shipped items by end_date descending); unreadable dates last. */
export function byEndDateDesc(a: OrderItemDto, b: OrderItemDto): number {
  const x = instantOf(a.end_date);
  const y = instantOf(b.end_date);
  if (x === y) return a.id - b.id;
  if (x === null) return 1;
  if (y === null) return -1;
  return y - x;
}
