import type { OrderItemDto } from "@zaiko/common/orderitems/orderitems.schema";
import { rooms } from "@zaiko/common/realtime/events";
import type { Tx } from "../../db/client";
import type { EventBuffer } from "../../realtime/eventBuffer";
import { presentOrderItem } from "./orderitems.presenter";
import { orderItemRows } from "./orderitems.queries";

/** The order item as presented (read in the transaction), and its upsert event for the group's screens. */
export async function publishOrderItem(
  tx: Tx,
  events: EventBuffer,
  groupId: number,
  id: number,
): Promise<OrderItemDto> {
  const [dto] = await publishOrderItems(tx, events, groupId, [id]);
  return dto!;
}

/**
 * Several order items as presented, in the order of `ids`, each with its upsert event: one read for all (a
 * set's '+' changes every part's order item inside its locks, where each round trip holds them longer).
 */
export async function publishOrderItems(
  tx: Tx,
  events: EventBuffer,
  groupId: number,
  ids: number[],
): Promise<OrderItemDto[]> {
  if (ids.length === 0) return [];
  const byId = new Map((await orderItemRows(tx, groupId, { ids })).map((row) => [row.id, row]));
  return ids.map((id) => {
    const order_item = presentOrderItem(byId.get(id)!);
    events.add(groupId, rooms.group(groupId), "orderitems.upserted", { order_item });
    return order_item;
  });
}
