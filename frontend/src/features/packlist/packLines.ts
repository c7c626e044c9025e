import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import type { CaseSetLineDto } from "@zaiko/common/sets/sets.schema";

/** A set line's heading row: its title and number of sets (its parts follow it). */
export interface PackSetLine {
  kind: "set";
  key: string;
  title: string;
  sets: number;
}

/** An item to tick: a set's part (the units the line needs, `perSet` each) or what was booked alone. */
export interface PackItemLine {
  kind: "part" | "item";
  key: string;
  /** The order item's id: the last tie-break of the shelf order. */
  id: number;
  /** The item's id: the hires made for the case (外部手配) are shown on its line. */
  itemId: number;
  category: string;
  item: string;
  quantity: number;
  perSet?: number;
}

/** One printed line. */
export type PackLine = PackSetLine | PackItemLine;

const byShelf = (a: PackItemLine, b: PackItemLine) =>
  a.category.localeCompare(b.category, "ja") || a.item.localeCompare(b.item, "ja") || a.id - b.id;

/**
 * The sheet's lines (docs/sets.md, "Pack list and Excel"): each set line with its parts under it (sets × units
 * per set, by category then name), then the order items' units booked alone grouped by category, then by item
 * name (how a shelf is walked), in Japanese order. A part's lines add up to its order item's quantity; an order
 * item wholly booked through sets has no line of its own. A case without sets prints exactly its order items.
 */
export function packLines(
  orderItems: readonly OrderItemDto[],
  setLines: readonly CaseSetLineDto[] = [],
): PackLine[] {
  const byItem = new Map(orderItems.map((o) => [o.items.id, o]));
  const need = new Map<number, number>();
  const lines: PackLine[] = [];
  for (const line of setLines) {
    lines.push({ kind: "set", key: `set-${line.id}`, title: line.title, sets: line.quantity });
    const parts: PackItemLine[] = [];
    for (const part of line.parts) {
      const orderItem = byItem.get(part.item);
      if (!orderItem) continue; // every part has its order item (docs/sets.md); a stale read is not printed
      const quantity = line.quantity * part.quantity;
      need.set(part.item, (need.get(part.item) ?? 0) + quantity);
      parts.push({
        kind: "part",
        key: `set-${line.id}-${part.item}`,
        id: orderItem.id,
        itemId: part.item,
        category: orderItem.category,
        item: part.title,
        quantity,
        perSet: part.quantity,
      });
    }
    lines.push(...parts.sort(byShelf));
  }
  const alone: PackItemLine[] = orderItems
    .map((o) => ({
      kind: "item" as const,
      key: `item-${o.id}`,
      id: o.id,
      itemId: o.items.id,
      category: o.category,
      item: o.items.title,
      quantity: o.order_quantity - (need.get(o.items.id) ?? 0),
    }))
    .filter((line) => line.quantity > 0);
  return [...lines, ...alone.sort(byShelf)];
}
