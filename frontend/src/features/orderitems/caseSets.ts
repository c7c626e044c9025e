// The module itself, not the index: the index brings moment-timezone (daily.ts) into the case screen.
import { unitsForSets } from "@zaiko/common/availability/sets";
import type { CaseSetLineDto } from "@zaiko/common/sets/sets.schema";
import type { OrderItemDto } from "../../lib/allocation";

/**
 * The case's order items as booked alone (docs/sets.md): a part's one order item holds what the case's set lines
 * need of it plus what was booked alone; the shipped list shows the sets as their own lines and each order item
 * with only the rest, leaving out parts booked only through sets.
 */
export function bookedAlone(
  orderItems: readonly OrderItemDto[],
  lines: readonly CaseSetLineDto[],
): OrderItemDto[] {
  if (lines.length === 0) return orderItems as OrderItemDto[];
  const need = new Map<number, number>();
  for (const line of lines) {
    for (const [item, units] of unitsForSets(line.parts, line.quantity))
      need.set(item, (need.get(item) ?? 0) + units);
  }
  return orderItems.flatMap((o) => {
    const units = need.get(o.items.id) ?? 0;
    const alone = o.order_quantity - units;
    // Issued units count against the sets' first, so the '−' shows exactly when the server would take it.
    return alone > 0
      ? [{ ...o, order_quantity: alone, issued_quantity: Math.max(0, o.issued_quantity - units) }]
      : [];
  });
}
