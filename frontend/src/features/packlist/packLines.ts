import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";

/** One printed line: an item of the case with its category and quantity. */
export interface PackLine {
  id: number;
  category: string;
  item: string;
  quantity: number;
}

/** The case's shipped items grouped by category, then by item name (how a shelf is walked), in Japanese order. */
export function packLines(orderItems: readonly OrderItemDto[]): PackLine[] {
  return orderItems
    .map((o) => ({ id: o.id, category: o.category, item: o.items.title, quantity: o.order_quantity }))
    .sort(
      (a, b) =>
        a.category.localeCompare(b.category, "ja") || a.item.localeCompare(b.item, "ja") || a.id - b.id,
    );
}
